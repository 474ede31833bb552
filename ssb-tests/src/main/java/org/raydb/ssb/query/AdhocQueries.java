package org.raydb.ssb.query;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Function;
import org.raydb.ssb.gen.Domains;

/**
 * Random ad-hoc queries over {@code lineorder_flat}, the same for the same seed: 1 to 4 filters (equality, an
 * IN list of 2 to 5 values, or BETWEEN on ordered columns) on columns of different dimensions, with constants
 * from the generated data's own domains ({@link Domains}); 0 to 3 group keys among the columns of at most
 * 1,000 values, also the ORDER BY; 1 to 3 aggregates: sum, min, max or avg of a measure or a simple product
 * or difference of measures, count(*) or count of a measure. The queries stay within what the offload layer
 * takes on (README, "What is offloaded"), so that a query DuckDB answers shows a gap rather than a documented
 * refusal. No two queries are the same text.
 */
public final class AdhocQueries {

    /** Group key combinations of more possible groups are drawn again: a result stays a report to read. */
    static final int MAX_GROUPS = 10_000;

    private static final int MAX_KEY_VALUES = 1_000;
    private static final int MAX_IN_VALUES = 5;

    /**
     * A column that filters and groups: its family (columns of one dimension hierarchy, of which a query
     * filters one, since two would mostly contradict each other), its values as SQL literals in SQL order,
     * and whether BETWEEN suits it.
     */
    private record Column(String name, String family, List<String> literals, boolean ordered) {}

    private static final List<Column> COLUMNS = List.of(
            numbers("lo_discount", "lo_discount", Domains.DISCOUNT.values()),
            numbers("lo_quantity", "lo_quantity", Domains.QUANTITY.values()),
            numbers("lo_tax", "lo_tax", Domains.TAX.values()),
            numbers("lo_orderdate", "date", Domains.orderDates()),
            numbers("d_year", "date", Domains.years().values()),
            numbers("d_yearmonthnum", "date", Domains.yearMonths()),
            numbers("p_size", "p_size", Domains.PART_SIZE.values()),
            strings("c_region", "customer", Domains.regions(), false),
            strings("c_nation", "customer", Domains.nations(), false),
            strings("c_city", "customer", Domains.cities(), false),
            strings("s_region", "supplier", Domains.regions(), false),
            strings("s_nation", "supplier", Domains.nations(), false),
            strings("s_city", "supplier", Domains.cities(), false),
            strings("p_mfgr", "part", Domains.manufacturers(), false),
            strings("p_category", "part", Domains.categories(), false),
            strings("p_brand1", "part", Domains.brands(), true),
            strings("lo_shipmode", "lo_shipmode", Domains.shipModes(), false),
            strings("lo_orderpriority", "lo_orderpriority", Domains.orderPriorities(), false));

    private static final List<Column> KEYS =
            COLUMNS.stream().filter(c -> c.literals().size() <= MAX_KEY_VALUES).toList();

    private static final List<String> MEASURES = List.of(
            "lo_quantity",
            "lo_extendedprice",
            "lo_ordtotalprice",
            "lo_discount",
            "lo_revenue",
            "lo_supplycost",
            "lo_tax");

    /** Products and differences whose sums stay within 64 bits at SF 100, so that none is declined for them. */
    private static final List<String> ARGUMENTS = concat(
            MEASURES,
            List.of(
                    "lo_extendedprice * lo_discount",
                    "lo_extendedprice * lo_tax",
                    "lo_supplycost * lo_quantity",
                    "lo_revenue - lo_supplycost"));

    private static final List<String> FUNCTIONS = List.of("sum", "min", "max", "avg");

    private AdhocQueries() {}

    /** {@code count} distinct queries, ids {@code a01} (as many digits as {@code count} needs, at least two). */
    public static List<AdhocQuery> generate(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, AdhocQuery> bySql = new LinkedHashMap<>();
        String idFormat = "a%0" + Math.max(2, Integer.toString(count).length()) + "d";
        long attempts = 0;
        while (bySql.size() < count) {
            if (++attempts > 100L * count + 1000) {
                throw new IllegalStateException("could not draw " + count + " distinct ad-hoc queries");
            }
            String id = String.format(Locale.ROOT, idFormat, bySql.size() + 1);
            AdhocQuery query = draw(id, random);
            bySql.putIfAbsent(query.sql(), query);
        }
        return List.copyOf(bySql.values());
    }

