package org.raydb.offload.gpu.selftest;

import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.gpu.runtime.GpuAvailability;

/**
 * {@code java ... org.raydb.offload.gpu.selftest.GpuSelfTest [--rows 1000000[,16000000]] [--groups 100] [--seed 42]
 * [--no-optix]}: runs every CUDA kernel and both ray jobs on random data, checks each answer exactly
 * against Java, and prints the device, RTCORE_VERSION, GAS sizes, timings and a table. Exit status 0 when
 * everything passed, 1 on a mismatch, 2 when there is no usable GPU (the reason is printed).
 */
public final class GpuSelfTest {

    private GpuSelfTest() {}

    public static void main(String[] args) {
        List<Integer> rowCounts = new ArrayList<>(List.of(1_000_000));
        int groups = 100;
        long seed = 42;
        boolean optix = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rows" -> {
                    rowCounts.clear();
                    for (String r : args[++i].split(",")) rowCounts.add(Integer.parseInt(r.replace("_", "")));
                }
                case "--groups" -> groups = Integer.parseInt(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--no-optix" -> optix = false;
                default -> {
                    System.err.println("unknown option " + args[i]);
                    System.exit(64);
                }
            }
        }
        GpuAvailability availability = GpuAvailability.probe();
        if (!availability.cuda()) {
            System.out.println("GPU self-test skipped: " + availability.cudaReason());
            System.exit(2);
        }
        long failures = 0;
        for (int rows : rowCounts) {
            System.out.printf("%n== GPU self-test, %,d rows, %d groups, seed %d ==%n", rows, groups, seed);
            long start = System.nanoTime();
            SelfTestReport report = SelfTest.run(rows, groups, seed, optix);
            report.print(System.out);
            System.out.printf("wall time %.1f s%n", (System.nanoTime() - start) / 1e9);
            failures += report.failures();
        }
        System.exit(failures == 0 ? 0 : 1);
    }
}
