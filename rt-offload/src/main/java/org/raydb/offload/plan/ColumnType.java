package org.raydb.offload.plan;

import java.math.BigInteger;
import org.raydb.offload.json.JsonNode;

/**
 * A DuckDB logical type as the plan states it, reduced to what the offload needs. Every qualifying value is
 * held as a {@code long} in its "storage" form: integers as themselves, DECIMAL(w,s) as the unscaled
 * integer, DATE as days and TIMESTAMP as microseconds since the epoch, BOOLEAN as 0/1; VARCHAR is held as
 * dictionary codes. {@code name} is DuckDB's name of the type, for messages (a type the offload does not handle
 * is {@link Kind#OTHER} by kind and keeps its own name).
 */
public record ColumnType(Kind kind, int width, int scale, String name) {

    public enum Kind {
        TINYINT,
        SMALLINT,
        INTEGER,
        BIGINT,
        HUGEINT,
        DECIMAL,
        DATE,
        TIMESTAMP,
        BOOLEAN,
        VARCHAR,
        DOUBLE,
        OTHER
    }

    public static ColumnType of(Kind kind) {
        return new ColumnType(kind, 0, 0, kind.name());
    }

    public static ColumnType decimal(int width, int scale) {
        return new ColumnType(Kind.DECIMAL, width, scale, Kind.DECIMAL.name());
    }

    /** Kind, width and scale as one token, which {@link #ofToken} reads back (names of computed columns hold it). */
    public String token() {
        return kind + ":" + width + ":" + scale;
    }

    /** The type a {@link #token()} stands for, or {@code null}. */
    public static ColumnType ofToken(String token) {
        String[] p = token.split(":");
        if (p.length != 3) return null;
        try {
            Kind kind = Kind.valueOf(p[0]);
            return kind == Kind.DECIMAL ? decimal(Integer.parseInt(p[1]), Integer.parseInt(p[2])) : of(kind);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * A result column's type as DuckDB's JDBC metadata names it ({@code INTEGER}, {@code DECIMAL(18,4)}), where the
     * offload reads its values back exactly (integers, DECIMAL of at most 18 digits, DATE, TIMESTAMP, BOOLEAN,
     * VARCHAR); {@code null} for any other.
     */
    public static ColumnType ofResult(String typeName) {
        java.util.regex.Matcher decimal = DECIMAL_NAME.matcher(typeName);
        if (decimal.matches()) {
            int width = Integer.parseInt(decimal.group(1));
            return width <= 18 ? decimal(width, Integer.parseInt(decimal.group(2))) : null;
        }
        return switch (typeName) {
            case "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "DATE", "TIMESTAMP", "VARCHAR", "BOOLEAN" ->
                of(Kind.valueOf(typeName));
            default -> null;
        };
    }

    private static final java.util.regex.Pattern DECIMAL_NAME =
            java.util.regex.Pattern.compile("DECIMAL\\((\\d+),(\\d+)\\)");

    /** Reads a plan's {@code {"id": ..., "type_info": ...}} type. */
    public static ColumnType fromPlan(JsonNode type) {
        String id = type.str("id");
        Kind kind;
        try {
            kind = Kind.valueOf(id);
        } catch (IllegalArgumentException e) {
            // Every type the offload does not handle (FLOAT, UTINYINT, TIMESTAMP WITH TIME ZONE, ...), named as
            // DuckDB names it in reasons.
            return new ColumnType(Kind.OTHER, 0, 0, id);
        }
        if (kind == Kind.DECIMAL) {
            JsonNode info = type.obj("type_info");
            return decimal((int) info.num("width"), (int) info.num("scale"));
        }
        if (kind == Kind.VARCHAR && type.has("type_info") && type.raw("type_info") != null) {
            // A collation changes how DuckDB compares and groups the strings; the offload compares their bytes.
            String collation = type.obj("type_info").str("collation");
            if (collation != null && !collation.isEmpty()) {
                return new ColumnType(Kind.OTHER, 0, 0, "VARCHAR COLLATE " + collation);
            }
        }
        return of(kind);
    }

    /** An integer of any width: values of two such columns compare as DuckDB compares them. */
    public boolean isInteger() {
        return switch (kind) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> true;
            default -> false;
        };
    }

    /** Integer types, DECIMAL: the types a measure may have. */
    public boolean isExactNumeric() {
        return switch (kind) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL -> true;
            default -> false;
        };
    }

    /** Types a filter or group key may be on. */
    public boolean isKeyType() {
        return isExactNumeric()
                || kind == Kind.DATE
                || kind == Kind.TIMESTAMP
                || kind == Kind.BOOLEAN
                || kind == Kind.VARCHAR;
    }

    /** The largest magnitude a value of this numeric type may have (for DuckDB's overflow errors). */
    public BigInteger maxMagnitude() {
        return switch (kind) {
            case TINYINT -> BigInteger.valueOf(Byte.MAX_VALUE);
            case SMALLINT -> BigInteger.valueOf(Short.MAX_VALUE);
            case INTEGER -> BigInteger.valueOf(Integer.MAX_VALUE);
            case BIGINT -> BigInteger.valueOf(Long.MAX_VALUE);
            case DECIMAL -> BigInteger.TEN.pow(width).subtract(BigInteger.ONE);
            default -> throw new IllegalStateException("not numeric: " + this);
        };
    }

    /** The smallest value (integers are asymmetric). */
    public BigInteger minValue() {
        return switch (kind) {
            case TINYINT -> BigInteger.valueOf(Byte.MIN_VALUE);
            case SMALLINT -> BigInteger.valueOf(Short.MIN_VALUE);
            case INTEGER -> BigInteger.valueOf(Integer.MIN_VALUE);
            case BIGINT -> BigInteger.valueOf(Long.MIN_VALUE);
            default -> maxMagnitude().negate();
        };
    }

    /** Decimal scale; 0 for integers. */
    public int numericScale() {
        return kind == Kind.DECIMAL ? scale : 0;
    }

    /** The SQL spelling, for messages, literals and EXPLAIN. */
    public String sql() {
        return kind == Kind.DECIMAL ? "DECIMAL(" + width + "," + scale + ")" : name;
    }

    @Override
    public String toString() {
        return sql();
    }
}
