package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * COUNT of a VARCHAR column needs only its validity, but the offload loads and dictionary-encodes every string
 * of a column it reads (tens of seconds for a comment column of millions of distinct values), which DuckDB
 * never does to count. Where the query reads the column nowhere else and DuckDB's distinct estimate says
 * the dictionary would be large, the query is declined before that cost is paid.
 */
final class CountedStrings {

    /** Distinct strings beyond which encoding a column only to count it is declined. */
    static final long MAX_DISTINCT = 1 << 16;

    private CountedStrings() {}

    static void check(StatisticsCache cache, Connection session, OffloadPlan plan, long tableOid)
            throws SQLException, NotQualified {
        List<String> counted = new ArrayList<>();
        for (Aggregate a : plan.aggregates()) {
            if (a.function().accumulator() == AggregateFunction.Accumulator.NONE
                    && a.argument() instanceof Expr.Column c
                    && c.type().kind() == ColumnType.Kind.VARCHAR
                    && plan.filters().stream().noneMatch(f -> f.column().equals(c.name()))
                    && plan.groups().stream().noneMatch(g -> g.column().equals(c.name()))) {
                counted.add(c.name());
            }
        }
        if (counted.isEmpty()) {
            return;
        }
        ColumnStatistics stats = cache.read(session, plan.table(), tableOid, counted);
        for (String c : counted) {
            BigDecimal distinct = stats.distinct(c);
            if (distinct == null || distinct.longValue() > MAX_DISTINCT) {
                throw new NotQualified("count(" + c + ") of a VARCHAR column the query reads nowhere else, with "
                        + (distinct == null ? "an unknown number of" : "about " + distinct) + " distinct values:"
                        + " the offload would load and encode every string of it, DuckDB counts its validity");
            }
        }
    }
}
