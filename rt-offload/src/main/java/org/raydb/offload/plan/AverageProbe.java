package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.raydb.offload.json.Json;
import org.raydb.offload.json.JsonNode;

/**
 * Asks DuckDB, in the application's session, which form its plan of a statement gives the AVGs whose form its
 * column statistics decide ({@link AverageForm#of} {@code null}): the physical plan's grouped aggregates still
 * name {@code avg} where DuckDB keeps its own aggregate, and name none where it divides a SUM by a COUNT.
 * Statistics change with the data only, so one answer holds for one table version. Where some of those AVGs
 * keep DuckDB's aggregate and others do not, which is which is not told by the plan: the query does not
 * qualify.
 */
public final class AverageProbe {

    private AverageProbe() {}

    /** The form of {@code plan}'s statistics-decided AVGs in DuckDB's plan of {@code boundSql} now. */
    public static AverageForm ask(Connection session, String boundSql, OffloadPlan plan)
            throws SQLException, NotQualified {
        Set<String> decidedAggregates = new LinkedHashSet<>();
        Set<String> asked = new LinkedHashSet<>();
        for (Aggregate a : plan.aggregates()) {
            if (a.function() != AggregateFunction.AVG) continue;
            AverageForm form = AverageForm.of(plan.groups(), plan.aggregates(), a);
            if (form == null) asked.add(a.canonical());
            else if (form == AverageForm.AVG_AGGREGATE) decidedAggregates.add(a.canonical());
        }
        String json = null;
        try (Statement s = session.createStatement();
                ResultSet rs = s.executeQuery("EXPLAIN (FORMAT JSON) " + boundSql)) {
            while (rs.next()) { // one row, or several under the session's explain_output
                if ("physical_plan".equals(rs.getString(1))) json = rs.getString(2);
            }
        }
        if (json == null) {
            throw new NotQualified("a grouped AVG whose form DuckDB's physical plan tells, which EXPLAIN does not"
                    + " show under this session's explain_output");
        }
        List<String> aggregates = new ArrayList<>();
        int operators = 0;
        for (Object root : (List<?>) Json.parse(json)) {
            operators += groupedAggregates(JsonNode.of(root), aggregates);
        }
        long kept = aggregates.stream().filter(a -> a.startsWith("avg(")).count();
        if (operators == 1 && kept == decidedAggregates.size()) {
            return AverageForm.SUM_OVER_COUNT;
        }
        if (operators == 1 && kept == decidedAggregates.size() + asked.size()) {
            if (asked.size() > 0 && AverageForm.LONG_DOUBLE_BITS == 0) {
                for (Aggregate a : plan.aggregates()) {
                    if (asked.contains(a.canonical())
                            && AverageForm.dividesInLongDouble(a.argument().type())) {
                        throw new NotQualified(
                                "grouped AVG of a " + a.argument().type() + " value on this platform"
                                        + " (DuckDB divides it in a long double of unknown precision here)");
                    }
                }
            }
            return AverageForm.AVG_AGGREGATE;
        }
        throw new NotQualified("grouped AVGs that DuckDB's plan computes in different forms (its avg aggregate for"
                + " some, SUM / COUNT for others, as the columns' statistics decide)");
    }

    /** Adds the aggregates of every grouped aggregate operator under {@code op}; returns how many there are. */
    private static int groupedAggregates(JsonNode op, List<String> out) {
        int found = 0;
        String name = op.str("name");
        JsonNode info = op.obj("extra_info");
        if (name != null && name.endsWith("GROUP_BY") && info != null) {
            found++;
            Object list = info.raw("Aggregates");
            if (list instanceof List<?> l) l.forEach(a -> out.add(a.toString()));
            else if (list != null) out.add(list.toString());
        }
        for (JsonNode child : op.nodes("children")) {
            found += groupedAggregates(child, out);
        }
        return found;
    }
}
