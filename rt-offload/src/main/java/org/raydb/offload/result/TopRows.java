package org.raydb.offload.result;

import java.util.Comparator;
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

    /** Storage-form values ({@link ResultBuilder#rows}), non-NULL, in the sort key's order. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Comparator<Object> order() {
        Comparator<Object> ascending =
                (a, b) -> a instanceof String s ? Utf8Order.compare(s, (String) b) : ((Comparable) a).compareTo(b);
        return descending ? ascending.reversed() : ascending;
    }
}
