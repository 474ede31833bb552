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
        int nationIndex = random.nextInt(Nation.ALL.size());
        Nation nation = Nation.ALL.get(nationIndex);
        out.integer(key)
                .text(RandomText.numbered("Supplier#", key))
                .text(RandomText.address(random))
                .text(nation.city(random.nextInt(Nation.CITIES_PER_NATION)))
                .text(nation.name())
                .text(nation.region())
                .text(RandomText.phone(random, nationIndex));
    }
}
