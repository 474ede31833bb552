package org.raydb.ssb.gen;

import java.util.SplittableRandom;
import org.raydb.ssb.schema.SsbTable;

/** {@code customer}: a uniformly drawn nation, one of its ten cities, a phone in its country code. */
final class CustomerRows extends KeyedRows {

    CustomerRows(long seed, ScaleFactor sf) {
        super(SsbTable.CUSTOMER, seed, sf.customers());
    }

    @Override
    void appendRow(int key, SplittableRandom random, RowSink out) {
        PartyColumns.append("Customer", key, random, out).text(RandomText.pick(random, Vocabulary.MARKET_SEGMENTS));
    }
}
