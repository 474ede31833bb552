package org.raydb.offload.result;

import java.util.Comparator;
import org.raydb.offload.engine.GroupCut;
import org.raydb.offload.plan.OffloadPlan;
import org.raydb.offload.plan.Utf8Order;

/**
 * What a finishing statement that orders and limits the groups keeps of them: at most the first {@code count} in
 * the order of its first sort key, the result's field {@code field}, and every group tied with the last of those
 * (its further sort keys decide among them). Groups beyond cannot be in the answer, so they are never made into
 * rows, handed over or sorted.
 *
 * @param field      the first sort key's field in the result's rows
 * @param descending its direction
 * @param count      OFFSET plus LIMIT
 */
public record TopRows(int field, boolean descending, long count) {

    /**
     * The cut an engine may make for this finish of {@code plan}'s result ({@link ResultBuilder#fields}), or null
     * where the first sort key is a group key or an aggregate without an order-preserving accumulator (AVG).
     */
    public GroupCut groupCut(OffloadPlan plan) {
        int a = field - plan.keys().size();
        if (a < 0 || a >= plan.aggregates().size()) return null;
        return switch (plan.aggregates().get(a).function()) {
            case COUNT, COUNT_STAR, SUM, MIN, MAX -> new GroupCut(a, descending, count);
            default -> null;
        };
    }

    /** About how many groups a finish that keeps {@code top} hands over at most ({@code null}: all of them). */
    public static long kept(TopRows top) {
        return top == null ? Long.MAX_VALUE : top.count();
    }

    /** The cut an engine may make for a finish that keeps {@code top} ({@code null}: none), as {@link #groupCut}. */
    public static GroupCut cut(TopRows top, OffloadPlan plan) {
        return top == null ? null : top.groupCut(plan);
    }

    /** Storage-form values ({@link ResultBuilder#rows}), non-NULL, in the sort key's order. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Comparator<Object> order() {
        Comparator<Object> ascending =
                (a, b) -> a instanceof String s ? Utf8Order.compare(s, (String) b) : ((Comparable) a).compareTo(b);
        return descending ? ascending.reversed() : ascending;
    }
}
