package org.raydb.offload.gpu.engine;

import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.stream.IntStream;
import org.raydb.offload.build.BuildPhases;
import org.raydb.offload.engine.MeasureProgram;
import org.raydb.offload.engine.RowRange;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.StagedUpload;
import org.raydb.offload.gpu.kernels.GatherKernels;
import org.raydb.offload.gpu.kernels.GpuKernels;
import org.raydb.offload.gpu.residency.GpuResident;

/**
 * The measures of a query, evaluated exactly once per table snapshot and kept on the GPU: {@code M} int64
 * columns back to back ({@code M x rows}) and, when any value is NULL, {@code M} validity bitmaps of 32-bit
 * words. Evaluation runs the core's {@link MeasureProgram}s on the host, once per measure list in table order,
 * so decimal scaling and the type range checks are exactly the cpu engine's; a Z-sorted projection's copy is
 * {@link #gathered} from that one on the device.
 *
 * <p>Exactness on the GPU rests on one bound checked here: when the sum of |value| over all rows fits in 63
 * bits, no partial sum of any subset of rows can overflow, in any order of atomics. Where a value cannot be
 * evaluated (it leaves its type's range) or the bound does not hold, the block records why
 * ({@link #hostOnlyReason()}) and the engines hand the job to the cpu engine, which then fails or succeeds
 * exactly as the reference does.
 */
final class MeasureBlock implements GpuResident {

    private final DeviceBuffer values;
    private final DeviceBuffer valid;
    private final int measures;
    private final int rows;
    private final String hostOnlyReason;

    private MeasureBlock(DeviceBuffer values, DeviceBuffer valid, int measures, int rows, String hostOnlyReason) {
        this.values = values;
        this.valid = valid;
        this.measures = measures;
        this.rows = rows;
        this.hostOnlyReason = hostOnlyReason;
    }

    /**
     * Evaluates {@code programs} (distinct measures) over the table rows of {@code range} in table order, straight into pinned
     * staging memory whose chunks go to the device while the next ones are evaluated (no table-sized host
     * array per measure: at SF 20 each would cost ~1 GB of page faults before the copy even starts).
     */
    static MeasureBlock build(CudaDevice device, List<MeasureProgram> programs, RowRange range) {
        int rows = range.length();
        int first = range.from();
        int m = programs.size();
        int words = (rows + 31) >>> 5;
        int[][] validity = new int[m][];
        boolean anyNull = false;
        DeviceBuffer values = device.allocate(8L * m * rows);
        DeviceBuffer valid = null;
        try {
            for (int i = 0; i < m; i++) {
                MeasureProgram p = programs.get(i);
                AbsoluteSum sum = new AbsoluteSum();
                try (BuildPhases.Span _ = BuildPhases.start(BuildPhases.Phase.MEASURES)) {
                    int[] bits = validity(p, first, rows, words);
                    StagedUpload.upload(device, values, 8L * i * rows, rows, Long.BYTES, (from, to, target) -> {
                        long s = 0;
                        boolean fits = true;
                        for (int row = (int) from, at = 0; row < to; row++, at++) {
                            long v = (bits[row >>> 5] >>> row & 1) != 0 ? p.eval(first + row) : 0;
                            target.setAtIndex(ValueLayout.JAVA_LONG, at, v);
                            if (fits) {
                                try {
                                    s = Math.addExact(s, Math.absExact(v));
                                } catch (ArithmeticException e) {
                                    fits = false;
                                }
                            }
                        }
                        sum.add(fits ? s : -1);
                    });
                    validity[i] = bits;
                    anyNull |= anyClear(bits, rows);
                } catch (ArithmeticException e) {
                    values.close();
                    return hostOnly("a measure leaves its type's range on some row (" + e.getMessage() + ")", m, rows);
                }
                if (!sum.fits()) {
                    values.close();
                    return hostOnly("the sum of |measure| over the table may leave 64 bits", m, rows);
                }
            }
            if (anyNull) {
                try (BuildPhases.Span _ = BuildPhases.start(BuildPhases.Phase.UPLOAD)) {
                    valid = device.allocate(4L * m * words);
                    for (int i = 0; i < m; i++) {
                        valid.copyFrom(validity[i], 4L * i * words);
                    }
                }
            }
        } catch (RuntimeException e) {
            values.close();
            if (valid != null) valid.close();
            throw e;
        }
        return new MeasureBlock(values, valid, m, rows, null);
    }

