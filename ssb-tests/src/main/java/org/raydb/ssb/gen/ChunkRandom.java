package org.raydb.ssb.gen;

import java.util.SplittableRandom;
import org.raydb.ssb.schema.SsbTable;

/**
 * Counter-based seeding: every chunk of every table draws from its own generator, seeded from (seed, table,
 * chunk) alone. Any thread may produce any chunk, in any order, and the data stay the same.
 */
final class ChunkRandom {

    private ChunkRandom() {}

    static SplittableRandom forChunk(long seed, SsbTable table, long chunk) {
        long key = mix(seed ^ mix(table.ordinal() + 1L) ^ mix(0x5EED_0000_0000L + chunk));
        return new SplittableRandom(key);
    }

    /** MurmurHash3's 64-bit finalizer: nearby inputs give unrelated outputs. */
    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }

    /** A uniform integer in {@code [low, high]}, both inclusive, as dbgen's RANDOM(low, high). */
    static int between(SplittableRandom random, int low, int high) {
        return random.nextInt(low, high + 1);
    }

    /** A uniform key in {@code [1, count]}. */
    static int key(SplittableRandom random, long count) {
        return (int) random.nextLong(1, count + 1);
    }
}
