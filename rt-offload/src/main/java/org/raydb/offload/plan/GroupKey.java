package org.raydb.offload.plan;

/** A GROUP BY column. */
public record GroupKey(String column, ColumnType type) {}
