package org.raydb.offload.result;

/** The DuckDB column types a {@link DirectResultSet} serves; names as DuckDB's {@code DuckDBColumnType} spells them. */
enum DirectColumnType {
    BOOLEAN,
    TINYINT,
    SMALLINT,
    INTEGER,
    BIGINT,
    HUGEINT,
    FLOAT,
    DOUBLE,
    DECIMAL,
    VARCHAR,
    DATE;

    /** The type for a name from DuckDB's result metadata (DECIMAL with its width and scale), or null if not served. */
    static DirectColumnType of(String duckdbTypeName) {
        if (duckdbTypeName == null) {
            return null;
        }
        if (duckdbTypeName.startsWith("DECIMAL(")) {
            return DECIMAL;
        }
        return switch (duckdbTypeName) {
            case "BOOLEAN" -> BOOLEAN;
            case "TINYINT" -> TINYINT;
            case "SMALLINT" -> SMALLINT;
            case "INTEGER" -> INTEGER;
            case "BIGINT" -> BIGINT;
            case "HUGEINT" -> HUGEINT;
            case "FLOAT" -> FLOAT;
            case "DOUBLE" -> DOUBLE;
            case "VARCHAR" -> VARCHAR;
            case "DATE" -> DATE;
            default -> null;
        };
    }

    /** TINYINT to BIGINT: the types DuckDB widens to Short/Integer/Long/BigInteger/BigDecimal. */
    boolean isSmallInteger() {
        return this == TINYINT || this == SMALLINT || this == INTEGER || this == BIGINT;
    }
}
