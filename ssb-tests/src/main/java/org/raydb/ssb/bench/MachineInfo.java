package org.raydb.ssb.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The machine a bench ran on: cores, memory, OS, Java and, when {@code nvidia-smi} answers, the GPUs; and the
 * GPUs' used memory at a moment.
 */
public record MachineInfo(int cores, long memoryBytes, String os, String java, List<String> gpus) {

    public static MachineInfo current() {
        long memory =
                ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                        ? os.getTotalMemorySize()
                        : -1;
        return new MachineInfo(
                Runtime.getRuntime().availableProcessors(),
                memory,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                detectGpus());
    }

    /** One line per GPU ({@code name, memory, driver}), empty without nvidia-smi. */
    private static List<String> detectGpus() {
        try {
            Process process = new ProcessBuilder(
                            "nvidia-smi", "--query-gpu=name,memory.total,driver_version", "--format=csv,noheader")
                    .redirectErrorStream(true)
                    .start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                return List.of();
            }
            return output.lines()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty())
                    .toList();
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }

    /** MiB used on all GPUs together ({@code nvidia-smi --query-gpu=memory.used}), or -1 without an answer. */
    public static long gpuMemoryUsedMib() {
        try {
            Process process = new ProcessBuilder(
                            "nvidia-smi", "--query-gpu=memory.used", "--format=csv,noheader,nounits")
                    .redirectErrorStream(true)
                    .start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                return -1;
            }
            return output.lines()
                    .map(String::strip)
                    .filter(s -> !s.isEmpty())
                    .mapToLong(Long::parseLong)
                    .sum();
        } catch (IOException | NumberFormatException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
