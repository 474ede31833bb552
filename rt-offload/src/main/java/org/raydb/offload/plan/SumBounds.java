package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Declines, while planning, measures the engines cannot evaluate exactly in 64 bits although DuckDB answers
 * them (a product of DECIMALs may be wider than 18 digits): each measure's values, and each part of it, must
 * stay within the 64-bit range by DuckDB's column statistics ({@code stats()}, kept by DuckDB, no scan). Sums
 * over the rows are not bounded here: the row count times the largest value overstates them by far (TPC-H q1's
 * charge at SF 20: a bound of 1.4e19 for sums of 4.5e18), and the engines check them on the data (the GPU
 * engines the sum of |value| over the resident rows, the cpu engine every addition), declining a job whose sum
 * leaves 64 bits then.
 */
final class SumBounds {

    private static final BigInteger LIMIT = BigInteger.ONE.shiftLeft(63);

    private SumBounds() {}

    /** An interval of exact values; {@code null} bounds where statistics do not tell. */
    private record Range(BigDecimal lo, BigDecimal hi) {
        BigDecimal magnitude() {
            return lo == null || hi == null ? null : lo.abs().max(hi.abs());
        }
    }

    static void check(StatisticsCache cache, Connection session, OffloadPlan plan, long tableOid)
            throws SQLException, NotQualified {
        List<Aggregate> measured = new ArrayList<>();
        Set<String> columns = new LinkedHashSet<>();
        for (Aggregate a : plan.aggregates()) {
            if (a.argument() != null
                    && (a.function().accumulator() == AggregateFunction.Accumulator.SUM
                            || !(a.argument() instanceof Expr.Column))) {
                measured.add(a);
                a.argument().collectColumns(columns);
                gates(a.argument(), columns);
            }
        }
        if (measured.isEmpty()) {
            return;
        }
        ColumnStatistics statistics;
        try {
            statistics = cache.read(session, plan.table(), tableOid, new ArrayList<>(columns));
        } catch (SQLException e) {
            return; // no statistics for these columns: the engines' own checks remain
        }
        Map<String, Range> stats = new HashMap<>();
        for (String c : columns) {
            stats.put(c, new Range(statistics.min(c), statistics.max(c)));
        }
        for (Aggregate a : measured) {
            fits(a.argument(), stats);
        }
    }

    /** Drops the CASE gates of {@code e} from {@code columns}: BOOLEAN columns made for the query have no statistics. */
    private static void gates(Expr e, Set<String> columns) {
        switch (e) {
            case Expr.Case c -> {
                columns.remove(c.gate());
                gates(c.then(), columns);
                if (c.otherwise() != null) gates(c.otherwise(), columns);
            }
            case Expr.Cast c -> gates(c.child(), columns);
            case Expr.Arith x -> {
                gates(x.left(), columns);
                gates(x.right(), columns);
            }
            case Expr.Column c -> {}
            case Expr.Constant k -> {}
        }
    }

    /** The expression's largest magnitude, after checking that it and every part fit 64 bits; null if unknown. */
    private static BigDecimal fits(Expr e, Map<String, Range> stats) throws NotQualified {
        Range r = range(e, stats);
        BigDecimal magnitude = r.magnitude();
        if (magnitude != null && unscaled(magnitude, e.type()).compareTo(LIMIT) >= 0) {
            throw new NotQualified(e.canonical() + " may exceed the exact 64-bit range (values up to "
                    + magnitude.toPlainString() + ", of type " + e.type().sql() + ")");
        }
        if (e instanceof Expr.Arith x) {
            fits(x.left(), stats);
            fits(x.right(), stats);
        } else if (e instanceof Expr.Cast c) {
            fits(c.child(), stats);
        } else if (e instanceof Expr.Case c) {
            fits(c.then(), stats);
            if (c.otherwise() != null) fits(c.otherwise(), stats);
        }
        return magnitude;
    }

    private static Range range(Expr e, Map<String, Range> stats) {
        return switch (e) {
            case Expr.Column c -> stats.getOrDefault(c.name(), new Range(null, null));
            case Expr.Constant k -> new Range(k.value(), k.value());
            case Expr.Cast c -> range(c.child(), stats);
            case Expr.Arith x -> arith(x.op(), range(x.left(), stats), range(x.right(), stats));
            case Expr.Case c ->
                c.otherwise() == null
                        ? range(c.then(), stats)
                        : union(range(c.then(), stats), range(c.otherwise(), stats));
        };
    }

    private static Range union(Range a, Range b) {
        return a.lo() == null || a.hi() == null || b.lo() == null || b.hi() == null
                ? new Range(null, null)
                : new Range(a.lo().min(b.lo()), a.hi().max(b.hi()));
    }

    private static Range arith(char op, Range l, Range r) {
        if (l.lo() == null || l.hi() == null || r.lo() == null || r.hi() == null) {
            return new Range(null, null);
        }
        return switch (op) {
            case '+' -> new Range(l.lo().add(r.lo()), l.hi().add(r.hi()));
            case '-' -> new Range(l.lo().subtract(r.hi()), l.hi().subtract(r.lo()));
            default -> {
                List<BigDecimal> p = List.of(
                        l.lo().multiply(r.lo()),
                        l.lo().multiply(r.hi()),
                        l.hi().multiply(r.lo()),
                        l.hi().multiply(r.hi()));
                yield new Range(
                        p.stream().min(BigDecimal::compareTo).get(),
                        p.stream().max(BigDecimal::compareTo).get());
            }
        };
    }

    private static BigInteger unscaled(BigDecimal magnitude, ColumnType type) {
        return magnitude
                .movePointRight(type.numericScale())
                .setScale(0, java.math.RoundingMode.CEILING)
                .toBigInteger();
    }
}
