package org.raydb.ssb.gen;

import java.util.SplittableRandom;
import org.raydb.ssb.schema.SsbTable;

/** {@code supplier}: like a customer without a market segment. */
final class SupplierRows extends KeyedRows {

    SupplierRows(long seed, ScaleFactor sf) {
        super(SsbTable.SUPPLIER, seed, sf.suppliers());
    }

    @Override
    void appendRow(int key, SplittableRandom random, RowSink out) {
        PartyColumns.append("Supplier", key, random, out);
    }
}
