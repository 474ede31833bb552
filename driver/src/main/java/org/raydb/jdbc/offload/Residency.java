package org.raydb.jdbc.offload;

/**
 * What the offload layer holds now for the whole process: {@code hostBytes} of resident table snapshots (columns,
 * encodings, indexes) counted against the {@code host.memory} budget of {@code hostBudgetBytes}, and
 * {@code gpuBytes} of device data counted against {@code gpu.memory}, whose budget is {@code gpuBudgetBytes}; both
 * device figures are summed over the GPUs opened so far (0 and 0 where none is).
 */
public record Residency(long hostBytes, long hostBudgetBytes, long gpuBytes, long gpuBudgetBytes) {

    /** Nothing held and no budget: no offload layer, or one that holds nothing. */
    public static final Residency NONE = new Residency(0, 0, 0, 0);
}
