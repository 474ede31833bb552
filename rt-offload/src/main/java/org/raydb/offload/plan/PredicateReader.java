package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.raydb.offload.json.JsonNode;

/**
 * Turns the filters of DuckDB's plan (table filters pushed into {@code LOGICAL_GET} and the expressions of
 * {@code LOGICAL_FILTER}) into exact single-column value sets. Anything that is not a comparison, BETWEEN,
 * IN, OR on one column, NOT or IS [NOT] NULL of one qualifying column against constants is refused with
 * the reason.
 */
final class PredicateReader {

    private PredicateReader() {}

    /** A predicate on one column. */
    record Atom(Expr.Column column, ValueSet values) {}

    /** A pushed-down table filter on {@code column}. */
    static ValueSet tableFilter(JsonNode f, Expr.Column column) throws NotQualified {
        String kind = f.str("filter_type");
        switch (kind) {
            case "LEGACY_CONSTANT_COMPARISON", "CONSTANT_COMPARISON":
                return compare(operator(f.str("comparison_type")), f.obj("constant"), column.type());
            case "LEGACY_CONJUNCTION_AND", "CONJUNCTION_AND": {
                ValueSet out = ValueSet.allValues().or(ValueSet.isNull());
                for (JsonNode c : f.nodes("child_filters")) {
                    if (isHint(c)) {
                        continue; // a pushdown hint duplicating a filter that is applied elsewhere
                    }
                    ValueSet v = tableFilter(c, column);
                    out = out == null ? v : out.and(v);
                }
                return out;
            }
            case "LEGACY_CONJUNCTION_OR", "CONJUNCTION_OR": {
                ValueSet out = null;
                for (JsonNode c : f.nodes("child_filters")) {
                    ValueSet v = tableFilter(c, column);
                    out = out == null ? v : out.or(v);
                }
                return out;
            }
            case "LEGACY_IN_FILTER", "IN_FILTER":
                return in(f.nodes("values"), column.type());
            case "LEGACY_IS_NULL", "IS_NULL":
                return ValueSet.isNull();
            case "LEGACY_IS_NOT_NULL", "IS_NOT_NULL":
                return ValueSet.isNotNull();
            case "EXPRESSION_FILTER": {
                Atom atom = expression(f.obj("expr"), i -> column);
                return atom.values();
            }
            default:
                throw new NotQualified("table filter " + kind + " on " + column.name());
        }
    }

    /** Filter kinds that only duplicate a filter kept elsewhere in the plan (pushdown hints). */
    static boolean isHint(JsonNode f) {
        String kind = f.str("filter_type");
        return kind.contains("OPTIONAL_FILTER") || kind.contains("DYNAMIC_FILTER");
    }

