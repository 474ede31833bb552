package org.raydb.ssb.query;

import static org.raydb.ssb.query.AdhocQueries.pick;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.raydb.ssb.gen.Domains;

/**
 * Flat SSB queries (all 13, or those chosen) as templates whose constants are drawn at random from the SSB
 * specification's domains ({@link Domains}), the same for the same seed and stream. Each query keeps its catalog
 * text with only the constants replaced, so that a plan cache keyed by the text without its constants sees one
 * template per query. What is drawn, per template (a pair such as {@code d, d+2} keeps the catalog's width):
 *
 * <ul>
 *   <li>q1.1: a year 1992-1998, discount {@code d..d+2} with d in 1..8, quantity below 20..35;
 *   <li>q1.2: a year-month, discount as q1.1, quantity {@code q..q+9} within 1..50; q1.3: a week 1..53 and a
 *       year, discount and quantity as q1.2;
 *   <li>q2.1: a category and a region; q2.2: a range of 8 brands of one category and a region; q2.3: a brand
 *       and a region;
 *   <li>q3.1: one region for customer and supplier, years {@code y..y+5}; q3.2: one nation for both; q3.3: two
 *       cities of one nation for both; q3.4: those and a month such as {@code Dec1997};
 *   <li>q4.1: one region for both and two manufacturers; q4.2: those and two consecutive years; q4.3: a region,
 *       a supplier nation in it, two consecutive years and a category.
 * </ul>
 */
public final class VariedConstants {

    private static final Domains.IntRange YEARS = Domains.years();
    private static final List<Integer> YEAR_MONTHS = Domains.yearMonths();
    private static final List<String> MONTH_NAMES = Domains.yearMonthNames();
    private static final List<String> REGIONS = Domains.regions();
    private static final List<String> NATIONS = Domains.nations();
    private static final List<String> MANUFACTURERS = Domains.manufacturers();
    private static final List<String> CATEGORIES = Domains.categories();
    private static final List<String> BRANDS = Domains.brands();
    /** The catalog's ranges: six years in q3.x, eight brands in q2.2, ten quantities in q1.2 and q1.3. */
    private static final int YEAR_SPAN = 5;

    private static final int BRAND_SPAN = 7;
    private static final int QUANTITY_SPAN = 9;

    private static final Map<String, Function<SplittableRandom, List<Object>>> DRAWS = Map.ofEntries(
            Map.entry("q1.1", r -> {
                int d = discount(r);
                return List.of(year(r), d, d + 2, r.nextInt(20, 36));
            }),
            Map.entry("q1.2", r -> {
                int d = discount(r);
                int q = quantity(r);
                return List.of(pick(r, YEAR_MONTHS), d, d + 2, q, q + QUANTITY_SPAN);
            }),
            Map.entry("q1.3", r -> {
                int d = discount(r);
                int q = quantity(r);
                Domains.IntRange weeks = Domains.WEEK_IN_YEAR;
                return List.of(r.nextInt(weeks.min(), weeks.max() + 1), year(r), d, d + 2, q, q + QUANTITY_SPAN);
            }),
            Map.entry("q2.1", r -> List.of(pick(r, CATEGORIES), pick(r, REGIONS))),
            Map.entry("q2.2", r -> {
                List<String> brands = Domains.brands(pick(r, CATEGORIES));
                int b = r.nextInt(brands.size() - BRAND_SPAN);
                return List.of(brands.get(b), brands.get(b + BRAND_SPAN), pick(r, REGIONS));
            }),
            Map.entry("q2.3", r -> List.of(pick(r, BRANDS), pick(r, REGIONS))),
            Map.entry("q3.1", r -> {
                String region = pick(r, REGIONS);
                int from = firstOfSixYears(r);
                return List.of(region, region, from, from + YEAR_SPAN);
            }),
            Map.entry("q3.2", r -> {
                String nation = pick(r, NATIONS);
                int from = firstOfSixYears(r);
                return List.of(nation, nation, from, from + YEAR_SPAN);
            }),
            Map.entry("q3.3", r -> {
                List<String> cities = two(r, Domains.cities(pick(r, NATIONS)));
                int from = firstOfSixYears(r);
                return List.of(cities.get(0), cities.get(1), cities.get(0), cities.get(1), from, from + YEAR_SPAN);
            }),
            Map.entry("q3.4", r -> {
                List<String> cities = two(r, Domains.cities(pick(r, NATIONS)));
                return List.of(cities.get(0), cities.get(1), cities.get(0), cities.get(1), pick(r, MONTH_NAMES));
            }),
            Map.entry("q4.1", r -> {
                String region = pick(r, REGIONS);
                List<String> mfgrs = two(r, MANUFACTURERS);
                return List.of(region, region, mfgrs.get(0), mfgrs.get(1));
            }),
            Map.entry("q4.2", r -> {
                String region = pick(r, REGIONS);
                int year = firstOfTwoYears(r);
                List<String> mfgrs = two(r, MANUFACTURERS);
                return List.of(region, region, year, year + 1, mfgrs.get(0), mfgrs.get(1));
            }),
            Map.entry("q4.3", r -> {
                String region = pick(r, REGIONS);
                int year = firstOfTwoYears(r);
                return List.of(region, pick(r, Domains.nations(region)), year, year + 1, pick(r, CATEGORIES));
            }));

