package org.raydb.offload.gpu.selftest;

/**
 * One self-test check: what ran, on how many rows, whether the GPU's answer equalled the Java one, the
 * device time in milliseconds (median of the timed launches; NaN when not timed) and a short detail.
 */
public record CheckResult(String name, long rows, boolean passed, double millis, String detail) {

    static CheckResult of(String name, long rows, String mismatch, double millis, String detail) {
        return new CheckResult(name, rows, mismatch == null, millis, mismatch == null ? detail : mismatch);
    }
}
