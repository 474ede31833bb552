package org.raydb.offload.exec;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.BitSet;
import java.util.Map;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.encode.RowRanges;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.TableRef;

/**
 * Collects one column from Arrow batches: storage-form {@code int}s or {@code long}s as {@link ColumnData}
 * holds the plan type (fixed-width buffers copied in bulk), or string codes, either from DuckDB's per-row
 * hashes against a known dictionary ({@link StringHashes}, each batch's hashes turned into codes on all cores)
 * or, for columns with too many distinct values for that, from the strings themselves.
 */
final class ArrowColumnReader {

    private final String name;
    private final ColumnType type;
    private final long[] longs;
    private final int[] ints;
    private final StringHashes dictionary;
    private final int[] codes;
    /** A row whose hash no dictionary value has: the table changed between listing and scanning. */
    private volatile boolean unknownValue;

    private final String[] strings;
    private final BitSet nulls = new BitSet();
    /** One String instance per distinct value, for columns that travel as strings. */
    private final Map<String, String> distinct = new java.util.concurrent.ConcurrentHashMap<>();

    /** {@code dictionary}: for VARCHAR, the values whose hashes the scan sends; null when it sends strings. */
    ArrowColumnReader(String name, ColumnType type, int rows, StringHashes dictionary) {
        this.name = name;
        this.type = type;
        boolean str = type.kind() == ColumnType.Kind.VARCHAR;
        this.dictionary = dictionary;
        // The array must exist before the first batch, so its width comes from the plan type, not from Arrow.
        this.ints = ColumnData.holdsInts(type) ? new int[rows] : null;
        this.longs = str || ints != null ? null : new long[rows];
        this.codes = str && dictionary != null ? new int[rows] : null;
        this.strings = str && dictionary == null ? new String[rows] : null;
    }

    /**
     * Appends a batch as rows {@code [offset, offset + n)}. Batches of disjoint row ranges may be appended from
     * several threads at once (a parallel export): each batch reads its own NULLs and merges them under a lock.
     */
    void append(FieldVector v, int offset, int n) throws SQLException {
        BitSet batchNulls = new BitSet();
        if (v.getNullCount() > 0) {
            for (int r = 0; r < n; r++) {
                if (v.isNull(r)) {
                    batchNulls.set(r);
                }
            }
            synchronized (nulls) {
                for (int r = batchNulls.nextSetBit(0); r >= 0; r = batchNulls.nextSetBit(r + 1)) {
                    nulls.set(offset + r);
                }
            }
        }
        if (codes != null) {
            readCodes(v, offset, n, batchNulls);
        } else if (strings != null) {
            for (int r = 0; r < n; r++) {
                if (!batchNulls.get(r)) {
                    strings[offset + r] = distinct.computeIfAbsent(string(v, r), x -> x);
                }
            }
        } else {
            if (ints != null) {
                readInts(v, offset, n);
            } else {
                readLongs(v, offset, n);
            }
            // NULL slots hold whatever the producer left there: make them a defined 0.
            for (int r = batchNulls.nextSetBit(0); r >= 0; r = batchNulls.nextSetBit(r + 1)) {
                if (ints != null) {
                    ints[offset + r] = 0;
                } else {
                    longs[offset + r] = 0;
                }
            }
        }
    }

    private void readCodes(FieldVector v, int offset, int n, BitSet batchNulls) throws SQLException {
        if (!(v instanceof UInt8Vector)) {
            throw unsupported(v);
        }
        java.nio.LongBuffer hashes = data(v, n, 8).asLongBuffer();
        int nullCode = dictionary.values().length;
        RowRanges.forEach(n, (from, to) -> {
            boolean unknown = false;
            for (int r = from; r < to; r++) {
                int code = batchNulls.get(r) ? nullCode : dictionary.code(hashes.get(r));
                unknown |= code < 0;
                codes[offset + r] = code;
            }
            if (unknown) {
                unknownValue = true;
            }
        });
    }

