package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.EnumSet;
import java.util.List;

/**
 * The aggregate functions the offload computes, each with what the offload knows of it: the accumulator its
 * inputs fold into (beside the count of non-NULL inputs every aggregate keeps), which arguments qualify and
 * how DuckDB's value is produced from that count and accumulator. The result type is DuckDB's, read from its
 * plan; each constant names it.
 */
public enum AggregateFunction {
    /** HUGEINT for integer arguments, DECIMAL(38,s) for DECIMAL(p,s). */
    SUM(Accumulator.SUM) {
        @Override
        public Object finish(OffloadPlan plan, Aggregate self, long count, long value) {
            return count == 0 ? null : atScale(self, value);
        }
    },
    /** DOUBLE, from the exact sum and count divided as DuckDB's plan divides them ({@link AverageForm}). */
    AVG(Accumulator.SUM) {
        @Override
        public void qualify(Expr argument, ColumnType result) throws NotQualified {
            super.qualify(argument, result);
            if (result.kind() != ColumnType.Kind.DOUBLE) {
                throw new NotQualified("AVG with result type " + result);
            }
        }

        @Override
        public void checkAmong(List<GroupKey> groups, List<Aggregate> aggregates, Aggregate self) throws NotQualified {
            AverageForm.check(groups, aggregates, self);
        }

        @Override
        public Object finish(OffloadPlan plan, Aggregate self, long count, long value) {
            if (count == 0) {
                return null;
            }
            AverageForm form = AverageForm.of(plan.groups(), plan.aggregates(), self);
            if (form == null) {
                form = plan.askedAverage();
            }
            if (form == null) {
                throw new IllegalStateException("the form of " + self + " was not asked of DuckDB");
            }
            return DuckDbAverage.of(form, value, self.argument().type(), count);
        }
    },
    /** The argument's type. */
    MIN(Accumulator.MIN) {
        @Override
        public void qualify(Expr argument, ColumnType result) throws NotQualified {
            qualifyExtreme(this, argument, result);
        }
    },
    /** The argument's type. */
    MAX(Accumulator.MAX) {
        @Override
        public void qualify(Expr argument, ColumnType result) throws NotQualified {
            qualifyExtreme(this, argument, result);
        }
    },
    /** BIGINT; reads only its argument's validity. */
    COUNT(Accumulator.NONE) {
        @Override
        public void qualify(Expr argument, ColumnType result) throws NotQualified {
            if (!argument.type().isKeyType() && !(argument.type().kind() == ColumnType.Kind.HUGEINT)) {
                throw new NotQualified("COUNT of a " + argument.type() + " value");
            }
        }

        @Override
        public Object finish(OffloadPlan plan, Aggregate self, long count, long value) {
            return count;
        }
    },
    /** BIGINT; no argument, it counts the rows hit. */
    COUNT_STAR(Accumulator.NONE) {
        @Override
        public Object finish(OffloadPlan plan, Aggregate self, long count, long value) {
            return count;
        }
    },
    /**
     * BIGINT; COUNT(DISTINCT column). The job groups by the column too (its last group key, {@link
     * OffloadPlan#keys}), and the result counts each group's non-NULL values of it: its jobs count rows.
     */
    COUNT_DISTINCT(Accumulator.NONE) {
        @Override
        public void qualify(Expr argument, ColumnType result) throws NotQualified {
            if (!(argument instanceof Expr.Column c) || !c.type().isKeyType()) {
                throw new NotQualified("COUNT(DISTINCT) of an expression or of a " + argument.type() + " value");
            }
        }

        @Override
        public void checkAmong(List<GroupKey> groups, List<Aggregate> aggregates, Aggregate self) throws NotQualified {
            for (Aggregate a : aggregates) {
                if (a.function() != COUNT_STAR && !a.canonical().equals(self.canonical())) {
                    throw new NotQualified("COUNT(DISTINCT) beside aggregates other than COUNT(*) or itself");
                }
            }
        }

        @Override
        public Object finish(OffloadPlan plan, Aggregate self, long count, long value) {
            return count;
        }
    };

    /**
     * The 64-bit value an aggregate folds its non-NULL inputs into, exactly: a sum that leaves 64 bits raises
     * {@link ArithmeticException}, so the query falls back to DuckDB rather than being answered inexactly.
     */
    public enum Accumulator {
        /** No value: the function needs only the count. */
        NONE(0, false),
        SUM(0, false),
        MIN(Long.MAX_VALUE, true),
        MAX(Long.MIN_VALUE, true);

        private final long identity;
        private final boolean onDemand;

