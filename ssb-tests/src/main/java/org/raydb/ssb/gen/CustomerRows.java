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
        int nationIndex = random.nextInt(Nation.ALL.size());
        Nation nation = Nation.ALL.get(nationIndex);
        out.integer(key)
                .text(RandomText.numbered("Customer#", key))
                .text(RandomText.address(random))
                .text(nation.city(random.nextInt(Nation.CITIES_PER_NATION)))
                .text(nation.name())
                .text(nation.region())
                .text(RandomText.phone(random, nationIndex))
                .text(RandomText.pick(random, Vocabulary.MARKET_SEGMENTS));
    }
}