    /** The 32-bit storage forms; a wider Arrow type than the plan's would not fit the array. */
    private void readInts(FieldVector v, int offset, int n) throws SQLException {
        if (v instanceof IntVector || v instanceof DateDayVector) {
            data(v, n, 4).asIntBuffer().get(0, ints, offset, n);
        } else if (v instanceof SmallIntVector) {
            java.nio.ShortBuffer data = data(v, n, 2).asShortBuffer();
            RowRanges.forEach(n, (from, to) -> {
                for (int r = from; r < to; r++) {
                    ints[offset + r] = data.get(r);
                }
            });
        } else if (v instanceof TinyIntVector) {
            ByteBuffer data = data(v, n, 1);
            RowRanges.forEach(n, (from, to) -> {
                for (int r = from; r < to; r++) {
                    ints[offset + r] = data.get(r);
                }
            });
        } else if (v instanceof BitVector b) {
            RowRanges.forEach(n, (from, to) -> {
                for (int r = from; r < to; r++) {
                    ints[offset + r] = b.isNull(r) ? 0 : b.get(r);
                }
            });
        } else {
            throw unsupported(v);
        }
    }

    private void readLongs(FieldVector v, int offset, int n) throws SQLException {
        if (v instanceof BigIntVector || v instanceof TimeStampVector) {
            data(v, n, 8).asLongBuffer().get(0, longs, offset, n);
        } else if (v instanceof DecimalVector d) {
            readDecimals(d, offset, n);
        } else if (v instanceof BaseIntVector i) {
            for (int r = 0; r < n; r++) {
                longs[offset + r] = i.getValueAsLong(r);
            }
        } else {
            throw unsupported(v);
        }
    }

    /**
     * 128-bit little-endian two's complement: exact in 64 bits when the high word is the low word's sign.
     * Copied on all cores; the first value out of range is then looked up to name it.
     */
    private void readDecimals(DecimalVector d, int offset, int n) throws SQLException {
        java.nio.LongBuffer data = data(d, n, 16).asLongBuffer();
        java.util.concurrent.atomic.AtomicInteger wide = new java.util.concurrent.atomic.AtomicInteger(n);
        RowRanges.forEach(n, (from, to) -> {
            for (int r = from; r < to; r++) {
                long lo = data.get(2 * r);
                if (data.get(2 * r + 1) != (lo >> 63) && !d.isNull(r)) {
                    wide.accumulateAndGet(r, Math::min);
                }
                longs[offset + r] = lo;
            }
        });
        if (wide.get() < n) {
            BigDecimal value = d.getObject(wide.get());
            throw new SQLException(
                    "column " + name + " holds " + value + ", beyond the offload's exact 64-bit range", "22003");
        }
    }

    /** The vector's value buffer as little-endian bytes (Arrow's layout). */
    private static ByteBuffer data(FieldVector v, int n, int width) {
        return v.getDataBuffer().nioBuffer(0, n * width).order(ByteOrder.LITTLE_ENDIAN);
    }

    private String string(FieldVector v, int r) throws SQLException {
        if (v instanceof VarCharVector s) {
            return new String(s.get(r), StandardCharsets.UTF_8);
        }
        if (v instanceof LargeVarCharVector s) {
            return new String(s.get(r), StandardCharsets.UTF_8);
        }
        if (v instanceof ViewVarCharVector s) {
            return new String(s.get(r), StandardCharsets.UTF_8);
        }
        throw unsupported(v);
    }

    private SQLException unsupported(FieldVector v) {
        return new SQLException(
                "column " + name + " (" + type + ") arrived as Arrow "
                        + v.getField().getType() + ", which the offload does not read",
                "0A000");
    }

    ColumnData build(TableRef table) throws SQLException {
        if (codes != null) {
            if (unknownValue) {
                throw new SQLException(
                        "table " + table + " changed while loading: column " + name
                                + " holds a value its dictionary lacks",
                        "40001");
            }
            return ColumnData.ofStringCodes(name, type, codes, dictionary.values(), nulls);
        }
        if (ints != null) {
            return ColumnData.ofInts(name, type, ints, nulls);
        }
        return new ColumnData(name, type, longs, strings, nulls);
    }
}
