package org.raydb.ssb.gen;

import java.util.SplittableRandom;

/**
 * The columns customers and suppliers share, in their order: key, {@code <Label>#<key>}, address, city,
 * nation, region and phone, from a uniformly drawn nation (the random draws keep this order, so the data stay
 * the same for a seed).
 */
final class PartyColumns {

    private PartyColumns() {}

    static RowSink append(String label, int key, SplittableRandom random, RowSink out) {
        int nationIndex = random.nextInt(Nation.ALL.size());
        Nation nation = Nation.ALL.get(nationIndex);
        return out.integer(key)
                .text(RandomText.numbered(label + "#", key))
                .text(RandomText.address(random))
                .text(nation.city(random.nextInt(Nation.CITIES_PER_NATION)))
                .text(nation.name())
                .text(nation.region())
                .text(RandomText.phone(random, nationIndex));
    }
}
