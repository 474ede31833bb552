package org.raydb.offload.result;

import java.math.BigDecimal;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * The one type dispatch over the Arrow vectors {@link ArrowColumns} writes, shared by both ways a result
 * reaches DuckDB: each way is a {@link Sink} that turns a value of a kind into what its target takes.
 */
final class ArrowValues {

    private ArrowValues() {}

    /** Receives one value by its kind; dates as days and timestamps as microseconds since the epoch. */
    interface Sink<E extends Exception> {
        void nullValue() throws E;

        void int8(byte v) throws E;

        void int16(short v) throws E;

        void int32(int v) throws E;

        void int64(long v) throws E;

        void float64(double v) throws E;

        void bool(boolean v) throws E;

        void utf8(byte[] v) throws E;

        void decimal(BigDecimal v) throws E;

        void dateDays(int v) throws E;

        void timestampMicros(long v) throws E;
    }

    /** Hands the value at {@code row} of {@code v} to {@code sink}. */
    static <E extends Exception> void visit(FieldVector v, int row, Sink<E> sink) throws E {
        if (v.isNull(row)) {
            sink.nullValue();
        } else if (v instanceof IntVector x) {
            sink.int32(x.get(row));
        } else if (v instanceof VarCharVector x) {
            sink.utf8(x.get(row));
        } else if (v instanceof DecimalVector x) {
            sink.decimal(x.getObject(row));
        } else if (v instanceof BigIntVector x) {
            sink.int64(x.get(row));
        } else if (v instanceof Float8Vector x) {
            sink.float64(x.get(row));
        } else if (v instanceof DateDayVector x) {
            sink.dateDays(x.get(row));
        } else if (v instanceof TimeStampMicroVector x) {
            sink.timestampMicros(x.get(row));
        } else if (v instanceof SmallIntVector x) {
            sink.int16(x.get(row));
        } else if (v instanceof TinyIntVector x) {
            sink.int8(x.get(row));
        } else if (v instanceof BitVector x) {
            sink.bool(x.get(row) != 0);
        } else {
            throw new IllegalArgumentException("vector " + v.getClass().getSimpleName());
        }
    }
}
