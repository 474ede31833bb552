package org.raydb.offload.gpu.engine;

import java.nio.ByteBuffer;
import java.util.List;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.QueryKernels;

/**
 * What a full scan (rdb_query_aggregate_*) aggregates, each column where it lies in table order: every measure's
 * column and validity bitmap, and the group keys' code columns it folds into each row's group (or dense group codes
 * where the keys are not packed). Nothing is assembled for the query's list of measures or keys, so a new list
 * costs no device allocation or copy before its first scan.
 */
final class ScanColumns {

    private final long[] values;
    private final long[] validity;
    private final long[] keyCodes;
    private final int[] radices;
    private final DeviceBuffer groups;
    private final boolean nulls;
    private final int numGroups;
    private final int rows;

    private ScanColumns(ResidentInputs in, OffloadJob job) {
        List<MeasureBlock> measures = in.measureColumns();
        values = new long[measures.size()];
        validity = new long[measures.size()];
        for (int i = 0; i < values.length; i++) {
            MeasureBlock m = measures.get(i);
            values[i] = m.values().address();
            validity[i] = m.valid() == null ? 0 : m.valid().address();
        }
        List<SortedDictionary> keys = in.foldedKeys();
        keyCodes = new long[keys.size()];
        radices = new int[keys.size()];
        for (int k = 0; k < keyCodes.length; k++) {
            keyCodes[k] = in.codes(keys.get(k)).address();
            radices[k] = keys.get(k).cardinality();
        }
        groups = keys.isEmpty() ? in.groups() : null;
        nulls = in.measuresHaveNulls();
        numGroups = job.groupCount();
        rows = in.rows;
    }

    /** The scan's columns of {@code in}, the codes of the keys it folds pinned there. */
    static ScanColumns of(ResidentInputs in, OffloadJob job) {
        return new ScanColumns(in, job);
    }

    /** Whether a measure has NULLs. */
    boolean nulls() {
        return nulls;
    }

    /** Bytes of the column words. */
    long bytes() {
        return QueryKernels.columnWords(values.length, keyCodes.length);
    }

    /** Writes the column words at {@code offset} of {@code staged} (pinned staging or a mailbox). */
    void write(ByteBuffer staged, long offset) {
        QueryKernels.writeColumnWords(staged, Math.toIntExact(offset), values, validity, keyCodes, radices);
    }

    /** The kernel's inputs once the written words are readable by the device at {@code address}. */
    QueryKernels.ScanInputs at(long address) {
        return new QueryKernels.ScanInputs(groups, numGroups, keyCodes.length, values.length, nulls, address, rows);
    }
}
