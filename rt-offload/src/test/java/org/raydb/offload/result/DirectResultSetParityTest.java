package org.raydb.offload.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Blob;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Wrapper;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TimeZone;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Walks DuckDB's own result set and a {@link DirectResultSet} over the same rows in lockstep and calls every
 * {@link ResultSet} method on both (found by reflection, so none is missed), on every column by index and by label,
 * before the first row, on each row, after the last and after close: outcomes must be identical.
 */
class DirectResultSetParityTest {

    private static final String TABLE = """
            CREATE TABLE t (k INTEGER, b BOOLEAN, ti TINYINT, si SMALLINT, i INTEGER, bi BIGINT, hi HUGEINT,
                f FLOAT, d DOUBLE, dw DECIMAL(38,10), dn DECIMAL(4,2), s VARCHAR, dt DATE)""";

    private static final String ROWS = """
            INSERT INTO t VALUES
            (1, true, -128, -32768, -2147483648, -9223372036854775808, -170141183460469231731687303715884105727,
             'NaN', 'NaN', -1234567890123456789012345678.1234567890, -99.99, '', DATE '0044-03-15 (BC)'),
            (2, false, 127, 32767, 2147483647, 9223372036854775807, 170141183460469231731687303715884105727,
             -0.0, '-Infinity', 0, 0.01, '日本語 ünïcödé 🦆', DATE '1970-01-01'),
            (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
            (4, true, 1, 1, 1, 1, 1, 1.5, 1.0, 1, 1.00, '1', DATE '2024-02-29'),
            (5, false, 0, 0, 0, 0, 0, 'Infinity', -0.0, 0.0000000001, 12.34, 'true', DATE '9999-12-31'),
            (6, NULL, 2, 300, 300, 5000000000, 1180591620717411303424, 3.4e38, 1e300, 99999999.5, -0.5,
             '2024-01-02', DATE '1582-10-04'),
            (7, true, -1, -1, -1, -1, -1, -1.25, 3.7, -0.1, 0.10, '12:34:56', DATE '1582-10-15'),
            (8, false, 100, 257, 65537, 4294967297, 18446744073709551617, 1e-45, 4.9e-324, 1e27, 1.5,
             '2024-01-02 03:04:05', DATE '0001-01-01'),
            (9, NULL, NULL, 1, NULL, 2, NULL, 2.5, NULL, 7, NULL, '123e4567-e89b-12d3-a456-426614174000', NULL),
            (10, true, 7, 7, 7, 7, 7, 7, 7, 7, 7, ' 7 ', DATE '2000-01-01'),
            (11, false, 8, 8, 8, 8, 8, 8, 8, 8, 8, 'TRUE', DATE '-0001-12-31'),
            (12, true, 9, 9, 9, 9, 9, 9, 9, 9, 9, '3.5', DATE '2024-06-30'),
            (13, false, -9, -9, -9, -9, -9, -9, -9, -9, -9, 'false', DATE '1582-10-10')""";

    /** Labels of differing case (a duplicate ignoring case, too) so DuckDB's label rules are exercised. */
    private static final String QUERY = """
            SELECT k, b, ti AS "TinY", si AS tiny, i, bi, hi AS "HUGE", f, d, dw, dn, s AS "Str", dt
            FROM t ORDER BY k""";

    private static final List<Class<?>> TARGETS = List.of(
            Object.class,
            String.class,
            Boolean.class,
            Byte.class,
            Short.class,
            Integer.class,
            Long.class,
            Float.class,
            Double.class,
            BigInteger.class,
            BigDecimal.class,
            LocalDate.class,
            Date.class,
            LocalDateTime.class,
            Time.class,
            LocalTime.class,
            Timestamp.class,
            OffsetDateTime.class,
            UUID.class,
            Blob.class,
            byte[].class,
            Number.class,
            CharSequence.class);

    @Test
    void everyResultSetMethodAnswersAsDuckDbDoes() throws Exception {
        try (Connection connection = table()) {
            Parity parity = walk(connection, QUERY, 13);
            assertTrue(parity.calls > 20_000, "calls compared: " + parity.calls);
            // The walk reaches DuckDB's values and each kind of failure, not only its closed/no-row answers.
            assertTrue(parity.duckValues > 5_000, "values returned by DuckDB: " + parity.duckValues);
            assertTrue(
                    parity.duckFailures.containsAll(List.of(
                            "java.sql.SQLException",
                            "java.sql.SQLFeatureNotSupportedException",
                            "java.lang.NumberFormatException",
                            "java.lang.NullPointerException",
                            "java.lang.IllegalArgumentException")),
                    "failures seen: " + parity.duckFailures);
            assertNoDifferences(parity);
        }
    }

    @Test
    void emptyAndLimitedResultsAnswerAsDuckDbDoes() throws Exception {
        try (Connection connection = table()) {
            assertNoDifferences(walk(connection, "SELECT dn, s, k FROM t WHERE k < 0 ORDER BY k", 0));
            assertNoDifferences(walk(connection, "SELECT dt AS \"When\", hi, k FROM t ORDER BY k DESC LIMIT 2", 2));
        }
    }