    /**
     * The block of several measures from blocks of one each (evaluated once per expression and snapshot, and
     * shared by every measure list that names the expression), copied on the device.
     */
    static MeasureBlock assemble(CudaDevice device, List<MeasureBlock> parts, int rows) {
        int m = parts.size();
        for (MeasureBlock p : parts) {
            if (p.hostOnlyReason != null) {
                return hostOnly(p.hostOnlyReason, m, rows);
            }
        }
        long words = GpuKernels.words(rows);
        DeviceBuffer values = device.allocate(8L * m * rows);
        DeviceBuffer valid = null;
        try {
            for (int i = 0; i < m; i++) {
                values.copyFrom(parts.get(i).values, 8L * rows, 8L * i * rows);
            }
            if (parts.stream().anyMatch(p -> p.valid != null)) {
                valid = device.allocate(4L * m * words);
                int[] allValid = null;
                for (int i = 0; i < m; i++) {
                    DeviceBuffer v = parts.get(i).valid;
                    if (v != null) {
                        valid.copyFrom(v, 4L * words, 4L * i * words);
                    } else {
                        if (allValid == null) allValid = allValid(rows, (int) words);
                        valid.copyFrom(allValid, 4L * i * words);
                    }
                }
            }
        } catch (RuntimeException e) {
            values.close();
            if (valid != null) valid.close();
            throw e;
        }
        return new MeasureBlock(values, valid, m, rows, null);
    }

    /** The validity bitmap of a measure without NULLs: {@link #validity}'s layout, bits past the rows clear. */
    private static int[] allValid(int rows, int words) {
        int[] bits = new int[words];
        java.util.Arrays.fill(bits, -1);
        int tail = rows & 31;
        if (tail != 0) bits[words - 1] = (1 << tail) - 1;
        return bits;
    }

    /**
     * A measure's validity bitmap over table rows {@code first ..first + rows} (bit {@code i}: row
     * {@code first + i}): whole 32-row words per task, so no two tasks write one word.
     */
    private static int[] validity(MeasureProgram p, int first, int rows, int words) {
        int[] bits = new int[words];
        IntStream.range(0, (words + 2047) >>> 11).parallel().forEach(c -> {
            for (int w = c << 11, lastWord = Math.min(words, (c + 1) << 11); w < lastWord; w++) {
                int end = Math.min(rows, (w + 1) << 5);
                int word = 0;
                for (int row = w << 5; row < end; row++) {
                    if (!p.isNull(first + row)) {
                        word |= 1 << (row & 31);
                    }
                }
                bits[w] = word;
            }
        });
        return bits;
    }

    /** The sum of |value| over all rows, from the parts' sums (-1: a part's own sum left 63 bits). */
    private static final class AbsoluteSum {
        private long total;
        private boolean fits = true;

        synchronized void add(long part) {
            if (part < 0) {
                fits = false;
            } else if (fits) {
                try {
                    total = Math.addExact(total, part);
                } catch (ArithmeticException e) {
                    fits = false;
                }
            }
        }

        synchronized boolean fits() {
            return fits;
        }
    }

    /**
     * The same measures in another row order, gathered on the device: position {@code i} holds row
     * {@code perm[i]} (a Z-sorted projection's order). Where this block cannot be aggregated exactly, neither
     * can the gathered one (the bound is over the whole table, whatever the order).
     */
    MeasureBlock gathered(CudaDevice device, CudaStream stream, GatherKernels gather, DeviceBuffer perm) {
        if (hostOnlyReason != null) {
            return hostOnly(hostOnlyReason, measures, rows);
        }
        long words = GpuKernels.words(rows);
        DeviceBuffer v = device.allocate(values.bytes());
        DeviceBuffer b = null;
        try {
            for (int i = 0; i < measures; i++) {
                gather.i64(stream, values.address() + 8L * i * rows, perm, rows, v.address() + 8L * i * rows);
            }
            if (valid != null) {
                b = device.allocate(valid.bytes());
                for (int i = 0; i < measures; i++) {
                    gather.bits(stream, valid.address() + 4L * i * words, perm, rows, b.address() + 4L * i * words);
                }
            }
            stream.synchronize();
        } catch (RuntimeException e) {
            v.close();
            if (b != null) b.close();
            throw e;
        }
        return new MeasureBlock(v, b, measures, rows, null);
    }

    /** Whether a validity bitmap over {@code rows} rows has a clear (NULL) bit. */
    static boolean anyClear(int[] bits, int rows) {
        for (int w = 0; w < bits.length; w++) {
            int valid = Math.min(32, rows - (w << 5));
            int full = valid == 32 ? -1 : (1 << valid) - 1;
            if (bits[w] != full) {
                return true;
            }
        }
        return false;
    }

    private static MeasureBlock hostOnly(String reason, int m, int rows) {
        return new MeasureBlock(null, null, m, rows, reason);
    }

    /** Null when the GPU can aggregate these measures exactly; else why the cpu engine must. */
    String hostOnlyReason() {
        return hostOnlyReason;
    }

    DeviceBuffer values() {
        return values;
    }

    /** Validity bitmaps, or null when no value is NULL. */
    DeviceBuffer valid() {
        return valid;
    }

    int measures() {
        return measures;
    }

    @Override
    public long deviceBytes() {
        return (values == null ? 0 : values.bytes()) + (valid == null ? 0 : valid.bytes());
    }

    @Override
    public void close() {
        if (values != null) values.close();
        if (valid != null) valid.close();
    }
}
