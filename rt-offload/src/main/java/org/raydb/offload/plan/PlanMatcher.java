package org.raydb.offload.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.raydb.offload.json.Json;
import org.raydb.offload.json.JsonNode;

/**
 * Finds the offloadable aggregation in the JSON of DuckDB's optimized logical plan: exactly one
 * {@code LOGICAL_AGGREGATE_AND_GROUP_BY} over exactly one base-table {@code LOGICAL_GET}, with only
 * projections and filters between them, and only operators that DuckDB can run over the aggregated result
 * above (projection, filter/HAVING, ORDER BY, TOP N, LIMIT, DISTINCT, CTEs, further aggregation).
 */
public final class PlanMatcher {

    /** The reason where DuckDB's optimizer replaced the scan by an empty result: DuckDB answers at once. */
    static final String EMPTY_INPUT = "DuckDB's optimizer proved the input empty (contradictory filters)";

    private static final Set<String> ALLOWED_ABOVE = Set.of(
            "LOGICAL_PROJECTION",
            "LOGICAL_FILTER",
            "LOGICAL_ORDER_BY",
            "LOGICAL_TOP_N",
            "LOGICAL_LIMIT",
            "LOGICAL_DISTINCT",
            "LOGICAL_MATERIALIZED_CTE",
            "LOGICAL_CTE_REF");

    private PlanMatcher() {}

    /** Matches the plan JSON returned by {@code json_serialize_plan}. */
    public static OffloadPlan match(String planJson) throws NotQualified {
        JsonNode root = JsonNode.of(Json.parse(planJson));
        if (Boolean.TRUE.equals(root.raw("error"))) {
            throw new NotQualified("DuckDB could not plan it: " + root.str("error_message"));
        }
        List<JsonNode> plans = root.nodes("plans");
        if (plans.size() != 1) {
            throw new NotQualified(plans.isEmpty() ? "not a query" : "several statements");
        }
        List<JsonNode> aggregates = new ArrayList<>();
        List<JsonNode> gets = new ArrayList<>();
        scan(plans.get(0), aggregates, gets);
        if (aggregates.isEmpty()) {
            throw new NotQualified("no aggregation over the table");
        }
        if (aggregates.size() > 1) {
            throw new NotQualified("more than one aggregation over a table");
        }
        if (gets.size() != 1) {
            throw new NotQualified(gets.isEmpty() ? "no base table" : "more than one table scan (joins or self-joins)");
        }
        return matchAggregate(aggregates.get(0));
    }

    /**
     * Collects the aggregations that read the table directly (through projections and filters only) and
     * every scan; everything else must be an operator DuckDB can run over the offloaded groups (including
     * further aggregations of them).
     */
    private static void scan(JsonNode op, List<JsonNode> aggregates, List<JsonNode> gets) throws NotQualified {
        String type = op.str("type");
        if (type.equals("LOGICAL_EMPTY_RESULT")) {
            throw new NotQualified(EMPTY_INPUT);
        }
        if (type.equals("LOGICAL_GET")) {
            gets.add(op);
            return;
        }
        boolean aggregate = type.equals("LOGICAL_AGGREGATE_AND_GROUP_BY");
        if (aggregate && readsTableDirectly(op)) {
            aggregates.add(op);
        } else if (!aggregate && !ALLOWED_ABOVE.contains(type) && !windowOverGroups(op)) {
            throw new NotQualified(describe(type) + " in the query");
        }
        for (JsonNode child : op.nodes("children")) {
            scan(child, aggregates, gets);
        }
    }

    /**
     * A window over the groups an aggregation beneath it makes ({@code sum(count(*)) OVER ()}): DuckDB computes it
     * over the offloaded groups as over its own; one over the table's rows is not.
     */
    private static boolean windowOverGroups(JsonNode op) {
        return op.str("type").equals("LOGICAL_WINDOW") && below(op, "LOGICAL_AGGREGATE_AND_GROUP_BY");
    }

    private static boolean below(JsonNode op, String type) {
        for (JsonNode child : op.nodes("children")) {
            if (child.str("type").equals(type) || below(child, type)) return true;
        }
        return false;
    }

    private static boolean readsTableDirectly(JsonNode aggregate) {
        JsonNode op = aggregate.nodes("children").get(0);
        while (op.str("type").equals("LOGICAL_PROJECTION") || op.str("type").equals("LOGICAL_FILTER")) {
            op = op.nodes("children").get(0);
        }
        return op.str("type").equals("LOGICAL_GET");
    }

    private static String describe(String op) {
        return switch (op) {
            case "LOGICAL_WINDOW" -> "window function";
            case "LOGICAL_COMPARISON_JOIN",
                    "LOGICAL_CROSS_PRODUCT",
                    "LOGICAL_ANY_JOIN",
                    "LOGICAL_DELIM_JOIN",
                    "LOGICAL_DEPENDENT_JOIN" -> "join";
            case "LOGICAL_UNION", "LOGICAL_EXCEPT", "LOGICAL_INTERSECT" -> "set operation";
            default ->
                op.replace("LOGICAL_", "").toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + " operator";
        };
    }

