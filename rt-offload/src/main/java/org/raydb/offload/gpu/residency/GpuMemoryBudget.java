package org.raydb.offload.gpu.residency;

import java.util.Locale;

/** Parses the {@code gpu.memory} setting: a byte count (with an optional K/M/G/T suffix) or a percentage. */
public final class GpuMemoryBudget {

    private GpuMemoryBudget() {
    }

    /**
     * @param setting          "80%", "12G", "512M" or "1073741824"; null or blank means the default, 80%
     * @param totalDeviceBytes the device's memory, for percentages
     */
    public static long parse(String setting, long totalDeviceBytes) {
        String s = setting == null || setting.isBlank() ? "80%" : setting.trim().toUpperCase(Locale.ROOT);
        try {
            if (s.endsWith("%")) {
                double percent = Double.parseDouble(s.substring(0, s.length() - 1));
                if (percent <= 0 || percent > 100) throw new IllegalArgumentException("gpu.memory percentage out of (0, 100]: " + setting);
                return (long) (totalDeviceBytes * percent / 100);
            }
            if (s.endsWith("B")) s = s.substring(0, s.length() - 1);
            long unit = switch (s.isEmpty() ? ' ' : s.charAt(s.length() - 1)) {
                case 'K' -> 1L << 10;
                case 'M' -> 1L << 20;
                case 'G' -> 1L << 30;
                case 'T' -> 1L << 40;
                default -> 1L;
            };
            String digits = unit == 1 ? s : s.substring(0, s.length() - 1);
            long bytes = Math.multiplyExact(Long.parseLong(digits.trim()), unit);
            if (bytes <= 0) throw new IllegalArgumentException("gpu.memory must be positive: " + setting);
            return bytes;
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("gpu.memory is neither bytes nor a percentage: " + setting, e);
        }
    }
}
