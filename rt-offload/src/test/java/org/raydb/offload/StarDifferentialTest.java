package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Seeded randomized differential test of star joins: generated queries join a fact table to one to three
 * dimensions (one of them twice, through two keys; one with a sub-dimension, a snowflake), in both join syntaxes, with random filters on dimension and
 * fact columns, group keys from several tables, the supported aggregates, HAVING, ORDER BY and LIMIT. The data
 * has dangling and NULL foreign keys (from the fact table and from a dimension to its sub-dimension), dimension
 * rows no fact meets, and NULL dimension values. Through the
 * offload (force, cpu) and straight on DuckDB the answers must be the same, columns and rows, bit for bit.
 * {@code -Draydb.seed} and {@code -Draydb.queries} override seed and count (1,000).
 */
class StarDifferentialTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE dim_c (c_key INTEGER PRIMARY KEY, c_region VARCHAR, c_nation VARCHAR, c_seg INTEGER,"
                + " c_since DATE)");
        h.exec("INSERT INTO dim_c SELECT i, CASE WHEN i % 17 = 0 THEN NULL ELSE ['AFRICA', 'AMERICA', 'ASIA',"
                + " 'EUROPE', 'MIDDLE EAST'][i % 5 + 1] END, 'NATION' || (i % 25),"
                + " CASE WHEN i % 13 = 0 THEN NULL ELSE i % 4 END, DATE '1990-01-01' + (i * 7)::INTEGER"
                + " FROM range(300) r(i)");
        h.exec("CREATE TABLE dim_n (n_name VARCHAR PRIMARY KEY, n_continent VARCHAR, n_pop INTEGER)");
        // NATION0..NATION21 have a row: the customers of the other three nations meet none.
        h.exec("INSERT INTO dim_n SELECT 'NATION' || i, 'CONT' || (i % 4), CASE WHEN i % 6 = 0 THEN NULL ELSE i * 10"
                + " END FROM range(22) r(i)");
        h.exec("CREATE TABLE dim_d (d_key INTEGER, d_year INTEGER, d_month VARCHAR, d_flag BOOLEAN, d_day DATE)");
        h.exec("INSERT INTO dim_d SELECT 19920101 + i, 1992 + i // 60, 'M' || (i % 12), i % 3 = 0,"
                + " DATE '1992-01-01' + i::INTEGER FROM range(400) r(i)");
        h.exec("CREATE TABLE dim_p (p_key VARCHAR UNIQUE, p_brand VARCHAR, p_size INTEGER, p_price DECIMAL(8,2))");
        h.exec("INSERT INTO dim_p SELECT 'P' || i, CASE WHEN i % 19 = 0 THEN NULL ELSE 'BRAND#' || (i % 40) END,"
                + " i % 50, (i * 3.25)::DECIMAL(8,2) FROM range(200) r(i)");
        h.exec("CREATE TABLE fact (f_c INTEGER, f_d INTEGER, f_d2 INTEGER, f_p VARCHAR, k_small SMALLINT,"
                + " m_int INTEGER, m_big BIGINT, m_dec DECIMAL(12,2))");
        h.exec("INSERT INTO fact SELECT CASE WHEN i % 101 = 0 THEN NULL ELSE (i * 7) % 350 END,"
                + " 19920101 + (i * 13) % 450, 19920101 + (i * 29) % 420,"
                + " CASE WHEN i % 83 = 0 THEN NULL ELSE 'P' || ((i * 11) % 230) END, (i % 9)::SMALLINT,"
                + " (i * 31) % 1000 - 300, i * 1000003, ((i * 37) % 100000)::DECIMAL(12,2) / 100"
                + " FROM range(20000) r(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
        assertEquals(0, h.provider.allocatedBytes(), "Arrow memory held after the connection closed");
    }

    @Test
    void generatedStarQueriesMatchDuckDb() throws SQLException {
        long seed = Long.getLong("raydb.seed", 20261127L);
        int count = Integer.getInteger("raydb.queries", 1000);
        Generator generator = new Generator(new Random(seed));
        List<String> failures = new ArrayList<>();
        int empty = 0;
        int declined = 0;
        for (int i = 0; i < count && failures.size() <= 10; i++) {
            String q = generator.next();
            try {
                OffloadHarness.Answer duck = h.duckAnswer(q);
                OffloadHarness.Answer offloaded = h.offloadedAnswer(q);
                String diff = offloaded.differenceFrom(duck);
                if (diff != null) failures.add(q + " -> " + diff);
                empty += duck.rows().isEmpty() || duck.rows().get(0).stream().allMatch(v -> v == null) ? 1 : 0;
            } catch (SQLException e) {
                // Declining grouped AVGs that DuckDB's plan computes in two forms (by statistics) is right.
                if (!e.getMessage().contains("computes in different forms")) failures.add(q + " -> " + e.getMessage());
            }
        }
        assertEquals(List.of(), failures, "seed " + seed);
        assertTrue(empty > 0, "the generator produced no empty results");
        assertTrue(declined <= count / 10, declined + " of " + count + " declined");
    }

    /** Random star queries over the fixture. */
    private static final class Generator {

        /**
         * A dimension: table, its key, the fact's foreign keys to it, and filters and keys over its columns; a
         * sub-dimension joined from its column {@code subKey} (a snowflake), or none.
         */
        private record Dim(
                String table,
                String key,
                List<String> foreignKeys,
                List<String> filters,
                List<String> keys,
                String subKey,
                Dim sub) {}

        private static final Dim NATIONS = new Dim(
                "dim_n",
                "n_name",
                List.of(),
                List.of("#.n_continent = 'CONT1'", "#.n_pop > 50", "#.n_pop IS NULL"),
                List.of("#.n_continent", "#.n_pop"),
                null,
                null);

        private static final List<Dim> DIMS = List.of(
                new Dim(
                        "dim_c",
                        "c_key",
                        List.of("f_c"),
                        List.of(
                                "#.c_region = 'ASIA'",
                                "#.c_region IN ('AMERICA', 'EUROPE')",
                                "#.c_region IS NULL",
                                "#.c_nation < 'NATION18'",
                                "#.c_seg BETWEEN 1 AND 2",
                                "#.c_seg IS NOT NULL",
                                "#.c_since >= DATE '1993-06-01'",
                                "#.c_nation <> 'NATION3'"),
                        List.of("#.c_region", "#.c_nation", "#.c_seg", "#.c_since"),
                        "c_nation",
                        NATIONS),
                new Dim(
                        "dim_d",
                        "d_key",
                        List.of("f_d", "f_d2"),
                        List.of(
                                "#.d_year = 1993",
                                "#.d_year BETWEEN 1992 AND 1994",
                                "#.d_month IN ('M1', 'M2', 'M7')",
                                "#.d_flag",
                                "NOT #.d_flag",
                                "#.d_day < DATE '1992-09-15'"),
                        List.of("#.d_year", "#.d_month", "#.d_flag", "#.d_day"),
                        null,
                        null),
                new Dim(
                        "dim_p",
                        "p_key",
                        List.of("f_p"),
                        List.of(
                                "#.p_brand = 'BRAND#7'",
                                "#.p_brand >= 'BRAND#30'",
                                "#.p_brand IS NULL",
                                "#.p_size < 10",
                                "#.p_price > 300.00",
                                "#.p_size IN (1, 2, 3, 40)"),
                        List.of("#.p_brand", "#.p_size", "#.p_price"),
                        null,
                        null));

        private static final List<String> FACT_FILTERS =
                List.of("f.k_small < 4", "f.m_int > 0", "f.m_dec BETWEEN 10 AND 500", "f.k_small IN (2, 5, 8)");
        private static final List<String> AGGREGATES = List.of(
                "sum(f.m_int)",
                "sum(f.m_dec)",
                "count(*)",
                "count(f.f_p)",
                "min(f.m_big)",
                "max(f.m_dec)",
                "avg(f.m_int)",
                "sum(f.m_int * f.k_small)",
                "max(f.f_p)");

        private final Random random;

        Generator(Random random) {
            this.random = random;
        }

        String next() {
            List<String> tables = new ArrayList<>();
            List<String> joins = new ArrayList<>();
            List<String> filters = new ArrayList<>();
            List<String> keys = new ArrayList<>();
            boolean onSyntax = random.nextBoolean();
            int dims = 1 + random.nextInt(3);
            List<Dim> chosen = new ArrayList<>(DIMS);
            java.util.Collections.shuffle(chosen, random);
            int alias = 0;
            for (Dim d : chosen.subList(0, dims)) {
                List<String> fks = d.foreignKeys().size() > 1 && random.nextInt(3) == 0
                        ? d.foreignKeys()
                        : List.of(d.foreignKeys()
                                .get(random.nextInt(d.foreignKeys().size())));
                for (String fk : fks) {
                    String a = "d" + alias++;
                    tables.add(d.table() + " " + a);
                    joins.add(
                            random.nextBoolean()
                                    ? "f." + fk + " = " + a + "." + d.key()
                                    : a + "." + d.key() + " = f." + fk);
                    for (int i = random.nextInt(3); i > 0; i--) {
                        filters.add(pick(d.filters()).replace("#", a));
                    }
                    if (random.nextInt(3) > 0) {
                        keys.add(pick(d.keys()).replace("#", a));
                    }
                    if (d.sub() != null && random.nextInt(3) == 0) {
                        String b = "d" + alias++;
                        tables.add(d.sub().table() + " " + b);
                        joins.add(
                                a + "." + d.subKey() + " = " + b + "." + d.sub().key());
                        if (random.nextBoolean())
                            filters.add(pick(d.sub().filters()).replace("#", b));
                        if (random.nextBoolean()) keys.add(pick(d.sub().keys()).replace("#", b));
                    }
                }
            }
            for (int i = random.nextInt(3) == 0 ? 1 : 0; i > 0; i--) filters.add(pick(FACT_FILTERS));
            if (random.nextInt(4) == 0) keys.add("f.k_small");
            keys = new ArrayList<>(new java.util.LinkedHashSet<>(keys));
            List<String> aggregates = new ArrayList<>();
            for (int i = 1 + random.nextInt(3); i > 0; i--) aggregates.add(pick(AGGREGATES));
            aggregates = new ArrayList<>(new java.util.LinkedHashSet<>(aggregates));

            StringBuilder sql = new StringBuilder("SELECT ");
            List<String> items = new ArrayList<>(keys);
            for (int i = 0; i < aggregates.size(); i++) items.add(aggregates.get(i) + " AS a" + i);
            sql.append(String.join(", ", items)).append(" FROM fact f");
            List<String> where = new ArrayList<>(filters);
            if (onSyntax) {
                for (int i = 0; i < tables.size(); i++) {
                    sql.append(" JOIN ").append(tables.get(i)).append(" ON ").append(joins.get(i));
                }
            } else {
                for (String t : tables) sql.append(", ").append(t);
                where.addAll(0, joins);
                java.util.Collections.shuffle(where, random);
            }
            if (!where.isEmpty()) sql.append(" WHERE ").append(String.join(" AND ", where));
            if (!keys.isEmpty()) sql.append(" GROUP BY ").append(String.join(", ", keys));
            if (!keys.isEmpty() && random.nextInt(5) == 0) sql.append(" HAVING count(*) > 3");
            if (!keys.isEmpty() && random.nextBoolean()) {
                List<String> order = new ArrayList<>();
                for (String k : keys) order.add(k + (random.nextBoolean() ? " DESC" : "") + " NULLS FIRST");
                sql.append(" ORDER BY ").append(String.join(", ", order));
                if (random.nextBoolean()) sql.append(" LIMIT ").append(1 + random.nextInt(20));
            }
            return sql.toString();
        }

        private String pick(List<String> from) {
            return from.get(random.nextInt(from.size()));
        }
    }
}