    /** A boolean expression over one column; {@code refs} resolves BOUND_REF indexes. */
    static Atom expression(JsonNode e, IntFunction<Expr> refs) throws NotQualified {
        String cls = e.str("expression_class");
        String type = e.str("type");
        switch (cls) {
            case "BOUND_REF", "BOUND_CAST" -> {
                Expr.Column c = column(e, refs);
                if (c.type().kind() != ColumnType.Kind.BOOLEAN) {
                    throw new NotQualified("non-boolean column used as a filter");
                }
                return new Atom(c, ValueSet.compare("=", 1L));
            }
            case "BOUND_CONJUNCTION" -> {
                boolean and = "CONJUNCTION_AND".equals(type);
                Atom out = null;
                for (JsonNode c : e.nodes("children")) {
                    Atom a = expression(c, refs);
                    if (out != null && !out.column().name().equals(a.column().name())) {
                        throw new NotQualified(
                                "OR across columns " + out.column().name() + " and "
                                        + a.column().name() + " (only conjunctive filters qualify)");
                    }
                    out = out == null
                            ? a
                            : new Atom(
                                    a.column(),
                                    and
                                            ? out.values().and(a.values())
                                            : out.values().or(a.values()));
                }
                return out;
            }
            case "BOUND_BETWEEN" -> {
                Expr.Column c = column(e.obj("input"), refs);
                ValueSet lo = compare(
                        Boolean.TRUE.equals(e.raw("lower_inclusive")) ? ">=" : ">", constant(e.obj("lower")), c.type());
                ValueSet hi = compare(
                        Boolean.TRUE.equals(e.raw("upper_inclusive")) ? "<=" : "<", constant(e.obj("upper")), c.type());
                return new Atom(c, lo.and(hi));
            }
            default -> {}
        }
        if (type.equals("COMPARE_BETWEEN") && cls.equals("BOUND_FUNCTION")) {
            return betweenFunction(e, refs);
        }
        if (type.startsWith("COMPARE_") && !type.equals("COMPARE_IN") && !type.equals("COMPARE_NOT_IN")) {
            List<JsonNode> ch = e.nodes("children");
            if (ch.size() != 2) {
                throw new NotQualified("comparison " + type);
            }
            String op = operator(type);
            boolean constLeft = isConstant(ch.get(0));
            JsonNode colSide = constLeft ? ch.get(1) : ch.get(0);
            JsonNode constSide = constLeft ? ch.get(0) : ch.get(1);
            if (!isConstant(constSide)) {
                if (onlyConstants(ch.get(0)) || onlyConstants(ch.get(1))) {
                    // The optimizer folds constant expressions unless evaluating them fails (a cast of 'abc'
                    // to a number): DuckDB raises that error when it runs the statement.
                    throw new NotQualified("a constant expression DuckDB did not fold", true);
                }
                throw new NotQualified("comparison between two columns or expressions");
            }
            Expr.Column c = column(colSide, refs);
            return new Atom(c, compare(constLeft ? flip(op) : op, constant(constSide), c.type()));
        }
        switch (type) {
            case "COMPARE_IN", "COMPARE_NOT_IN" -> {
                List<JsonNode> ch = e.nodes("children");
                Expr.Column c = column(ch.get(0), refs);
                for (JsonNode item : ch.subList(1, ch.size())) {
                    if (!isConstant(item)) {
                        throw new NotQualified("IN list with a non-constant");
                    }
                }
                ValueSet set = in(ch.subList(1, ch.size()), c.type());
                return new Atom(c, type.equals("COMPARE_IN") ? set : set.not());
            }
            case "OPERATOR_NOT" -> {
                Atom a = expression(e.nodes("children").get(0), refs);
                return new Atom(a.column(), a.values().not());
            }
            case "OPERATOR_IS_NULL" -> {
                return new Atom(column(e.nodes("children").get(0), refs), ValueSet.isNull());
            }
            case "OPERATOR_IS_NOT_NULL" -> {
                return new Atom(column(e.nodes("children").get(0), refs), ValueSet.isNotNull());
            }
            default -> throw new NotQualified("filter expression " + type);
        }
    }

    /**
     * A range the optimizer wrote as the function {@code __between(column, lower, upper)}, its bounds'
     * inclusiveness in the function's data: DuckDB 2.0 does so where the column is cast (a DECIMAL column
     * against bounds of a larger scale), for BETWEEN and for two one-sided comparisons alike.
     */
    private static Atom betweenFunction(JsonNode e, IntFunction<Expr> refs) throws NotQualified {
        List<JsonNode> ch = e.nodes("children");
        JsonNode data = e.obj("function_data");
        if (!"__between".equals(e.qnameLast("qname"))
                || ch.size() != 3
                || data == null
                || !(data.raw("lower_inclusive") instanceof Boolean lowerInclusive)
                || !(data.raw("upper_inclusive") instanceof Boolean upperInclusive)) {
            throw new NotQualified("comparison COMPARE_BETWEEN in a form the planner does not know");
        }
        Expr.Column c = column(ch.get(0), refs);
        ValueSet lo = compare(lowerInclusive ? ">=" : ">", constant(ch.get(1)), c.type());
        ValueSet hi = compare(upperInclusive ? "<=" : "<", constant(ch.get(2)), c.type());
        return new Atom(c, lo.and(hi));
    }

    private static boolean onlyConstants(JsonNode e) {
        return switch (e.str("expression_class")) {
            case "BOUND_CONSTANT" -> true;
            case "BOUND_CAST" -> onlyConstants(e.obj("child"));
            case "BOUND_FUNCTION" -> e.nodes("children").stream().allMatch(PredicateReader::onlyConstants);
            default -> false;
        };
    }

    private static boolean isConstant(JsonNode e) {
        return "BOUND_CONSTANT".equals(e.str("expression_class"));
    }

    private static JsonNode constant(JsonNode e) throws NotQualified {
        if (!isConstant(e)) {
            throw new NotQualified("BETWEEN with a non-constant bound");
        }
        return e.obj("value");
    }

