package org.raydb.offload.plan;

/** The aggregate functions the offload computes. */
public enum AggregateFunction {
    SUM, AVG, MIN, MAX, COUNT, COUNT_STAR;

    /** The function for DuckDB's catalog name, or {@code null} when it does not qualify. */
    public static AggregateFunction forName(String name) {
        return switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "sum" -> SUM;
            case "avg" -> AVG;
            case "min" -> MIN;
            case "max" -> MAX;
            case "count" -> COUNT;
            case "count_star" -> COUNT_STAR;
            default -> null;
        };
    }

    public String sqlName() {
        return this == COUNT_STAR ? "count_star" : name().toLowerCase(java.util.Locale.ROOT);
    }
}
