package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.raydb.offload.json.JsonNode;

/**
 * A WHERE clause's filters computed straight from its parse tree and the values of its literals: a
 * conjunction, per column, of comparisons, BETWEEN, IN, IS [NOT] NULL, NOT and ORs on that column, each against a
 * literal that converts exactly into the column's type. This is what lets a template take new constants without
 * DuckDB's optimizer, whose rewrites can depend on the values (it turns {@code x = 6 OR x = 7} into a range).
 * Anything else gives {@code null}.
 */
final class WhereFilters {

    private WhereFilters() {}

    /** The clause does not have the form, or a literal does not convert exactly. */
    private static final class Unsupported extends Exception {
        Unsupported() {
            super(null, null, false, false);
        }
    }

    /**
     * The value set of each filtered column (keys in lower case), or {@code null}.
     *
     * @param types     the filtered columns' types, keys in lower case
     * @param literalOf the literal each parse-tree constant has in this statement
     */
    static Map<String, ValueSet> of(
            Object where, Map<String, ColumnType> types, Function<JsonNode, SqlLiterals.Literal> literalOf) {
        Map<String, ValueSet> out = new LinkedHashMap<>();
        try {
            conjunction(JsonNode.of(where), types, literalOf, out);
        } catch (Unsupported | NotQualified | RuntimeException e) {
            return null;
        }
        return out;
    }

    private static void conjunction(
            JsonNode e,
            Map<String, ColumnType> types,
            Function<JsonNode, SqlLiterals.Literal> literalOf,
            Map<String, ValueSet> out)
            throws Unsupported, NotQualified {
        if ("CONJUNCTION".equals(e.str("class")) && "CONJUNCTION_AND".equals(e.str("type"))) {
            for (JsonNode c : e.nodes("children")) {
                conjunction(c, types, literalOf, out);
            }
            return;
        }
        Atom a = atom(e, types, literalOf);
        out.merge(a.column, a.values, ValueSet::and);
    }

    private record Atom(String column, ColumnType type, ValueSet values) {}

    private static Atom atom(
            JsonNode e, Map<String, ColumnType> types, Function<JsonNode, SqlLiterals.Literal> literalOf)
            throws Unsupported, NotQualified {
        String cls = e.str("class");
        String type = e.str("type");
        switch (cls) {
            case "COLUMN_REF" -> {
                Atom c = column(e, types);
                if (c.type.kind() != ColumnType.Kind.BOOLEAN) {
                    throw new Unsupported();
                }
                return new Atom(c.column, c.type, ValueSet.compare("=", 1L));
            }
            case "CONJUNCTION" -> {
                boolean and = "CONJUNCTION_AND".equals(type);
                Atom out = null;
                for (JsonNode c : e.nodes("children")) {
                    Atom a = atom(c, types, literalOf);
                    if (out != null && !out.column.equals(a.column)) {
                        throw new Unsupported();
                    }
                    out = out == null
                            ? a
                            : new Atom(a.column, a.type, and ? out.values.and(a.values) : out.values.or(a.values));
                }
                return out;
            }
            case "COMPARISON" -> {
                String op = PredicateReader.operator(type);
                boolean constantLeft = !"COLUMN_REF".equals(e.obj("left").str("class"));
                Atom c = column(constantLeft ? e.obj("right") : e.obj("left"), types);
                JsonNode constant = constantLeft ? e.obj("left") : e.obj("right");
                return new Atom(
                        c.column,
                        c.type,
                        compare(constantLeft ? PredicateReader.flip(op) : op, constant, c.type, literalOf));
            }
            case "BETWEEN" -> {
                Atom c = column(e.obj("input"), types);
                ValueSet v = compare(">=", e.obj("lower"), c.type, literalOf)
                        .and(compare("<=", e.obj("upper"), c.type, literalOf));
                return new Atom(c.column, c.type, v);
            }
            case "OPERATOR" -> {
                List<JsonNode> ch = e.nodes("children");
                switch (type) {
                    case "COMPARE_IN", "COMPARE_NOT_IN" -> {
                        Atom c = column(ch.get(0), types);
                        List<ValueSet> each = new java.util.ArrayList<>(ch.size());
                        each.add(new ValueSet(List.of(), ValueSet.Tri.FALSE));
                        for (JsonNode v : ch.subList(1, ch.size())) {
                            if (literal(v, c.type, literalOf) == null) {
                                throw new Unsupported(); // NULL in an IN list
                            }
                            each.add(compare("=", v, c.type, literalOf));
                        }
                        ValueSet set = ValueSet.union(each); // one merge: a long IN list stays linear
                        return new Atom(c.column, c.type, type.equals("COMPARE_IN") ? set : set.not());
                    }
                    case "OPERATOR_NOT" -> {
                        Atom a = atom(ch.get(0), types, literalOf);
                        return new Atom(a.column, a.type, a.values.not());
                    }
                    case "OPERATOR_IS_NULL", "OPERATOR_IS_NOT_NULL" -> {
                        Atom c = column(ch.get(0), types);
                        return new Atom(
                                c.column,
                                c.type,
                                type.equals("OPERATOR_IS_NULL") ? ValueSet.isNull() : ValueSet.isNotNull());
                    }
                    default -> throw new Unsupported();
                }
            }
            default -> throw new Unsupported();
        }
    }