    /** The column a predicate tests: a column, or a column under a value-preserving cast. */
    private static Expr.Column column(JsonNode e, IntFunction<Expr> refs) throws NotQualified {
        Expr x = PlanExpressions.resolve(e, refs);
        while (x instanceof Expr.Cast c) {
            if (!PlanExpressions.isWidening(c.child().type(), c.type())) {
                throw new NotQualified("filter on a narrowing cast of a column");
            }
            x = c.child();
        }
        if (x instanceof Expr.Column c) {
            if (!c.type().isKeyType()) {
                throw new NotQualified("filter on " + c.type() + " column " + c.name());
            }
            return c;
        }
        throw new NotQualified("filter on an expression rather than a column");
    }

    private static ValueSet in(List<JsonNode> values, ColumnType type) throws NotQualified {
        List<ValueSet> each = new ArrayList<>(values.size() + 1);
        each.add(new ValueSet(List.of(), ValueSet.Tri.FALSE));
        for (JsonNode v : values) {
            JsonNode value = v.has("expression_class") ? v.obj("value") : v;
            if (PlanConstant.isNull(value)) {
                throw new NotQualified("IN list containing NULL");
            }
            each.add(compare("=", value, type));
        }
        return ValueSet.union(each);
    }

    /** A comparison type of DuckDB's as its SQL operator. */
    static String operator(String comparison) throws NotQualified {
        return switch (comparison) {
            case "COMPARE_EQUAL" -> "=";
            case "COMPARE_NOTEQUAL" -> "<>";
            case "COMPARE_LESSTHAN" -> "<";
            case "COMPARE_LESSTHANOREQUALTO" -> "<=";
            case "COMPARE_GREATERTHAN" -> ">";
            case "COMPARE_GREATERTHANOREQUALTO" -> ">=";
            default -> throw new NotQualified("comparison " + comparison);
        };
    }

    /** The operator with its operands swapped ({@code 5 < x} is {@code x > 5}). */
    static String flip(String op) {
        return switch (op) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            case ">=" -> "<=";
            default -> op;
        };
    }

    /** {@code column op constant} as a value set in the column's storage domain, exactly. */
    static ValueSet compare(String op, JsonNode constant, ColumnType column) throws NotQualified {
        if (PlanConstant.isNull(constant)) {
            return new ValueSet(List.of(), ValueSet.Tri.UNKNOWN);
        }
        Object v = PlanConstant.domainValue(constant, column);
        if (!(v instanceof BigDecimal number)) {
            return ValueSet.compare(op, v);
        }
        // Scale the exact constant into the column's unscaled domain and round each bound inward.
        BigDecimal x = number.movePointRight(column.numericScale());
        boolean integral = x.stripTrailingZeros().scale() <= 0;
        BigInteger floor = x.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
        BigInteger ceil = x.setScale(0, RoundingMode.CEILING).toBigIntegerExact();
        return switch (op) {
            case "=" -> integral ? bounded(floor, floor) : new ValueSet(List.of(), ValueSet.Tri.UNKNOWN);
            case "<>" -> integral ? bounded(floor, floor).not() : ValueSet.allValues();
            case "<" -> bounded(null, ceil.subtract(BigInteger.ONE));
            case "<=" -> bounded(null, floor);
            case ">" -> bounded(floor.add(BigInteger.ONE), null);
            case ">=" -> bounded(ceil, null);
            default -> throw new NotQualified("comparison " + op);
        };
    }

    private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);

    /** Inclusive long bounds; bounds outside the 64-bit range become unbounded or empty. */
    private static ValueSet bounded(BigInteger lo, BigInteger hi) {
        if ((lo != null && lo.compareTo(MAX) > 0) || (hi != null && hi.compareTo(MIN) < 0)) {
            return new ValueSet(List.of(), ValueSet.Tri.UNKNOWN);
        }
        Long l = lo == null || lo.compareTo(MIN) <= 0 ? null : lo.longValueExact();
        Long h = hi == null || hi.compareTo(MAX) >= 0 ? null : hi.longValueExact();
        ValueSet out = ValueSet.allValues();
        if (l != null) {
            out = out.and(ValueSet.compare(">=", l));
        }
        if (h != null) {
            out = out.and(ValueSet.compare("<=", h));
        }
        return out;
    }
}
