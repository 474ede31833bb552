package org.raydb.jdbc.config;

import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;
import org.raydb.jdbc.error.SqlErrors;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.OffloadSettings.MemoryBudget;

/**
 * Every connection property the driver itself understands, sorted by key. URL parsing,
 * {@code Driver.getPropertyInfo}, {@code RayDataSource}'s setters and {@link OffloadSettings} all derive from
 * this enum; any key not listed here belongs to DuckDB and is passed to it unchanged.
 */
public enum RayProperty {
    DEVICE(
            "device",
            "all",
            "GPUs to use: one ordinal, a comma-separated list, or all",
            "a GPU ordinal, a comma-separated list of distinct ordinals (0,1) or all"),
    ENGINE(
            "engine",
            "auto",
            "Pin the offload engine instead of choosing one per query by cost",
            "auto, optix, cuda or cpu",
            "auto",
            "optix",
            "cuda",
            "cpu"),
    FINISH(
            "finish",
            "direct",
            "How an offloaded query's last step runs: direct answers a statement that only"
                    + " projects, orders and limits the aggregated groups itself (exactly as DuckDB would); duckdb always"
                    + " lets DuckDB run it",
            "direct or duckdb",
            "direct",
            "duckdb"),
    GPU_MEMORY(
            "gpu.memory",
            "80%",
            "GPU memory budget for resident columns, sieving vectors and BVHs",
            "a byte count with an optional k, m, g or t suffix (8g) or a percentage from 1% to 100%"),
    HOST_MEMORY(
            "host.memory",
            "50%",
            "Java heap budget for the offload's resident columns, encodings and indexes (a percentage is of the"
                    + " maximum heap); a build that would not fit is not started",
            "a byte count with an optional k, m, g or t suffix (8g) or a percentage from 1% to 100%"),
    OFFLOAD(
            "offload",
            "auto",
            "Offload qualifying aggregations to the GPU layer; force fails a query that" + " cannot be offloaded",
            "auto, off or force",
            "auto",
            "off",
            "force"),
    PARTITIONS(
            "partitions",
            "1",
            "Row partitions of each offloaded table per GPU of device: a table's rows are split into contiguous"
                    + " parts, each device holding its own and answering for them, the partial groups merged exactly",
            "a whole number from 1 to 64"),
    PLACEMENT(
            "placement",
            "partitioned",
            "Where a table's rows live over several GPUs of device: partitioned splits them over the GPUs and runs"
                    + " each query on all of them (tables larger than one GPU); replicated keeps the whole table on"
                    + " each GPU and runs each query on the least busy one holding its inputs (more queries per"
                    + " second where the table fits one GPU)",
            "partitioned or replicated (with partitions=1)",
            "partitioned",
            "replicated"),
    VERIFY(
            "verify",
            "false",
            "Also run every offloaded query on DuckDB and fail on any difference",
            "true or false",
            "true",
            "false");

    private final String key;
    private final String defaultValue;
    private final String description;
    private final String allowed;
    private final String[] choices;