        Accumulator(long identity, boolean onDemand) {
            this.identity = identity;
            this.onDemand = onDemand;
        }

        /** The value before any input, and of a group without rows. */
        public long identity() {
            return identity;
        }

        /**
         * Whether the device keeps this accumulator's array only for jobs with such an aggregate (the count and
         * sum arrays it always keeps), each one more array a job's kernels write and the cost model weighs.
         */
        public boolean onDemand() {
            return onDemand;
        }

        /** {@code acc} with {@code v} (an input or a partial result) folded in. */
        public long fold(long acc, long v) {
            return switch (this) {
                case NONE -> acc;
                case SUM -> Math.addExact(acc, v);
                case MIN -> Math.min(acc, v);
                case MAX -> Math.max(acc, v);
            };
        }

        /** The accumulators that the aggregates need. */
        public static EnumSet<Accumulator> of(List<Aggregate> aggregates) {
            EnumSet<Accumulator> needed = EnumSet.noneOf(Accumulator.class);
            for (Aggregate a : aggregates) {
                needed.add(a.function().accumulator());
            }
            return needed;
        }
    }

    private final Accumulator accumulator;

    AggregateFunction(Accumulator accumulator) {
        this.accumulator = accumulator;
    }

    /** The function for DuckDB's catalog name, or {@code null} when it does not qualify. */
    public static AggregateFunction forName(String name) {
        return switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "sum" -> SUM;
            case "avg" -> AVG;
            case "min" -> MIN;
            case "max" -> MAX;
            case "count" -> COUNT;
            case "count_star" -> COUNT_STAR;
            default -> null;
        };
    }

    public String sqlName() {
        return this == COUNT_STAR ? "count_star" : name().toLowerCase(java.util.Locale.ROOT);
    }

    /** What the non-NULL inputs fold into. */
    public Accumulator accumulator() {
        return accumulator;
    }

    /** Whether it takes an argument; COUNT(*) does not, and counts the rows hit instead of non-NULL inputs. */
    public boolean takesArgument() {
        return this != COUNT_STAR;
    }

    /**
     * Throws unless the offload answers this function of {@code argument} exactly, with DuckDB's
     * {@code result} type. The default admits integer and DECIMAL measures: the exact 64-bit accumulators.
     */
    public void qualify(Expr argument, ColumnType result) throws NotQualified {
        if (!argument.type().isExactNumeric()) {
            throw new NotQualified(sqlName().toUpperCase(java.util.Locale.ROOT) + " of a " + argument.type()
                    + " value (only integer and DECIMAL measures qualify)");
        }
    }

    /**
     * MIN and MAX also take a DATE, TIMESTAMP or VARCHAR column: its storage form (days, microseconds, the code
     * into its dictionary in UTF-8 byte order, which is how DuckDB orders strings without a collation) orders as
     * its values do, and the extreme goes back with the column's own type (a string decoded by the result).
     */
    private static void qualifyExtreme(AggregateFunction f, Expr argument, ColumnType result) throws NotQualified {
        ColumnType.Kind kind = argument.type().kind();
        boolean ordered =
                (kind == ColumnType.Kind.DATE || kind == ColumnType.Kind.TIMESTAMP || kind == ColumnType.Kind.VARCHAR)
                        && argument.valuesOf() != null
                        && result.equals(argument.type());
        if (!ordered && !argument.type().isExactNumeric()) {
            throw new NotQualified(f.sqlName().toUpperCase(java.util.Locale.ROOT) + " of a " + argument.type()
                    + " value (only integer and DECIMAL measures, and DATE, TIMESTAMP or VARCHAR columns qualify)");
        }
    }

    /** Throws unless {@code self} is answered exactly beside the other aggregates of its query. */
    public void checkAmong(List<GroupKey> groups, List<Aggregate> aggregates, Aggregate self) throws NotQualified {}

    /**
     * DuckDB's value of {@code self}, an aggregate of {@code plan}, for a group from its non-NULL inputs (COUNT(*):
     * rows hit) and its accumulator. The default, MIN and MAX: the argument's value, NULL without inputs.
     */
    public Object finish(OffloadPlan plan, Aggregate self, long count, long value) {
        if (count == 0) {
            return null;
        }
        return self.resultType().kind() == ColumnType.Kind.DECIMAL ? atScale(self, value) : (Object) value;
    }

    /** The unscaled {@code value} at the argument's scale. */
    private static BigDecimal atScale(Aggregate self, long value) {
        return new BigDecimal(BigInteger.valueOf(value), self.argument().type().numericScale());
    }
}