    private static OffloadPlan matchAggregate(JsonNode agg) throws NotQualified {
        if (agg.list("grouping_sets").size() > 1
                || !agg.list("grouping_functions").isEmpty()) {
            throw new NotQualified("GROUPING SETS, ROLLUP or CUBE");
        }
        Map<String, ColumnFilter> filters = new LinkedHashMap<>();
        Input input = input(agg.nodes("children").get(0), filters);

        List<GroupKey> groups = new ArrayList<>();
        for (JsonNode g : agg.nodes("groups")) {
            Expr x = PlanExpressions.resolve(g, input::ref);
            if (!(x instanceof Expr.Column c)) {
                throw new NotQualified("GROUP BY on an expression not computed as a column here (a function DuckDB"
                        + " does not mark CONSISTENT, a type other than integers, DECIMAL, DATE, TIMESTAMP, BOOLEAN or"
                        + " VARCHAR, or a key GROUP BY ALL names)");
            }
            if (!c.type().isKeyType()) {
                throw new NotQualified("GROUP BY on " + c.type() + " column " + c.name());
            }
            groups.add(new GroupKey(c.name(), c.type()));
        }
        List<Aggregate> aggregates = new ArrayList<>();
        for (JsonNode a : agg.nodes("expressions")) {
            aggregates.add(aggregate(a, input));
        }
        // COUNT(DISTINCT c): the job groups by c too, as the last key (OffloadPlan.keys).
        Aggregate distinct = aggregates.stream()
                .filter(a -> a.function() == AggregateFunction.COUNT_DISTINCT)
                .findFirst()
                .orElse(null);
        if (distinct != null) {
            Expr.Column counted = (Expr.Column) distinct.argument();
            if (groups.stream().anyMatch(g -> g.column().equals(counted.name()))) {
                throw new NotQualified("COUNT(DISTINCT) of a group key");
            }
            groups.add(new GroupKey(counted.name(), counted.type()));
        }
        for (Aggregate a : aggregates) {
            a.function().checkAmong(groups, aggregates, a);
        }
        return new OffloadPlan(input.table, List.copyOf(filters.values()), groups, aggregates);
    }

    private static Aggregate aggregate(JsonNode a, Input input) throws NotQualified {
        String name = a.qnameLast("qname");
        AggregateFunction fn = AggregateFunction.forName(name);
        if (fn == null) {
            throw new NotQualified("aggregate " + name);
        }
        boolean distinct = !"NON_DISTINCT".equals(a.str("aggregate_type"));
        if (distinct && (fn != AggregateFunction.COUNT || a.raw("filter") != null)) {
            throw new NotQualified(
                    "DISTINCT aggregate " + name + (fn == AggregateFunction.COUNT ? " with FILTER" : ""));
        }
        if (distinct) fn = AggregateFunction.COUNT_DISTINCT;
        if (a.raw("order_bys") != null) {
            throw new NotQualified("aggregate " + name + " with ORDER BY");
        }
        // FILTER (WHERE gate) is the argument under CASE WHEN gate THEN argument END; COUNT(*)'s is COUNT(1)'s.
        String gate = a.raw("filter") == null ? null : PlanExpressions.gate(a.obj("filter"), input::ref);
        ColumnType result = ColumnType.fromPlan(a.obj("return_type"));
        List<JsonNode> children = a.nodes("children");
        if (!fn.takesArgument()) {
            if (gate == null) return new Aggregate(fn, null, result);
            Expr one = new Expr.Constant(java.math.BigDecimal.ONE, ColumnType.of(ColumnType.Kind.INTEGER));
            return new Aggregate(AggregateFunction.COUNT, new Expr.Case(gate, one, null, one.type()), result, true);
        }
        if (children.size() != 1) {
            throw new NotQualified("aggregate " + name + " with " + children.size() + " arguments");
        }
        Expr arg = PlanExpressions.resolve(children.get(0), input::ref);
        if (gate != null) arg = new Expr.Case(gate, arg, null, arg.type());
        fn.qualify(arg, result);
        return new Aggregate(fn, arg, result, gate != null);
    }

    /** What the aggregate reads: the table and, per input position, the expression it stands for. */
    private static final class Input {
        TableRef table;
        List<Expr> outputs;

        Expr ref(int index) {
            return index < outputs.size() ? outputs.get(index) : null;
        }
    }