    RayProperty(String key, String defaultValue, String description, String allowed, String... choices) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.description = description;
        this.allowed = allowed;
        this.choices = choices;
    }

    /** The property's name in URLs and {@link Properties}. */
    public String key() {
        return key;
    }

    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    /** The allowed values in words, as error messages quote them. */
    public String allowed() {
        return allowed;
    }

    /** The fixed choices, or an empty array for a free-form value. */
    public String[] choices() {
        return choices.clone();
    }

    /** The property whose key is {@code key}, or {@code null} when DuckDB owns that key. */
    public static RayProperty forKey(String key) {
        for (RayProperty property : values()) {
            if (property.key.equals(key)) {
                return property;
            }
        }
        return null;
    }

    /** The raw value in {@code properties}, or the default. */
    public String get(Properties properties) {
        return properties.getProperty(key, defaultValue);
    }

    /** The property as JDBC's {@link DriverPropertyInfo}, valued from {@code properties}. */
    public DriverPropertyInfo toDriverPropertyInfo(Properties properties) {
        DriverPropertyInfo info = new DriverPropertyInfo(key, get(properties));
        info.description = description;
        info.required = false;
        info.choices = choices.length == 0 ? null : choices();
        return info;
    }

    /** The value as one of this property's {@link #choices()}, mapped onto {@code type}'s constants. */
    public <E extends Enum<E>> E getEnum(Properties properties, Class<E> type) throws SQLException {
        String value = get(properties).trim();
        if (!Arrays.asList(choices).contains(value.toLowerCase(Locale.ROOT))) {
            throw SqlErrors.invalidProperty(key, value, allowed);
        }
        return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
    }

    /** The value as a boolean ({@code true} or {@code false}, any case). */
    public boolean getBoolean(Properties properties) throws SQLException {
        String value = get(properties).trim();
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(value);
        }
        throw SqlErrors.invalidProperty(key, value, allowed);
    }

    /** The value as a GPU memory budget: bytes with an optional binary suffix, or a percentage. */
    public MemoryBudget getMemoryBudget(Properties properties) throws SQLException {
        String value = get(properties).trim();
        String lower = value.toLowerCase(Locale.ROOT);
        try {
            if (lower.endsWith("%")) {
                int percent = Integer.parseInt(lower.substring(0, lower.length() - 1));
                if (percent >= 1 && percent <= 100) {
                    return MemoryBudget.ofPercent(percent);
                }
            } else {
                int shift = "kmgt".indexOf(lower.isEmpty() ? ' ' : lower.charAt(lower.length() - 1));
                String digits = shift >= 0 ? lower.substring(0, lower.length() - 1) : lower;
                long bytes = Long.parseLong(digits);
                long scale = shift >= 0 ? 1L << (10 * (shift + 1)) : 1;
                if (bytes > 0) {
                    return MemoryBudget.ofBytes(Math.multiplyExact(bytes, scale));
                }
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // not a number, or more bytes than a long holds: reported below like any other bad value
        }
        throw SqlErrors.invalidProperty(key, value, allowed);
    }

    /** The value as distinct GPU ordinals in the given order; {@code all} is the empty array. */
    public int[] getDevices(Properties properties) throws SQLException {
        String value = get(properties).trim();
        if (value.equalsIgnoreCase("all")) {
            return new int[0];
        }
        String[] parts = value.split(",", -1);
        int[] devices = new int[parts.length];
        TreeSet<Integer> seen = new TreeSet<>();
        for (int i = 0; i < parts.length; i++) {
            try {
                devices[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw SqlErrors.invalidProperty(key, value, allowed);
            }
            if (devices[i] < 0 || !seen.add(devices[i])) {
                throw SqlErrors.invalidProperty(key, value, allowed);
            }
        }
        return devices;
    }

    /** The value as a whole number from {@code min} to {@code max}. */
    public int getInt(Properties properties, int min, int max) throws SQLException {
        String value = get(properties).trim();
        try {
            int n = Integer.parseInt(value);
            if (n >= min && n <= max) return n;
        } catch (NumberFormatException e) {
            // reported below like any other bad value
        }
        throw SqlErrors.invalidProperty(key, value, allowed);
    }

    /** All driver settings of one connection, validated. */
    public static OffloadSettings offloadSettings(Properties properties) throws SQLException {
        int partitions = PARTITIONS.getInt(properties, 1, OffloadSettings.MAX_PARTITIONS);
        OffloadSettings.Placement placement = PLACEMENT.getEnum(properties, OffloadSettings.Placement.class);
        // A replica is the whole table on one device: cutting it into partitions of that device has no use.
        if (placement == OffloadSettings.Placement.REPLICATED && partitions != 1) {
            throw SqlErrors.invalidProperty(PLACEMENT.key, PLACEMENT.get(properties), PLACEMENT.allowed);
        }
        return new OffloadSettings(
                OFFLOAD.getEnum(properties, OffloadSettings.Mode.class),
                ENGINE.getEnum(properties, OffloadSettings.Engine.class),
                VERIFY.getBoolean(properties),
                GPU_MEMORY.getMemoryBudget(properties),
                HOST_MEMORY.getMemoryBudget(properties),
                DEVICE.getDevices(properties),
                partitions,
                placement,
                FINISH.getEnum(properties, OffloadSettings.Finish.class));
    }
}
