package org.raydb.ssb.bench;

import java.util.ArrayList;
import java.util.List;
import org.raydb.ssb.query.SqlLiterals;
import org.raydb.ssb.query.SsbQuery;

/**
 * Everything one vary-constants bench run measured: the run's header (machine, data, driver settings, the seed
 * the constants were drawn with), the threads, the timed seconds per side, whether constants were bound to
 * prepared statements, when and by which command, and what the runner measured.
 */
public record VaryConstantsReport(
        RunHeader header,
        int threads,
        double durationSeconds,
        boolean prepared,
        String timestamp,
        String command,
        VaryConstantsRunner.Outcome outcome) {

    /** One template: its catalog text with {@code ?} for its constants, and both sides' figures for it. */
    public record TemplateRow(
            String id, String sql, VaryConstantsSide.Template duckdb, VaryConstantsSide.Template raydb) {}

    /** The templates the run drew from, in the order they were chosen. */
    public List<TemplateRow> templates() {
        List<TemplateRow> rows = new ArrayList<>();
        for (int i = 0; i < outcome.templates().size(); i++) {
            SsbQuery template = outcome.templates().get(i);
            rows.add(new TemplateRow(
                    template.id(),
                    SqlLiterals.parameterized(template.sql()),
                    outcome.duckdb().templates().get(i),
                    outcome.raydb().templates().get(i)));
        }
        return rows;
    }

    /** RayDB's queries per second over DuckDB's. */
    public double throughputRatio() {
        return outcome.raydb().queriesPerSecond() / outcome.duckdb().queriesPerSecond();
    }

    public List<VaryConstantsCheck> mismatches() {
        return outcome.checks().stream().filter(c -> !c.exact()).toList();
    }

    /** No checked answer differed and no query failed on either side. */
    public boolean passed() {
        return mismatches().isEmpty()
                && outcome.duckdb().errors() == 0
                && outcome.raydb().errors() == 0;
    }
}
