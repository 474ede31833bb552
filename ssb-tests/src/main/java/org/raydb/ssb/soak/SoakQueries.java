package org.raydb.ssb.soak;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.raydb.ssb.query.QueryCatalog;
import org.raydb.ssb.query.QueryForm;
import org.raydb.ssb.query.SsbQuery;
import org.raydb.ssb.suite.QueryExecution;
import org.raydb.ssb.suite.ResultComparison;
import org.raydb.ssb.suite.ResultTable;

/**
 * The queries a soak runs and their expected answers from plain {@code jdbc:duckdb:}: the 13 flat SSB queries
 * and, for each of q1.1, q2.1, q3.1 and q4.1, {@value #VARIANTS} variants with other constants drawn from the
 * seed. Before the soak it checks that the writers' rows change none of these answers.
 */
final class SoakQueries {

    /** One query and the answer every run of it must give. */
    record Case(String label, SsbQuery query, ResultTable expected) {}

    static final int VARIANTS = 3;
    private static final List<String> REGIONS = List.of("AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST");

    private SoakQueries() {}

    static List<Case> expected(Path database, long seed, int writers) throws SQLException {
        List<SsbQuery> queries = new ArrayList<>(QueryCatalog.select(QueryCatalog.IDS, List.of(QueryForm.FLAT)));
        queries.addAll(variants(new Random(seed)));
        List<Case> cases = new ArrayList<>();
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:" + database)) {
            for (SsbQuery query : queries) {
                cases.add(new Case(
                        query.id(),
                        query,
                        QueryExecution.run(duckdb, query.sql()).result()));
            }
            checkWritesChangeNothing(duckdb, cases, writers);
        }
        return List.copyOf(cases);
    }

    /**
     * Inserts every writer's rows inside a transaction on plain DuckDB, runs each query there and rolls back:
     * any answer that moves means the writers' rows are not invisible to the queries, and the soak would
     * report mismatches that are no fault of the driver's.
     */
    private static void checkWritesChangeNothing(Connection duckdb, List<Case> cases, int writers) throws SQLException {
        duckdb.setAutoCommit(false);
        try {
            for (int w = 0; w < Math.max(writers, 1); w++) {
                try (var statement = duckdb.createStatement()) {
                    statement.executeUpdate(SoakWriter.insertSql(w));
                }
            }
            for (Case c : cases) {
                Optional<String> moved = ResultComparison.difference(
                        c.expected(),
                        QueryExecution.run(duckdb, c.query().sql()).result(),
                        c.query().orderByNames());
                if (moved.isPresent()) {
                    throw new SQLException("the soak's writes would change " + c.label() + ": " + moved.get());
                }
            }
        } finally {
            duckdb.rollback();
            duckdb.setAutoCommit(true);
        }
    }

    private static List<SsbQuery> variants(Random random) {
        List<SsbQuery> out = new ArrayList<>();
        for (int v = 1; v <= VARIANTS; v++) {
            int discount = 1 + random.nextInt(8);
            out.add(variant(
                    "q1.1",
                    v,
                    "d_year = 1993",
                    "d_year = " + (1992 + random.nextInt(7)),
                    "lo_discount BETWEEN 1 AND 3",
                    "lo_discount BETWEEN " + discount + " AND " + (discount + 2),
                    "lo_quantity < 25",
                    "lo_quantity < " + (20 + random.nextInt(16))));
            out.add(variant(
                    "q2.1",
                    v,
                    "'MFGR#12'",
                    "'MFGR#" + (1 + random.nextInt(5)) + (1 + random.nextInt(5)) + "'",
                    "'AMERICA'",
                    region(random)));
            int from = 1992 + random.nextInt(2);
            out.add(variant(
                    "q3.1",
                    v,
                    "c_region = 'ASIA'",
                    "c_region = " + region(random),
                    "s_region = 'ASIA'",
                    "s_region = " + region(random),
                    "d_year >= 1992 AND d_year <= 1997",
                    "d_year >= " + from + " AND d_year <= " + (from + 5)));
            int mfgr = 1 + random.nextInt(4);
            out.add(variant(
                    "q4.1",
                    v,
                    "c_region = 'AMERICA'",
                    "c_region = " + region(random),
                    "s_region = 'AMERICA'",
                    "s_region = " + region(random),
                    "'MFGR#1' OR",
                    "'MFGR#" + mfgr + "' OR",
                    "'MFGR#2')",
                    "'MFGR#" + (mfgr + 1) + "')"));
        }
        return out;
    }

    private static String region(Random random) {
        return "'" + REGIONS.get(random.nextInt(REGIONS.size())) + "'";
    }

    /** The flat query {@code id} with each {@code (old, new)} pair of texts replaced, labelled {@code id#v}. */
    private static SsbQuery variant(String id, int v, String... pairs) {
        String sql = QueryCatalog.get(id, QueryForm.FLAT).sql();
        for (int i = 0; i < pairs.length; i += 2) {
            if (!sql.contains(pairs[i])) {
                throw new IllegalStateException(id + " no longer contains " + pairs[i]);
            }
            sql = sql.replace(pairs[i], pairs[i + 1]);
        }
        return new SsbQuery(id + "#" + v, QueryForm.FLAT, sql);
    }
}
