package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.util.Set;

/**
 * A bound scalar expression over the table's columns, as far as the offload understands one: columns,
 * exact numeric constants, {@code + - *} and widening casts. Each node carries DuckDB's result type so that
 * evaluation can reproduce DuckDB's overflow errors by falling back.
 */
public sealed interface Expr {

    ColumnType type();

    /** A canonical text used to match parse-tree expressions with plan expressions. */
    String canonical();

    /** Adds the names of the columns this expression reads. */
    void collectColumns(Set<String> into);

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

    static String canonicalNumber(BigDecimal v) {
        return v.signum() == 0 ? "0" : v.stripTrailingZeros().toPlainString();
    }
}