    /** Walks projections and filters down to the GET, collecting filters and the output expressions. */
    private static Input input(JsonNode op, Map<String, ColumnFilter> filters) throws NotQualified {
        String type = op.str("type");
        switch (type) {
            case "LOGICAL_GET":
                return get(op, filters);
            case "LOGICAL_FILTER": {
                Input in = input(op.nodes("children").get(0), filters);
                for (JsonNode e : op.nodes("expressions")) {
                    PredicateReader.Atom atom = PredicateReader.expression(e, in::ref);
                    addFilter(filters, atom.column(), atom.values());
                }
                List<Object> map = op.list("projection_map");
                if (!map.isEmpty()) {
                    List<Expr> mapped = new ArrayList<>();
                    for (Object m : map) {
                        mapped.add(in.ref(((java.math.BigDecimal) m).intValueExact()));
                    }
                    in.outputs = mapped;
                }
                return in;
            }
            case "LOGICAL_PROJECTION": {
                Input in = input(op.nodes("children").get(0), filters);
                List<Expr> out = new ArrayList<>();
                for (JsonNode e : op.nodes("expressions")) {
                    try {
                        out.add(PlanExpressions.resolve(e, in::ref));
                    } catch (NotQualified unused) {
                        // Only a problem if the aggregate reads it; a null output makes that refuse.
                        out.add(null);
                    }
                }
                in.outputs = out;
                return in;
            }
            default:
                throw new NotQualified(describe(type) + " between the aggregation and its table");
        }
    }

    private static Input get(JsonNode get, Map<String, ColumnFilter> filters) throws NotQualified {
        if (!"seq_scan".equals(get.qnameLast("qname"))) {
            throw new NotQualified("scan of " + get.qnameLast("qname") + " (not a base table)");
        }
        JsonNode data = get.obj("function_data");
        Input in = new Input();
        in.table = new TableRef(data.str("catalog"), data.str("schema"), data.str("table"));
        List<Object> names = get.list("names");
        List<JsonNode> types = get.nodes("returned_types");
        List<Expr.Column> read = new ArrayList<>();
        for (JsonNode ci : get.nodes("column_indexes")) {
            java.math.BigDecimal index = (java.math.BigDecimal) ci.raw("index");
            if (!ci.list("child_indexes").isEmpty()) {
                throw new NotQualified("nested column access");
            }
            if (index.compareTo(java.math.BigDecimal.valueOf(names.size())) >= 0) {
                read.add(null); // the row id (DuckDB reads it when a scan needs no column): never a measure
                continue;
            }
            int i = index.intValueExact();
            read.add(new Expr.Column(names.get(i).toString(), ColumnType.fromPlan(types.get(i))));
        }
        JsonNode tf = get.obj("table_filters");
        if (tf != null) {
            for (JsonNode f : tf.nodes("filters")) {
                JsonNode value = f.obj("value");
                if (PredicateReader.isHint(value)) {
                    continue;
                }
                Expr.Column c = read.get((int) f.num("key"));
                if (c == null || !c.type().isKeyType()) {
                    throw new NotQualified("filter on " + c.type() + " column " + c.name());
                }
                addFilter(filters, c, PredicateReader.tableFilter(value, c));
            }
            List<JsonNode> multi = tf.nodes("multi_column_filters");
            if (!multi.isEmpty()) {
                throw new NotQualified(multiColumnReason(multi.get(0).obj("expr"), names, get.nodes("column_indexes")));
            }
        }
        List<Object> projection = get.list("projection_ids");
        List<Expr> outputs = new ArrayList<>();
        if (projection.isEmpty()) {
            outputs.addAll(read);
        } else {
            for (Object p : projection) {
                outputs.add(read.get(((java.math.BigDecimal) p).intValueExact()));
            }
        }
        in.outputs = outputs;
        return in;
    }

    /** Why a filter over several columns does not qualify, naming its columns where it compares two. */
    private static String multiColumnReason(JsonNode expr, List<Object> names, List<JsonNode> columnIndexes) {
        String type = expr == null ? "" : expr.str("type");
        if (type.startsWith("COMPARE_") && expr.nodes("children").size() == 2) {
            List<String> columns = new ArrayList<>();
            for (JsonNode c : expr.nodes("children")) {
                if (!"BOUND_REF".equals(c.str("expression_class"))) {
                    return "a comparison of expressions over several columns (only comparisons with constants"
                            + " qualify)";
                }
                int read = (int) c.num("index");
                java.math.BigDecimal index = read < columnIndexes.size()
                        ? (java.math.BigDecimal) columnIndexes.get(read).raw("index")
                        : null;
                columns.add(
                        index != null && index.intValue() < names.size()
                                ? names.get(index.intValue()).toString()
                                : "?");
            }
            return "a comparison of two columns (" + columns.get(0) + ", " + columns.get(1)
                    + "; only comparisons with constants, or of two columns whose types compare exactly, qualify)";
        }
        return "OR across columns (a multi-column filter; only conjunctive filters qualify)";
    }

    private static void addFilter(Map<String, ColumnFilter> filters, Expr.Column c, ValueSet values) {
        ColumnFilter prev = filters.get(c.name());
        filters.put(
                c.name(),
                new ColumnFilter(
                        c.name(),
                        c.type(),
                        prev == null ? values : prev.values().and(values)));
    }
}