    private final List<SsbQuery> templates;
    private final SplittableRandom random;
    private final int stream;
    private int drawn;

    /**
     * The flat queries with these ids ({@link QueryCatalog#IDS} for all 13), in the order given, each once: a
     * template met twice would split its figures over two rows of the bench's report.
     */
    public static List<SsbQuery> templates(Collection<String> ids) {
        return QueryCatalog.select(ids.stream().distinct().toList(), List.of(QueryForm.FLAT));
    }

    /**
     * Stream {@code stream} (one per thread) of the queries drawn with {@code seed} from {@code templates}
     * ({@link #templates}): streams of one seed are independent of each other and the same from run to run.
     */
    public VariedConstants(List<SsbQuery> templates, long seed, int stream) {
        if (templates.isEmpty()) {
            throw new IllegalArgumentException("no templates to draw from");
        }
        for (SsbQuery template : templates) {
            if (template.form() != QueryForm.FLAT || !DRAWS.containsKey(template.id())) {
                throw new IllegalArgumentException("not a flat SSB template: " + template.label());
            }
        }
        this.templates = List.copyOf(templates);
        SplittableRandom root = new SplittableRandom(seed);
        SplittableRandom own = root.split();
        for (int s = 0; s < stream; s++) {
            own = root.split();
        }
        this.random = own;
        this.stream = stream;
    }

    /** The next query: the templates in turn, stream s starting at the s-th, each with constants of its own. */
    public VariedQuery next() {
        return draw(templates.get((stream + drawn++) % templates.size()));
    }

    private VariedQuery draw(SsbQuery template) {
        return VariedQuery.of(template, DRAWS.get(template.id()).apply(random));
    }

    private static int year(SplittableRandom r) {
        return r.nextInt(YEARS.min(), YEARS.max() + 1);
    }

    private static int firstOfSixYears(SplittableRandom r) {
        return r.nextInt(YEARS.min(), YEARS.max() - YEAR_SPAN + 1);
    }

    private static int firstOfTwoYears(SplittableRandom r) {
        return r.nextInt(YEARS.min(), YEARS.max());
    }

    /** The lower bound of a discount range of three, as the catalog's {@code BETWEEN 1 AND 3}. */
    private static int discount(SplittableRandom r) {
        return r.nextInt(1, 9);
    }

    private static int quantity(SplittableRandom r) {
        Domains.IntRange q = Domains.QUANTITY;
        return r.nextInt(q.min(), q.max() - QUANTITY_SPAN + 1);
    }

    /** Two distinct items, in the list's order. */
    private static List<String> two(SplittableRandom r, List<String> items) {
        int a = r.nextInt(items.size());
        int b = r.nextInt(items.size() - 1);
        b += b >= a ? 1 : 0;
        return List.of(items.get(Math.min(a, b)), items.get(Math.max(a, b)));
    }
}
