package org.raydb.offload.gpu.selftest;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import jcuda.Pointer;
import jcuda.driver.CUresult;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.StagedUpload;

/**
 * Host-to-device uploads through pinned staging buffers ({@link StagedUpload}), read back and compared byte for
 * byte: int and long arrays of sizes around the chunk boundaries, at the start of a buffer and behind a few
 * untouched elements, through {@code StagedUpload.upload} and through {@code DeviceBuffer.copyFrom}; two threads
 * uploading at once, and an upload started from inside another's writer. Also measures a 1 GiB upload staged and
 * direct from the Java array (pageable memory), for the cold start's upload phase.
 */
final class UploadChecks {

    private static final int PAD = 3;
    private static final long BANDWIDTH_BYTES = 1L << 30;

    private final CudaDevice device;

    UploadChecks(CudaDevice device) {
        this.device = device;
    }

    List<CheckResult> runAll() {
        return List.of(chunkBoundaries(), concurrent(), bandwidth());
    }

    private CheckResult chunkBoundaries() {
        List<String> mismatches = new ArrayList<>();
        long elements = 0;
        for (int elementBytes : new int[] {4, 8}) {
            int c = (int) (StagedUpload.CHUNK_BYTES / elementBytes);
            for (int n : new int[] {0, 1, c - 1, c, c + 1, 3 * c + 12_345}) {
                for (int pad : new int[] {0, PAD}) {
                    Object values = randomArray(elementBytes, n, n + pad);
                    long padBytes = (long) pad * elementBytes;
                    String what = (elementBytes == 4 ? "int[" : "long[") + n + "] at element " + pad;
                    mismatches.add(roundTrip(
                            what + ", staged",
                            values,
                            padBytes,
                            b -> StagedUpload.upload(device, b, padBytes, n, elementBytes, writerOf(values))));
                    mismatches.add(
                            roundTrip(what + ", copyFrom", values, padBytes, b -> copyFrom(b, values, padBytes)));
                    elements += 2L * n;
                }
            }
        }
        return result(
                "staged uploads around chunk boundaries",
                elements,
                mismatches,
                "int and long, 0/1/chunk-1/chunk/chunk+1/3 chunks+tail, offset 0 and " + PAD + " elements");
    }

