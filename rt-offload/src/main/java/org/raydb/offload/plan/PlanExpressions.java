package org.raydb.offload.plan;

import java.util.List;
import java.util.function.IntFunction;
import org.raydb.offload.json.JsonNode;

/** Resolves bound plan expressions into {@link Expr} trees over the base table's columns. */
final class PlanExpressions {

    private PlanExpressions() {}

    /**
     * Resolves {@code e}; {@code refs} gives what each BOUND_REF index of the operator's input stands for.
     *
     * @throws NotQualified for anything but columns, exact numeric constants, {@code + - *} and casts
     */
    static Expr resolve(JsonNode e, IntFunction<Expr> refs) throws NotQualified {
        String cls = e.str("expression_class");
        ColumnType type = e.has("return_type") ? ColumnType.fromPlan(e.obj("return_type")) : null;
        switch (cls) {
            case "BOUND_REF": {
                Expr x = refs.apply((int) e.num("index"));
                if (x == null) {
                    throw new NotQualified("a column the offload cannot trace to the table");
                }
                return x;
            }
            case "BOUND_CONSTANT": {
                JsonNode value = e.obj("value");
                if (PlanConstant.isNull(value)) {
                    throw new NotQualified("NULL constant in an expression");
                }
                return new Expr.Constant(PlanConstant.number(value), PlanConstant.type(value));
            }
            case "BOUND_CAST": {
                Expr child = resolve(e.obj("child"), refs);
                return cast(child, type);
            }
            case "BOUND_FUNCTION": {
                List<JsonNode> ch = e.nodes("children");
                if ("OPERATOR_CAST".equals(e.str("type")) && ch.size() == 1) {
                    return cast(resolve(ch.get(0), refs), type);
                }
                String fn = e.qnameLast("qname");
                if (ch.size() == 2 && (fn.equals("+") || fn.equals("-") || fn.equals("*"))) {
                    Expr l = resolve(ch.get(0), refs);
                    Expr r = resolve(ch.get(1), refs);
                    if (!type.isExactNumeric() && type.kind() != ColumnType.Kind.HUGEINT) {
                        throw new NotQualified("arithmetic of type " + type);
                    }
                    return new Expr.Arith(fn.charAt(0), l, r, type);
                }
                throw new NotQualified("function " + (fn.isEmpty() ? e.str("type") : fn) + " in an expression");
            }
            case "BOUND_CASE": {
                // WHEN a THEN x WHEN b THEN y ELSE z is WHEN a THEN x ELSE (WHEN b THEN y ELSE z): a NULL condition
                // falls through either way.
                List<JsonNode> checks = e.nodes("case_checks");
                if (checks.isEmpty()) throw new NotQualified("CASE without WHEN");
                JsonNode otherwise = e.obj("else_expr");
                Expr out = isNull(otherwise) ? null : resolve(otherwise, refs);
                for (int i = checks.size() - 1; i >= 0; i--) {
                    String gate = gate(checks.get(i).obj("when_expr"), refs);
                    out = new Expr.Case(gate, resolve(checks.get(i).obj("then_expr"), refs), out, type);
                }
                return out;
            }
            default:
                throw new NotQualified("expression " + cls);
        }
    }

    /**
     * The BOOLEAN column a CASE or an aggregate's FILTER tests: a condition on one column was made one before
     * planning (DerivedKeys); any other condition declines.
     */
    static String gate(JsonNode condition, IntFunction<Expr> refs) throws NotQualified {
        Expr x = "BOUND_REF".equals(condition.str("expression_class")) ? resolve(condition, refs) : null;
        if (x instanceof Expr.Column c && c.type().kind() == ColumnType.Kind.BOOLEAN) {
            return c.name();
        }
        throw new NotQualified("a CASE or FILTER condition on more than one column or on none");
    }

    /** A NULL constant, cast or not. */
    private static boolean isNull(JsonNode e) {
        String cls = e.str("expression_class");
        if (cls.equals("BOUND_CONSTANT")) return PlanConstant.isNull(e.obj("value"));
        if (cls.equals("BOUND_CAST")) return isNull(e.obj("child"));
        if (cls.equals("BOUND_FUNCTION") && "OPERATOR_CAST".equals(e.str("type"))) {
            List<JsonNode> ch = e.nodes("children");
            return ch.size() == 1 && isNull(ch.get(0));
        }
        return false;
    }

    private static Expr cast(Expr child, ColumnType target) throws NotQualified {
        if (child.type().equals(target)) {
            return child;
        }
        if (!isWidening(child.type(), target)) {
            throw new NotQualified("cast from " + child.type() + " to " + target);
        }
        return new Expr.Cast(child, target);
    }

    /** Whether every value of {@code from} converts to {@code to} exactly (so the cast can be skipped). */
    static boolean isWidening(ColumnType from, ColumnType to) {
        if (from.equals(to)) {
            return true;
        }
        boolean fromNum = from.isExactNumeric();
        boolean toNum = to.isExactNumeric() || to.kind() == ColumnType.Kind.HUGEINT;
        if (!fromNum || !toNum) {
            return false;
        }
        if (to.kind() == ColumnType.Kind.HUGEINT) {
            return from.numericScale() == 0;
        }
        if (to.kind() != ColumnType.Kind.DECIMAL) {
            // To an integer type: from a narrower integer, or a scale-0 decimal whose digits always fit.
            return from.kind() == ColumnType.Kind.DECIMAL
                    ? from.scale() == 0 && from.width() < digits(to)
                    : integerRank(to) >= integerRank(from);
        }
        return to.scale() >= from.numericScale() && to.width() - to.scale() >= digits(from) - from.numericScale();
    }

    /** Decimal digits a type holds (integer types: the digits of their maximum). */
    private static int digits(ColumnType t) {
        return switch (t.kind()) {
            case TINYINT -> 3;
            case SMALLINT -> 5;
            case INTEGER -> 10;
            case BIGINT -> 19;
            case DECIMAL -> t.width();
            default -> 0;
        };
    }

    private static int integerRank(ColumnType t) {
        return switch (t.kind()) {
            case TINYINT -> 1;
            case SMALLINT -> 2;
            case INTEGER -> 3;
            case BIGINT -> 4;
            default -> 0;
        };
    }
}
