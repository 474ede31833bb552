package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

/**
 * Binds PreparedStatement parameters into the statement text as typed SQL literals, so that a parametrized
 * query is planned (and offloaded) like the same query written with constants. Question marks inside string
 * literals, quoted identifiers and comments are left alone.
 */
public final class ParameterBinder {

    private ParameterBinder() {}

    public static String bind(String sql, List<Object> parameters) throws NotQualified {
        if (parameters.isEmpty()) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql.length() + 16 * parameters.size());
        int next = 0;
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            int end = skipQuotedOrComment(sql, i);
            if (end > i) {
                out.append(sql, i, end);
                i = end;
                continue;
            }
            if (c == '?') {
                if (next >= parameters.size()) {
                    throw new NotQualified("more '?' placeholders than bound parameters");
                }
                out.append(literal(parameters.get(next++)));
            } else if (c == '$' && i + 1 < sql.length() && Character.isDigit(sql.charAt(i + 1))) {
                throw new NotQualified("numbered parameters ($n)");
            } else {
                out.append(c);
            }
            i++;
        }
        if (next != parameters.size()) {
            throw new NotQualified("fewer '?' placeholders than bound parameters");
        }
        return out.toString();
    }

    /** The end of a string literal, quoted identifier or comment starting at {@code i}, else {@code i}. */
    private static int skipQuotedOrComment(String sql, int i) {
        char c = sql.charAt(i);
        if (c == '\'' || c == '"') {
            int j = i + 1;
            while (j < sql.length()) {
                if (sql.charAt(j) == c) {
                    if (j + 1 < sql.length() && sql.charAt(j + 1) == c) {
                        j += 2;
                        continue;
                    }
                    return j + 1;
                }
                j++;
            }
            return sql.length();
        }
        if (c == '-' && sql.startsWith("--", i)) {
            int j = sql.indexOf('\n', i);
            return j < 0 ? sql.length() : j;
        }
        if (c == '/' && sql.startsWith("/*", i)) {
            int j = sql.indexOf("*/", i + 2);
            return j < 0 ? sql.length() : j + 2;
        }
        return i;
    }

    /**
     * A SQL literal with the value and type DuckDB's JDBC driver binds the parameter as: integers with their
     * Java width, a BigDecimal as DECIMAL(max(precision, scale), scale) and one of more than 38 digits as NULL
     * (DuckDB's conversion yields NULL there).
     */
    static String literal(Object v) throws NotQualified {
        if (v == null) {
            return "NULL";
        }
        String integerType = v instanceof Byte
                ? "TINYINT"
                : v instanceof Short
                        ? "SMALLINT"
                        : v instanceof Integer
                                ? "INTEGER"
                                : v instanceof Long ? "BIGINT" : v instanceof BigInteger ? "HUGEINT" : null;
        if (integerType != null) {
            return "CAST(" + v + " AS " + integerType + ")";
        }
        if (v instanceof BigDecimal d) {
            return decimal(d);
        }
        if (v instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        if (v instanceof Double || v instanceof Float) {
            return "CAST('" + v + "' AS " + (v instanceof Double ? "DOUBLE" : "FLOAT") + ")";
        }
        if (v instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        }
        if (v instanceof java.sql.Date d) {
            return "DATE '" + d.toLocalDate() + "'";
        }
        if (v instanceof LocalDate d) {
            return "DATE '" + d + "'";
        }
        if (v instanceof java.sql.Timestamp t) {
            return "TIMESTAMP '" + t.toLocalDateTime() + "'";
        }
        if (v instanceof LocalDateTime t) {
            return "TIMESTAMP '" + t + "'";
        }
        throw new NotQualified("parameter of type " + v.getClass().getName());
    }

    private static String decimal(BigDecimal d) throws NotQualified {
        if (d.scale() < 0) {
            // DuckDB raises an error when it executes with it; the statement is left to DuckDB.
            throw new NotQualified("a BigDecimal parameter with negative scale (DuckDB does not convert it)");
        }
        int width = Math.max(d.precision(), d.scale());
        return width > 38 ? "NULL" : "CAST('" + d.toPlainString() + "' AS DECIMAL(" + width + "," + d.scale() + "))";
    }
}