    private CheckResult concurrent() {
        int n = (int) (3 * StagedUpload.CHUNK_BYTES / 8) + 17;
        long[] first = (long[]) randomArray(8, n, 1);
        int[] second = (int[]) randomArray(4, 2 * n, 2);
        int[] inner = (int[]) randomArray(4, 1000, 3);
        List<String> mismatches = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<String> one = threads.submit(
                    () -> roundTrip("thread 1, long[" + n + "]", first, 0, buffer -> buffer.copyFrom(first)));
            Future<String> two = threads.submit(
                    () -> roundTrip("thread 2, int[" + 2 * n + "]", second, 8, buffer -> buffer.copyFrom(second, 8)));
            mismatches.add(one.get());
            mismatches.add(two.get());
        } catch (Exception e) {
            mismatches.add("concurrent uploads failed: " + e);
        } finally {
            threads.shutdown();
        }
        // A writer that uploads itself, on the thread that holds the staging set (one part: the caller fills it).
        try (DeviceBuffer innerTarget = device.allocate(4L * inner.length)) {
            StagedUpload.ChunkWriter outerWriter = writerOf(inner);
            mismatches.add(roundTrip(
                    "upload from inside a writer",
                    inner,
                    0,
                    outer -> StagedUpload.upload(device, outer, 0, inner.length, 4, (from, to, target) -> {
                        StagedUpload.upload(device, innerTarget, 0, inner.length, 4, writerOf(inner));
                        outerWriter.write(from, to, target);
                    })));
            mismatches.add(compare("inner upload of a writer", inner, 0, innerTarget));
        }
        return result(
                "staged uploads from two threads at once",
                3L * n + 2 * inner.length,
                mismatches,
                "long[" + n + "] and int[" + 2 * n + "] concurrently; a nested upload");
    }

    private CheckResult bandwidth() {
        int[] values = new int[(int) (BANDWIDTH_BYTES / 4)];
        Arrays.parallelSetAll(values, i -> i * 0x9E3779B9);
        try (DeviceBuffer buffer = device.allocate(BANDWIDTH_BYTES)) {
            double staged = bestSeconds(() -> buffer.copyFrom(values));
            String mismatch = compare("1 GiB staged", values, 0, buffer);
            double direct = bestSeconds(() -> {
                device.makeCurrent();
                int result = cuMemcpyHtoD(buffer.pointer(), Pointer.to(values), BANDWIDTH_BYTES);
                if (result != CUresult.CUDA_SUCCESS) throw new IllegalStateException("cuMemcpyHtoD: " + result);
            });
            String detail = String.format(
                    Locale.ROOT,
                    "1 GiB int[], best of 3: staged %.1f GB/s (%.0f ms), direct"
                            + " from the array (pageable) %.1f GB/s (%.0f ms)",
                    BANDWIDTH_BYTES / staged / 1e9,
                    staged * 1e3,
                    BANDWIDTH_BYTES / direct / 1e9,
                    direct * 1e3);
            System.out.println("upload bandwidth: " + detail);
            return CheckResult.of("staged upload bandwidth", values.length, mismatch, Double.NaN, detail);
        }
    }

    private static double bestSeconds(Runnable upload) {
        upload.run(); // warm: staging set made, code compiled
        double best = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long start = System.nanoTime();
            upload.run();
            best = Math.min(best, (System.nanoTime() - start) / 1e9);
        }
        return best;
    }

    /** Uploads {@code values} behind {@code padBytes} zero bytes of a cleared buffer and reads everything back. */
    private String roundTrip(String what, Object values, long padBytes, Consumer<DeviceBuffer> upload) {
        long bytes = padBytes + heapSegment(values).byteSize();
        try (DeviceBuffer buffer = device.allocate(bytes)) {
            buffer.clear();
            upload.accept(buffer);
            return compare(what, values, padBytes, buffer);
        }
    }

    /** Null when {@code buffer} holds zeros up to {@code padBytes} and then exactly the bytes of {@code values}. */
    private static String compare(String what, Object values, long padBytes, DeviceBuffer buffer) {
        MemorySegment expected = heapSegment(values);
        long bytes = padBytes + expected.byteSize();
        MemorySegment got = MemorySegment.ofArray(buffer.toIntArray((int) (bytes / 4)));
        for (long i = 0; i < padBytes; i++) {
            if (got.get(JAVA_BYTE, i) != 0) return what + ": byte " + i + " before the upload was overwritten";
        }
        long at = MemorySegment.mismatch(got, padBytes, bytes, expected, 0, expected.byteSize());
        return at < 0 ? null : what + ": first wrong byte at " + at + " of " + expected.byteSize();
    }

    private static StagedUpload.ChunkWriter writerOf(Object values) {
        MemorySegment source = heapSegment(values);
        long elementBytes = values instanceof long[] ? 8 : 4;
        return (from, to, target) ->
                MemorySegment.copy(source, from * elementBytes, target, 0, (to - from) * elementBytes);
    }

    private static void copyFrom(DeviceBuffer buffer, Object values, long byteOffset) {
        if (values instanceof long[] longs) buffer.copyFrom(longs, byteOffset);
        else buffer.copyFrom((int[]) values, byteOffset);
    }

    private static MemorySegment heapSegment(Object values) {
        return values instanceof long[] longs ? MemorySegment.ofArray(longs) : MemorySegment.ofArray((int[]) values);
    }

    private static Object randomArray(int elementBytes, int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return elementBytes == 8 ? random.longs(n).toArray() : random.ints(n).toArray();
    }

    private static CheckResult result(String name, long elements, List<String> mismatches, String detail) {
        String mismatch = mismatches.stream().filter(m -> m != null).findFirst().orElse(null);
        return CheckResult.of(name, elements, mismatch, Double.NaN, detail);
    }
}