    private static Connection table() throws SQLException {
        Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement statement = connection.createStatement()) {
            statement.execute(TABLE);
            statement.execute(ROWS);
        }
        return connection;
    }

    /** Walks DuckDB's result of {@code query} and a DirectResultSet over the same rows, comparing every call. */
    private static Parity walk(Connection connection, String query, int expectedRows) throws Exception {
        ResultSetMetaData metadata;
        try (PreparedStatement prepared = connection.prepareStatement(query)) {
            metadata = prepared.getMetaData();
        }
        try (Statement statement = connection.createStatement()) {
            List<Object[]> rows = readRows(statement, query, metadata.getColumnCount());
            assertEquals(expectedRows, rows.size());
            try (ResultSet duck = statement.executeQuery(query)) {
                Parity parity = new Parity(duck, new DirectResultSet(metadata, rows), metadata);
                Method next = ResultSet.class.getMethod("next");
                Method close = ResultSet.class.getMethod("close");
                parity.compareAll("before first");
                for (int r = 0; r < rows.size(); r++) {
                    parity.compare(next, new Object[0], "next " + (r + 1));
                    parity.compareAll("row " + (r + 1));
                }
                for (int extra = 0; extra < 2; extra++) {
                    parity.compare(next, new Object[0], "next past the end");
                    parity.compareAll("after last");
                }
                parity.compare(close, new Object[0], "close");
                parity.compare(close, new Object[0], "close again");
                parity.compare(next, new Object[0], "next after close");
                parity.compareAll("after close");
                return parity;
            }
        }
    }

    private static void assertNoDifferences(Parity parity) {
        assertEquals(
                "",
                parity.differences.stream().limit(300).collect(Collectors.joining("\n")),
                parity.differences.size() + " differences");
    }

    @Test
    void supportsExactlyTheServedTypes() {
        for (String name : List.of(
                "BOOLEAN",
                "TINYINT",
                "SMALLINT",
                "INTEGER",
                "BIGINT",
                "HUGEINT",
                "FLOAT",
                "DOUBLE",
                "DECIMAL(38,10)",
                "DECIMAL(4,2)",
                "VARCHAR",
                "DATE")) {
            assertTrue(DirectResultSet.supports(name), name);
        }
        for (String name : List.of(
                "UTINYINT",
                "UBIGINT",
                "UHUGEINT",
                "TIMESTAMP",
                "TIME",
                "BLOB",
                "UUID",
                "INTEGER[]",
                "STRUCT(a INTEGER)",
                "ENUM('a')",
                "DECIMAL",
                "decimal(4,2)",
                "integer")) {
            assertFalse(DirectResultSet.supports(name), name);
        }
    }

    private static List<Object[]> readRows(Statement statement, String query, int columns) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        try (ResultSet rs = statement.executeQuery(query)) {
            while (rs.next()) {
                Object[] row = new Object[columns];
                for (int c = 0; c < columns; c++) {
                    row[c] = rs.getObject(c + 1);
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** Calls methods on both result sets and records every difference in outcome. */
    private static final class Parity {
        private final ResultSet duck;
        private final ResultSet direct;
        private final ResultSetMetaData metadata;
        private final List<String> differences = new ArrayList<>();
        private final List<Method> methods;
        private final Method wasNull;
        private int calls;
        private int duckValues;
        private final Set<String> duckFailures = new TreeSet<>();

        Parity(ResultSet duck, ResultSet direct, ResultSetMetaData metadata) throws NoSuchMethodException {
            this.duck = duck;
            this.direct = direct;
            this.metadata = metadata;
            this.methods = Arrays.stream(ResultSet.class.getMethods())
                    .filter(m -> !Modifier.isStatic(m.getModifiers()))
                    .filter(m -> !m.getName().equals("next") && !m.getName().equals("close"))
                    .sorted(Comparator.comparing(Method::toString))
                    .toList();
            this.wasNull = ResultSet.class.getMethod("wasNull");
        }

        void compareAll(String state) throws SQLException {
            int columns = metadata.getColumnCount();
            List<Integer> indexes = new ArrayList<>(List.of(
                    -1, 0, columns + 1, ResultSet.FETCH_FORWARD, ResultSet.FETCH_REVERSE, ResultSet.FETCH_UNKNOWN));
            List<String> labels = new ArrayList<>(Arrays.asList(null, "", "nope", "tinyX"));
            for (int c = 1; c <= columns; c++) {
                indexes.add(c);
                String label = metadata.getColumnLabel(c);
                labels.addAll(List.of(label, label.toUpperCase(), label.toLowerCase()));
            }
            for (Method method : methods) {
                Class<?>[] parameters = method.getParameterTypes();
                if (parameters.length == 0) {
                    compareNoArgument(method, state);
                } else if (parameters[0] == int.class) {
                    for (int index : indexes) {
                        compareWithColumn(method, index, state);
                    }
                } else if (parameters[0] == String.class) {
                    for (String label : labels) {
                        compareWithColumn(method, label, state);
                    }
                } else if (parameters[0] == Class.class) {
                    for (Class<?> iface : List.of(ResultSet.class, Wrapper.class, AutoCloseable.class, String.class)) {
                        compare(method, new Object[] {iface}, state);
                    }
                } else {
                    throw new AssertionError("no probe for " + method);
                }
            }
        }

        private void compareNoArgument(Method method, String state) throws SQLException {
            switch (method.getName()) {
                // DuckDB's statement and its metadata object are its own; compare what they stand for.
                case "getStatement" ->
                    compareOutcome(
                            method.getName(),
                            state,
                            outcome(duck, method, new Object[0]) instanceof Thrown t ? t : "returned",
                            outcome(direct, method, new Object[0]) instanceof Thrown t ? t : "returned");
                case "getMetaData" ->
                    compareOutcome(
                            method.getName(),
                            state,
                            describe(outcome(duck, method, new Object[0])),
                            describe(outcome(direct, method, new Object[0])));
                default -> compare(method, new Object[0], state);
            }
        }

        private void compareWithColumn(Method method, Object column, String state) {
            Class<?>[] parameters = method.getParameterTypes();
            if (parameters.length == 2 && parameters[1] == Class.class) {
                for (Class<?> target : TARGETS) {
                    compare(method, new Object[] {column, target}, state);
                }
                compare(method, new Object[] {column, null}, state);
                return;
            }
            Object[] arguments = new Object[parameters.length];
            arguments[0] = column;
            for (int p = 1; p < parameters.length; p++) {
                arguments[p] = sample(parameters[p]);
            }
            compare(method, arguments, state);
            if (parameters.length == 2 && parameters[1] == Calendar.class) {
                arguments[1] = null;
                compare(method, arguments, state);
            }
        }

        private static Object sample(Class<?> type) {
            if (type == int.class) {
                return 2;
            } else if (type == long.class) {
                return 2L;
            } else if (type == boolean.class) {
                return true;
            } else if (type == byte.class) {
                return (byte) 2;
            } else if (type == short.class) {
                return (short) 2;
            } else if (type == float.class) {
                return 2f;
            } else if (type == double.class) {
                return 2d;
            } else if (type == Calendar.class) {
                return Calendar.getInstance(TimeZone.getTimeZone("America/Los_Angeles"));
            } else if (type == java.util.Map.class) {
                return new HashMap<String, Class<?>>();
            } else if (type == SQLType.class) {
                return java.sql.JDBCType.INTEGER;
            }
            return null;
        }

        /** Invokes the method on both, then wasNull() on both, and records any difference. */
        void compare(Method method, Object[] arguments, String state) {
            calls++;
            String call = method.getName() + Arrays.deepToString(arguments) + " " + state;
            Object expected = describe(outcome(duck, method, arguments));
            if (expected instanceof Thrown t) {
                duckFailures.add(t.type());
            } else {
                duckValues++;
            }
            compareOutcome(call, "", expected, describe(outcome(direct, method, arguments)));
            compareOutcome(
                    call + " then wasNull",
                    "",
                    describe(outcome(duck, wasNull, new Object[0])),
                    describe(outcome(direct, wasNull, new Object[0])));
        }

        private void compareOutcome(String call, String state, Object expected, Object actual) {
            if (!Objects.equals(expected, actual)) {
                differences.add(call + " " + state + ": DuckDB " + expected + ", direct " + actual);
            }
        }

        private static Object outcome(ResultSet target, Method method, Object[] arguments) {
            try {
                return method.invoke(target, arguments);
            } catch (InvocationTargetException e) {
                return Thrown.of(e.getCause());
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }

        /** A comparable account of a value: its class and content (arrays by content, metadata by its columns). */
        private static Object describe(Object value) {
            if (value == null || value instanceof Thrown) {
                return value;
            }
            if (value instanceof ResultSetMetaData m) {
                try {
                    List<String> columns = new ArrayList<>();
                    for (int c = 1; c <= m.getColumnCount(); c++) {
                        columns.add(m.getColumnLabel(c) + ":" + m.getColumnTypeName(c) + ":" + m.getColumnType(c) + ":"
                                + m.getColumnClassName(c) + ":" + m.getPrecision(c) + ":" + m.getScale(c));
                    }
                    return columns;
                } catch (SQLException e) {
                    throw new AssertionError(e);
                }
            }
            if (value.getClass().isArray()) {
                return value.getClass().getName() + Arrays.deepToString(new Object[] {value});
            }
            if (value instanceof ResultSet) {
                return "the result set itself"; // what unwrap gives; the classes differ by design
            }
            String text = value instanceof BigDecimal d ? d.toString() + "/" + d.scale() : value.toString();
            String extra = value instanceof java.util.Date d ? "@" + d.getTime() : "";
            return value.getClass().getName() + ":" + text + extra;
        }
    }

    /** An exception as compared: class, and for SQLExceptions SQLState, vendor code and message. */
    private record Thrown(String type, String sqlState, int vendorCode, String message) {
        static Thrown of(Throwable e) {
            if (e instanceof SQLException s) {
                return new Thrown(s.getClass().getName(), s.getSQLState(), s.getErrorCode(), s.getMessage());
            }
            return new Thrown(e.getClass().getName(), null, 0, null);
        }
    }
}