    private static Atom column(JsonNode e, Map<String, ColumnType> types) throws Unsupported {
        if (!"COLUMN_REF".equals(e.str("class"))) {
            throw new Unsupported();
        }
        List<Object> names = e.list("column_names");
        String name = names.get(names.size() - 1).toString().toLowerCase(Locale.ROOT);
        ColumnType type = types.get(name);
        if (type == null) {
            throw new Unsupported();
        }
        return new Atom(name, type, null);
    }

    /** {@code column op constant}, the constant converted exactly into the column's type. */
    private static ValueSet compare(
            String op, JsonNode constant, ColumnType column, Function<JsonNode, SqlLiterals.Literal> literalOf)
            throws Unsupported, NotQualified {
        Object value = literal(constant, column, literalOf);
        Map<String, Object> node = new LinkedHashMap<>();
        node.put("type", typeNode(column));
        node.put("is_null", value == null);
        node.put("value", value);
        return PredicateReader.compare(op, JsonNode.of(node), column);
    }

    /**
     * A constant (or a constant under one plain cast) as a value of the column's type, {@code null} for NULL.
     * A cast must succeed on the literal as DuckDB's would, and the value must then convert exactly.
     */
    private static Object literal(JsonNode e, ColumnType column, Function<JsonNode, SqlLiterals.Literal> literalOf)
            throws Unsupported {
        ColumnType cast = null;
        if ("CAST".equals(e.str("class"))) {
            JsonNode type = e.obj("type_expr");
            if (Boolean.TRUE.equals(e.raw("try_cast"))
                    || type == null
                    || !type.list("children").isEmpty()) {
                throw new Unsupported();
            }
            try {
                cast = ColumnType.of(
                        ColumnType.Kind.valueOf(type.str("type_name").toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException unknown) {
                throw new Unsupported();
            }
            e = e.obj("child");
        }
        if (!"CONSTANT".equals(e.str("class"))) {
            throw new Unsupported();
        }
        if ("NULL_LITERAL".equals(e.obj("literal").str("kind"))) {
            return null;
        }
        SqlLiterals.Literal lit = literalOf.apply(e);
        if (lit == null || cast != null && PlanTemplate.planValue(lit, cast) == null) {
            throw new Unsupported();
        }
        Object value = PlanTemplate.planValue(lit, column);
        if (value == null) {
            throw new Unsupported();
        }
        return value;
    }

    private static Map<String, Object> typeNode(ColumnType type) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", type.kind().name());
        if (type.kind() == ColumnType.Kind.DECIMAL) {
            Map<String, Object> info = new LinkedHashMap<>();
            info.put("width", BigDecimal.valueOf(type.width()));
            info.put("scale", BigDecimal.valueOf(type.scale()));
            out.put("type_info", info);
        } else {
            out.put("type_info", null);
        }
        return out;
    }
}
