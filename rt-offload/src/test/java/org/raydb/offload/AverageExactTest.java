package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * AVG through the offload (force, cpu, where a statement that does not qualify is an error) against a plain
 * DuckDB connection given the same statements, bit for bit: many small random
 * tables of every measure type (negatives, extremes, NULLs), without GROUP BY (DuckDB's SUM / COUNT), with
 * GROUP BY alone (its avg aggregate) and beside a SUM of the same column (SUM / COUNT again).
 */
class AverageExactTest {

    private static final String[] TYPES = {
        "TINYINT",
        "SMALLINT",
        "INTEGER",
        "BIGINT",
        "DECIMAL(4,1)",
        "DECIMAL(4,0)",
        "DECIMAL(4,4)",
        "DECIMAL(9,2)",
        "DECIMAL(9,0)",
        "DECIMAL(18,4)",
        "DECIMAL(18,0)",
        "DECIMAL(18,18)",
        "DECIMAL(38,10)",
        "DECIMAL(38,0)",
        "DECIMAL(38,25)"
    };

    private static final String[] QUERIES = {
        "SELECT avg(x) FROM t",
        "SELECT g, avg(x) FROM t GROUP BY g ORDER BY g",
        "SELECT g, avg(x), sum(x) FROM t GROUP BY g ORDER BY g",
        "SELECT g, avg(x), max(x) FROM t GROUP BY g ORDER BY g",
        "SELECT avg(x - 3), avg(x + x) FROM t",
        "SELECT g, avg(x * 2) FROM t GROUP BY g ORDER BY g"
    };

    private static OffloadHarness h;
    /** DuckDB with its default settings, given the same statements. */
    private static Connection plain;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        plain = DriverManager.getConnection("jdbc:duckdb:");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        plain.close();
        h.close();
    }

    private static void exec(String sql) throws SQLException {
        h.exec(sql);
        try (Statement st = plain.createStatement()) {
            st.execute(sql);
        }
    }

    private static List<List<Object>> duck(String sql) throws SQLException {
        try (Statement st = plain.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return bits(ResultComparator.rows(rs));
        }
    }

    @Test
    void decimalAverageOfTheReport() throws SQLException {
        exec("CREATE OR REPLACE TABLE t(g INTEGER, x DECIMAL(4,1))");
        exec("INSERT INTO t VALUES (1, 0.3), (1, -52.5), (2, -0.1), (2, -999.9), (1, 33.9), (2, 10.0)");
        for (String q : QUERIES) {
            List<List<Object>> offloaded = h.offloaded(q, List.of());
            assertNotNull(offloaded, q);
            assertEquals(duck(q), bits(offloaded), q);
        }
    }

    @Test
    void randomTablesOfEveryTypeMatchDuckDbBitForBit() throws SQLException {
        long seed = Long.getLong("raydb.seed", 20261125L);
        Random random = new Random(seed);
        List<String> failures = new ArrayList<>();
        int answered = 0;
        int asked = 0;
        for (int table = 0; table < 150; table++) {
            String type = TYPES[table % TYPES.length];
            exec("CREATE OR REPLACE TABLE t(g INTEGER, x " + type + ")");
            exec("INSERT INTO t VALUES " + randomRows(random, type));
            for (String q : QUERIES) {
                asked++;
                List<List<Object>> offloaded;
                try {
                    offloaded = bits(h.offloaded(q, List.of()));
                } catch (SQLException declined) {
                    continue;
                }
                answered++;
                List<List<Object>> expected = duck(q);
                if (!expected.equals(offloaded)) {
                    failures.add(type + ": " + q + " -> " + offloaded + " instead of " + expected);
                }
            }
        }
        assertEquals(List.of(), failures, "seed " + seed);
        assertTrue(answered > asked * 3 / 4, "only " + answered + " of " + asked + " offloaded");
    }

    @Test
    void groupedAverageWhoseFormDependsOnStatisticsHasDuckDbsForm() throws SQLException {
        exec("CREATE OR REPLACE TABLE t(g INTEGER, x INTEGER, y INTEGER)");
        exec("INSERT INTO t SELECT i % 4, i * 7 % 1001 - 500, CASE WHEN i % 9 = 0 THEN NULL ELSE i % 333 END"
                + " FROM range(400) r(i)");
        for (String q : List.of(
                "SELECT g, avg(x), count(*) FROM t GROUP BY g ORDER BY g",
                "SELECT g, avg(x), avg(y) FROM t GROUP BY g ORDER BY g",
                "SELECT g, avg(x), count(y) FROM t GROUP BY g ORDER BY g",
                "SELECT g, avg(y), count(*) FROM t WHERE y > 10 GROUP BY g ORDER BY g")) {
            assertEquals(duck(q), bits(h.offloaded(q, List.of())), q);
        }
    }

    /** Rows in 3 groups with values of one magnitude class: any, small, near the extremes, tiny; some NULL. */
    private static String randomRows(Random random, String type) {
        int scale = type.startsWith("DECIMAL") ? Integer.parseInt(type.replaceAll(".*,(\\d+)\\)", "$1")) : 0;
        BigInteger max = maximum(type);
        int mode = random.nextInt(4);
        int n = 1 + random.nextInt(12);
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < n; i++) {
            BigInteger v = switch (mode) {
                case 0 -> new BigInteger(max.bitLength(), random).mod(max.add(BigInteger.ONE));
                case 1 -> BigInteger.valueOf(random.nextInt(1001)).min(max);
                case 2 -> max.subtract(BigInteger.valueOf(random.nextInt(3)));
                default -> BigInteger.valueOf(random.nextInt(20));
            };
            String value = random.nextInt(8) == 0
                    ? "NULL"
                    : new BigDecimal(random.nextBoolean() ? v.negate() : v, scale).toPlainString();
            rows.append(i == 0 ? "" : ", ")
                    .append('(')
                    .append(random.nextInt(3))
                    .append(", ")
                    .append(value)
                    .append(')');
        }
        return rows.toString();
    }

    /** The type's largest value; for 64-bit and wider types one whose sums of a few rows fit in 64 bits. */
    private static BigInteger maximum(String type) {
        BigInteger max = switch (type) {
            case "TINYINT" -> BigInteger.valueOf(Byte.MAX_VALUE);
            case "SMALLINT" -> BigInteger.valueOf(Short.MAX_VALUE);
            case "INTEGER" -> BigInteger.valueOf(Integer.MAX_VALUE);
            case "BIGINT" -> BigInteger.valueOf(Long.MAX_VALUE);
            default ->
                BigInteger.TEN
                        .pow(Integer.parseInt(type.replaceAll("DECIMAL\\((\\d+),.*", "$1")))
                        .subtract(BigInteger.ONE);
        };
        return max.bitLength() > 59 ? BigInteger.ONE.shiftLeft(59).add(BigInteger.valueOf(12345)) : max;
    }

    /** Rows with each DOUBLE replaced by its raw bits, so that equality is bit for bit. */
    private static List<List<Object>> bits(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> row : rows) {
            List<Object> r = new ArrayList<>();
            for (Object v : row) {
                r.add(v instanceof Double d ? "0x" + Long.toHexString(Double.doubleToRawLongBits(d)) : v);
            }
            out.add(r);
        }
        return out;
    }
}
