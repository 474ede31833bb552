package org.raydb.offload.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * The exact set of values of one column that a single-column predicate accepts, under SQL's three-valued
 * logic: a sorted list of disjoint ranges over non-NULL values, plus what the predicate yields for NULL.
 * A row passes a filter only when the predicate is TRUE, so NULL passes only for {@code IS NULL}-like sets.
 * Bounds are {@code Long} (a value's storage form, see {@link ColumnType}) or {@code String} (compared by
 * UTF-8 bytes, DuckDB's default binary collation).
 */
public record ValueSet(List<Range> ranges, Tri nullResult) {

    /** Truth value for NULL input. */
    public enum Tri {
        TRUE,
        FALSE,
        UNKNOWN;

        Tri and(Tri o) {
            if (this == FALSE || o == FALSE) {
                return FALSE;
            }
            return this == TRUE && o == TRUE ? TRUE : UNKNOWN;
        }

        Tri or(Tri o) {
            if (this == TRUE || o == TRUE) {
                return TRUE;
            }
            return this == FALSE && o == FALSE ? FALSE : UNKNOWN;
        }

        Tri not() {
            return this == TRUE ? FALSE : this == FALSE ? TRUE : UNKNOWN;
        }
    }

    /** One range; a {@code null} bound is unbounded. */
    public record Range(Comparable<Object> lo, boolean loInclusive, Comparable<Object> hi, boolean hiInclusive) {

        boolean isEmpty() {
            if (lo == null || hi == null) {
                return false;
            }
            int c = compare(lo, hi);
            return c > 0 || (c == 0 && !(loInclusive && hiInclusive));
        }

        public boolean contains(Object v) {
            if (lo != null) {
                int c = compare(v, lo);
                if (c < 0 || (c == 0 && !loInclusive)) {
                    return false;
                }
            }
            if (hi != null) {
                int c = compare(v, hi);
                return c < 0 || (c == 0 && hiInclusive);
            }
            return true;
        }
    }

    /** Every non-NULL value (a comparison's NULL yields UNKNOWN). */
    public static ValueSet allValues() {
        return new ValueSet(List.of(new Range(null, false, null, false)), Tri.UNKNOWN);
    }

    public static ValueSet isNull() {
        return new ValueSet(List.of(), Tri.TRUE);
    }

    public static ValueSet isNotNull() {
        return new ValueSet(List.of(new Range(null, false, null, false)), Tri.FALSE);
    }

    @SuppressWarnings("unchecked")
    public static ValueSet compare(String op, Object value) {
        Comparable<Object> v = (Comparable<Object>) value;
        Range r = switch (op) {
            case "=" -> new Range(v, true, v, true);
            case "<" -> new Range(null, false, v, false);
            case "<=" -> new Range(null, false, v, true);
            case ">" -> new Range(v, false, null, false);
            case ">=" -> new Range(v, true, null, false);
            case "<>" -> null;
            default -> throw new IllegalArgumentException(op);
        };
        if (r == null) {
            return new ValueSet(
                    List.of(new Range(null, false, v, false), new Range(v, false, null, false)), Tri.UNKNOWN);
        }
        return new ValueSet(List.of(r), Tri.UNKNOWN);
    }

    public boolean accepts(Object value) {
        if (value == null) {
            return nullResult == Tri.TRUE;
        }
        for (Range r : ranges) {
            if (r.contains(value)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Both range lists are sorted and disjoint, so one merging pass intersects them (a chain of a thousand
     * {@code <>} conjuncts stays linear per step).
     */
    public ValueSet and(ValueSet o) {
        List<Range> out = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < ranges.size() && j < o.ranges.size()) {
            Range a = ranges.get(i);
            Range b = o.ranges.get(j);
            Range r = intersect(a, b);
            if (!r.isEmpty()) {
                out.add(r);
            }
            if (compareUpper(a, b) <= 0) {
                i++;
            } else {
                j++;
            }
        }
        return new ValueSet(List.copyOf(out), nullResult.and(o.nullResult));
    }

    public ValueSet or(ValueSet o) {
        return union(List.of(this, o));
    }

    /** The union of many sets in one sort (an IN list of ten thousand values, not ten thousand merges). */
    public static ValueSet union(List<ValueSet> sets) {
        List<Range> all = new ArrayList<>();
        Tri nulls = Tri.FALSE;
        for (ValueSet s : sets) {
            all.addAll(s.ranges);
            nulls = nulls.or(s.nullResult);
        }
        return new ValueSet(normalize(all), nulls);
    }

    public ValueSet not() {
        List<Range> out = new ArrayList<>();
        Comparable<Object> prev = null;
        boolean prevInclusive = false;
        boolean unboundedStart = true;
        for (Range r : ranges) {
            if (r.lo != null) {
                Range gap = new Range(
                        unboundedStart ? null : prev, !unboundedStart && !prevInclusive, r.lo, !r.loInclusive);
                if (!gap.isEmpty()) {
                    out.add(gap);
                }
            }
            if (r.hi == null) {
                return new ValueSet(out, nullResult.not());
            }
            prev = r.hi;
            prevInclusive = r.hiInclusive;
            unboundedStart = false;
        }
        out.add(new Range(unboundedStart ? null : prev, !unboundedStart && !prevInclusive, null, false));
        return new ValueSet(out, nullResult.not());
    }

    private static Range intersect(Range a, Range b) {
        Comparable<Object> lo;
        boolean loInc;
        if (a.lo == null || (b.lo != null && compare(b.lo, a.lo) > 0)) {
            lo = b.lo;
            loInc = b.loInclusive;
        } else if (b.lo == null || compare(a.lo, b.lo) > 0) {
            lo = a.lo;
            loInc = a.loInclusive;
        } else {
            lo = a.lo;
            loInc = a.loInclusive && b.loInclusive;
        }
        Comparable<Object> hi;
        boolean hiInc;
        if (a.hi == null || (b.hi != null && compare(b.hi, a.hi) < 0)) {
            hi = b.hi;
            hiInc = b.hiInclusive;
        } else if (b.hi == null || compare(a.hi, b.hi) < 0) {
            hi = a.hi;
            hiInc = a.hiInclusive;
        } else {
            hi = a.hi;
            hiInc = a.hiInclusive && b.hiInclusive;
        }
        return new Range(lo, loInc, hi, hiInc);
    }

    /** Sorts by lower bound and merges overlapping or touching ranges. */
    private static List<Range> normalize(List<Range> in) {
        List<Range> sorted = new ArrayList<>(in.size());
        for (Range r : in) {
            if (!r.isEmpty()) {
                sorted.add(r);
            }
        }
        sorted.sort(ValueSet::compareLower);
        List<Range> out = new ArrayList<>();
        for (Range r : sorted) {
            if (!out.isEmpty()) {
                Range last = out.get(out.size() - 1);
                if (touches(last, r)) {
                    out.set(
                            out.size() - 1,
                            new Range(last.lo, last.loInclusive, maxHi(last, r), maxHiInclusive(last, r)));
                    continue;
                }
            }
            out.add(r);
        }
        return List.copyOf(out);
    }

    private static boolean touches(Range a, Range b) {
        if (a.hi == null || b.lo == null) {
            return true;
        }
        int c = compare(a.hi, b.lo);
        return c > 0 || (c == 0 && (a.hiInclusive || b.loInclusive));
    }

    private static Comparable<Object> maxHi(Range a, Range b) {
        if (a.hi == null || b.hi == null) {
            return null;
        }
        return compare(a.hi, b.hi) >= 0 ? a.hi : b.hi;
    }

    private static boolean maxHiInclusive(Range a, Range b) {
        if (a.hi == null || b.hi == null) {
            return false;
        }
        int c = compare(a.hi, b.hi);
        return c > 0 ? a.hiInclusive : c < 0 ? b.hiInclusive : a.hiInclusive || b.hiInclusive;
    }

    /** Orders ranges by upper bound, unbounded last. */
    private static int compareUpper(Range a, Range b) {
        if (a.hi == null || b.hi == null) {
            return a.hi == null ? (b.hi == null ? 0 : 1) : -1;
        }
        int c = compare(a.hi, b.hi);
        if (c != 0) {
            return c;
        }
        return a.hiInclusive == b.hiInclusive ? 0 : a.hiInclusive ? 1 : -1;
    }

    private static int compareLower(Range a, Range b) {
        if (a.lo == null || b.lo == null) {
            return a.lo == null ? (b.lo == null ? 0 : -1) : 1;
        }
        int c = compare(a.lo, b.lo);
        if (c != 0) {
            return c;
        }
        return a.loInclusive == b.loInclusive ? 0 : a.loInclusive ? -1 : 1;
    }

    /** Compares two bounds of one domain: longs numerically, strings by UTF-8 bytes. */
    public static int compare(Object a, Object b) {
        if (a instanceof String s && b instanceof String t) {
            return Utf8Order.compare(s, t);
        }
        return Long.compare((Long) a, (Long) b);
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (Range r : ranges) {
            if (!out.isEmpty()) {
                out.append(" OR ");
            }
            if (r.lo != null && r.hi != null && compare(r.lo, r.hi) == 0) {
                out.append("= ").append(r.lo);
                continue;
            }
            out.append(r.lo == null ? "(-inf" : (r.loInclusive ? "[" : "(") + r.lo)
                    .append(", ")
                    .append(r.hi == null ? "+inf)" : r.hi + (r.hiInclusive ? "]" : ")"));
        }
        if (nullResult == Tri.TRUE) {
            out.append(out.isEmpty() ? "IS NULL" : " OR IS NULL");
        }
        return out.isEmpty() ? "none" : out.toString();
    }
}
