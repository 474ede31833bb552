package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.raydb.offload.json.JsonNode;

/** Reads a plan's {@code {"type": ..., "is_null": ..., "value": ...}} constant into an exact Java value. */
final class PlanConstant {

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private PlanConstant() {}

    /** The constant's type. */
    static ColumnType type(JsonNode value) {
        return ColumnType.fromPlan(value.obj("type"));
    }

    static boolean isNull(JsonNode value) {
        return Boolean.TRUE.equals(value.raw("is_null"));
    }

    /**
     * A numeric constant as its exact number. DECIMALs are stored unscaled in the plan, and those wider than
     * 18 digits, like HUGEINTs, as {@code {"upper": ..., "lower": ...}}.
     */
    static BigDecimal number(JsonNode value) throws NotQualified {
        ColumnType type = type(value);
        if (!type.isExactNumeric() && type.kind() != ColumnType.Kind.HUGEINT) {
            throw new NotQualified("constant of type " + type + " in arithmetic");
        }
        return new BigDecimal(unscaled(value.raw("value"), type), type.numericScale());
    }

    private static BigInteger unscaled(Object raw, ColumnType type) throws NotQualified {
        if (raw instanceof BigDecimal d) {
            return d.toBigIntegerExact();
        }
        if (raw instanceof java.util.Map<?, ?>) {
            JsonNode h = JsonNode.of(raw);
            BigInteger lower = new BigInteger(h.raw("lower").toString());
            if (lower.signum() < 0) {
                lower = lower.add(TWO_64);
            }
            return new BigInteger(h.raw("upper").toString()).multiply(TWO_64).add(lower);
        }
        throw new NotQualified("a " + type + " constant the planner cannot read (" + raw + ")");
    }

    /**
     * The constant as a value of a column's domain ({@code Long} storage form or {@code String}), for
     * comparisons; numeric constants are returned as {@link BigDecimal} and scaled by the caller.
     */
    static Object domainValue(JsonNode value, ColumnType column) throws NotQualified {
        ColumnType type = type(value);
        Object raw = value.raw("value");
        switch (column.kind()) {
            case VARCHAR:
                if (type.kind() != ColumnType.Kind.VARCHAR) {
                    break;
                }
                return raw.toString();
            case BOOLEAN:
                if (type.kind() != ColumnType.Kind.BOOLEAN) {
                    break;
                }
                return Boolean.TRUE.equals(raw) ? 1L : 0L;
            case DATE:
            case TIMESTAMP:
                if (type.kind() != column.kind() || !(raw instanceof BigDecimal d)) {
                    break;
                }
                return d.longValueExact();
            default:
                if (type.isExactNumeric() || type.kind() == ColumnType.Kind.HUGEINT) {
                    return number(value);
                }
        }
        throw new NotQualified("comparison of " + column + " column with a " + type + " constant");
    }
}
