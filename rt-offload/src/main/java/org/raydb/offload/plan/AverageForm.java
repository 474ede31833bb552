package org.raydb.offload.plan;

import java.util.List;
import java.util.Locale;

/**
 * Which arithmetic DuckDB 2.0, with its default optimizers, uses for an AVG the offload answers. Its aggregate
 * rewriter turns AVG(x) into SUM(x) / COUNT(x); with GROUP BY the plan keeps DuckDB's own avg aggregate
 * unless that SUM or COUNT is shared with another aggregate of the same GROUP BY. Whether COUNT(x) is shared
 * depends on column statistics after the filters (COUNT(x) over a column without NULLs becomes COUNT(*)),
 * which change with the data: such an AVG's form is asked of DuckDB's own plan for each table version
 * ({@link AverageProbe}).
 */
public enum AverageForm {
    /** {@code CAST(SUM(x) AS DOUBLE) / CAST(COUNT(x) AS DOUBLE)}. */
    SUM_OVER_COUNT,
    /** DuckDB's avg aggregate: the sum over count·10^scale, in long double for 32-bit and wider inputs. */
    AVG_AGGREGATE;

    /**
     * Significant bits of the C++ {@code long double} DuckDB's native library divides in: the x87 extended
     * format on x86-64 outside Windows, 0 where the offload does not know it.
     */
    public static final int LONG_DOUBLE_BITS = longDoubleBits();

    /**
     * The form of {@code avg} among {@code aggregates}, or {@code null} when it depends on statistics (then the
     * plan's {@link OffloadPlan#askedAverage()} holds it).
     */
    public static AverageForm of(List<GroupKey> groups, List<Aggregate> aggregates, Aggregate avg) {
        // The rewriter leaves aggregates with a FILTER clause alone (DuckDB 2.0's plans show avg(..) FILTER ..,
        // grouped or not), and shares none of their sums or counts.
        if (avg.filtered()) {
            return AVG_AGGREGATE;
        }
        if (groups.isEmpty()) {
            return SUM_OVER_COUNT;
        }
        boolean undecided = false;
        for (Aggregate other : aggregates) {
            AggregateFunction fn = other.function();
            if (other == avg || other.filtered() || fn == AggregateFunction.MIN || fn == AggregateFunction.MAX) {
                continue;
            }
            boolean sameArgument = avg.argument().equals(other.argument());
            if (sameArgument && (fn == AggregateFunction.SUM || fn == AggregateFunction.COUNT)) {
                return SUM_OVER_COUNT;
            }
            // A SUM of another expression never shares; one whose text differs only in casts might.
            undecided |= fn != AggregateFunction.SUM
                    || other.argument().canonical().equals(avg.argument().canonical());
        }
        return undecided ? null : AVG_AGGREGATE;
    }

    /** Throws when the offload cannot reproduce {@code avg}'s answer bit for bit, in either form. */
    static void check(List<GroupKey> groups, List<Aggregate> aggregates, Aggregate avg) throws NotQualified {
        AverageForm form = of(groups, aggregates, avg);
        if (form != SUM_OVER_COUNT && dividesInLongDouble(avg.argument().type()) && LONG_DOUBLE_BITS == 0) {
            throw new NotQualified("grouped AVG of a " + avg.argument().type() + " value on this platform"
                    + " (DuckDB divides it in a long double of unknown precision here)");
        }
    }

    /** Whether DuckDB's avg aggregate divides in long double: inputs stored wider than 16 bits. */
    public static boolean dividesInLongDouble(ColumnType type) {
        return switch (type.kind()) {
            case SMALLINT -> false;
            case DECIMAL -> type.width() > 4;
            default -> true;
        };
    }

    private static int longDoubleBits() {
        String arch = System.getProperty("os.arch", "");
        boolean x86 = arch.equals("amd64") || arch.equals("x86_64");
        boolean windows =
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
        return x86 && !windows ? 64 : 0;
    }
}