    private static AdhocQuery draw(String id, SplittableRandom random) {
        List<String> filters = filters(random);
        List<String> keys = groupKeys(random);
        List<String> aggregates;
        do {
            aggregates = distinct(random, 1 + random.nextInt(3), AdhocQueries::aggregate);
        } while (averageDependsOnStatistics(keys, aggregates));
        return new AdhocQuery(id, filters, keys, aggregates);
    }

    /** 1 to 4 filters, no two on one family. */
    private static List<String> filters(SplittableRandom random) {
        int count = 1 + random.nextInt(4);
        List<String> families = new ArrayList<>();
        List<String> filters = new ArrayList<>();
        while (filters.size() < count) {
            Column column = pick(random, COLUMNS);
            if (!families.contains(column.family())) {
                families.add(column.family());
                filters.add(filter(random, column));
            }
        }
        return List.copyOf(filters);
    }

    private static String filter(SplittableRandom random, Column column) {
        List<String> values = column.literals();
        return switch (random.nextInt(column.ordered() ? 3 : 2)) {
            case 0 -> column.name() + " = " + pick(random, values);
            case 1 -> {
                // At most all values but one: an IN list of every value filters nothing.
                int size = 2 + random.nextInt(Math.min(MAX_IN_VALUES, values.size() - 1) - 1);
                TreeSet<Integer> picked = new TreeSet<>();
                while (picked.size() < size) {
                    picked.add(random.nextInt(values.size()));
                }
                yield column.name() + " IN ("
                        + String.join(", ", picked.stream().map(values::get).toList()) + ")";
            }
            default -> {
                int a = random.nextInt(values.size());
                int b = random.nextInt(values.size());
                yield column.name() + " BETWEEN " + values.get(Math.min(a, b)) + " AND " + values.get(Math.max(a, b));
            }
        };
    }

    /** 0 to 3 distinct key columns with at most {@link #MAX_GROUPS} combinations of values. */
    private static List<String> groupKeys(SplittableRandom random) {
        int count = random.nextInt(4);
        while (true) {
            List<Column> keys = new ArrayList<>();
            long groups = 1;
            while (keys.size() < count) {
                Column key = pick(random, KEYS);
                if (!keys.contains(key)) {
                    keys.add(key);
                    groups *= key.literals().size();
                }
            }
            if (groups <= MAX_GROUPS) {
                return keys.stream().map(Column::name).toList();
            }
        }
    }

    private static String aggregate(SplittableRandom random) {
        return switch (random.nextInt(FUNCTIONS.size() + 2)) {
            case 0 -> "count(*)";
            case 1 -> "count(" + pick(random, MEASURES) + ")";
            default -> pick(random, FUNCTIONS) + "(" + pick(random, ARGUMENTS) + ")";
        };
    }

    /**
     * Whether DuckDB's form of a grouped AVG here depends on column statistics (beside another AVG or a
     * COUNT). The offload answers such queries now (it asks DuckDB's plan for the form), but the draw still
     * leaves them out, so that a seed draws the queries the ad-hoc results in the benchmark report measured.
     */
    static boolean averageDependsOnStatistics(List<String> keys, List<String> aggregates) {
        long averages = aggregates.stream().filter(a -> a.startsWith("avg(")).count();
        boolean counts = aggregates.stream().anyMatch(a -> a.startsWith("count("));
        return !keys.isEmpty() && (averages > 1 || averages == 1 && counts);
    }

    private static List<String> distinct(SplittableRandom random, int count, Function<SplittableRandom, String> draw) {
        List<String> items = new ArrayList<>();
        while (items.size() < count) {
            String item = draw.apply(random);
            if (!items.contains(item)) {
                items.add(item);
            }
        }
        return List.copyOf(items);
    }

    static <T> T pick(SplittableRandom random, List<T> items) {
        return items.get(random.nextInt(items.size()));
    }

    private static Column numbers(String name, String family, List<Integer> values) {
        return new Column(name, family, values.stream().map(String::valueOf).toList(), true);
    }

    private static Column strings(String name, String family, List<String> values, boolean ordered) {
        return new Column(
                name, family, values.stream().map(SqlLiterals::literal).toList(), ordered);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }
}
