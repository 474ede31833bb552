package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.util.Set;

/**
 * A bound scalar expression over the table's columns, as far as the offload understands one: columns,
 * exact numeric constants, {@code + - *}, widening casts and a CASE on a BOOLEAN column (an aggregate's FILTER
 * too). Each node carries DuckDB's result type so that evaluation can reproduce DuckDB's overflow errors by
 * falling back.
 */
public sealed interface Expr {

    ColumnType type();

    /** A canonical text used to match parse-tree expressions with plan expressions. */
    String canonical();

    /** Adds the names of the columns this expression reads. */
    void collectColumns(Set<String> into);

    /**
     * The column whose values this expression is, as they are or where a condition holds (a CASE without ELSE over
     * a column: an aggregate's FILTER); null for any other expression. MIN and MAX of DATE, TIMESTAMP and VARCHAR
     * read such a column's storage form (and a string's dictionary).
     */
    default Column valuesOf() {
        return this instanceof Column c
                ? c
                : this instanceof Case k && k.otherwise() == null && k.then() instanceof Column c ? c : null;
    }

    record Column(String name, ColumnType type) implements Expr {
        @Override
        public String canonical() {
            return name.toLowerCase(java.util.Locale.ROOT);
        }

        @Override
        public void collectColumns(Set<String> into) {
            into.add(name);
        }
    }

    /** An exact numeric constant: {@code value} is the exact number, {@code type} DuckDB's type for it. */
    record Constant(BigDecimal value, ColumnType type) implements Expr {
        @Override
        public String canonical() {
            return canonicalNumber(value);
        }

        @Override
        public void collectColumns(Set<String> into) {}
    }

    record Arith(char op, Expr left, Expr right, ColumnType type) implements Expr {
        @Override
        public String canonical() {
            String l = left.canonical();
            String r = right.canonical();
            if (op != '-' && l.compareTo(r) > 0) {
                String t = l;
                l = r;
                r = t;
            }
            return "(" + l + op + r + ")";
        }

        @Override
        public void collectColumns(Set<String> into) {
            left.collectColumns(into);
            right.collectColumns(into);
        }
    }

    /** A cast that keeps every value exactly (integer to wider integer or decimal, decimal to wider scale). */
    record Cast(Expr child, ColumnType type) implements Expr {
        @Override
        public String canonical() {
            return child.canonical();
        }

        @Override
        public void collectColumns(Set<String> into) {
            child.collectColumns(into);
        }
    }

    /**
     * {@code CASE WHEN gate THEN then ELSE otherwise END} where {@code gate} is a BOOLEAN column (a condition on
     * one column becomes one, see DerivedKeys), and {@code otherwise} null for {@code ELSE NULL} or no ELSE:
     * NULL where the gate is not TRUE. An aggregate's {@code FILTER (WHERE gate)} is its argument under such a
     * CASE without ELSE.
     */
    record Case(String gate, Expr then, Expr otherwise, ColumnType type) implements Expr {
        @Override
        public String canonical() {
            // The gate's name as it is: conditions that differ only in a literal's case are different gates.
            return caseCanonical(gate, then.canonical(), otherwise == null ? null : otherwise.canonical());
        }

        @Override
        public void collectColumns(Set<String> into) {
            into.add(gate);
            then.collectColumns(into);
            if (otherwise != null) otherwise.collectColumns(into);
        }
    }

    /** The canonical text of a CASE over a gate column, shared with the parse tree's side (SqlRewriter). */
    static String caseCanonical(String gate, String then, String otherwise) {
        return "case(" + gate + "?" + then + ":" + (otherwise == null ? "null" : otherwise) + ")";
    }

    static String canonicalNumber(BigDecimal v) {
        return v.signum() == 0 ? "0" : v.stripTrailingZeros().toPlainString();
    }
}
