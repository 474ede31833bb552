package org.raydb.ssb.gen;

import java.util.List;
import java.util.SplittableRandom;
import org.raydb.ssb.schema.SsbTable;

/**
 * {@code part}: manufacturer 1..5, category 1..5 within it, brand 1..40 within the category, so
 * {@code p_mfgr} is {@code MFGR#m}, {@code p_category} {@code MFGR#mc} and {@code p_brand1} {@code MFGR#mcnn}
 * (1,000 brands, e.g. {@code MFGR#2221}). Three distinct colors are drawn: the first is {@code p_color}, the
 * other two make {@code p_name}, as in the reference generator.
 */
final class PartRows extends KeyedRows {

    static final int MANUFACTURERS = 5;
    static final int CATEGORIES_PER_MFGR = 5;
    static final int BRANDS_PER_CATEGORY = 40;

    PartRows(long seed, ScaleFactor sf) {
        super(SsbTable.PART, seed, sf.parts());
    }

    @Override
    void appendRow(int key, SplittableRandom random, RowSink out) {
        List<String> colors = Vocabulary.COLORS;
        int first = random.nextInt(colors.size());
        int second = otherThan(random, colors.size(), first, first);
        int third = otherThan(random, colors.size(), first, second);
        String mfgr = "MFGR#" + ChunkRandom.between(random, 1, MANUFACTURERS);
        String category = mfgr + ChunkRandom.between(random, 1, CATEGORIES_PER_MFGR);
        int brand = ChunkRandom.between(random, 1, BRANDS_PER_CATEGORY);
        out.integer(key)
                .text(colors.get(second) + " " + colors.get(third))
                .text(mfgr)
                .text(category)
                .text(brand(category, brand))
                .text(colors.get(first))
                .text(RandomText.pick(random, Vocabulary.PART_TYPES))
                .integer(ChunkRandom.between(random, Domains.PART_SIZE.min(), Domains.PART_SIZE.max()))
                .text(RandomText.pick(random, Vocabulary.CONTAINERS));
    }

    /** {@code p_brand1}: the category and the brand's two-digit number in it. */
    static String brand(String category, int brand) {
        return category + (brand < 10 ? "0" : "") + brand;
    }

    /** A uniform index in {@code [0, size)} other than {@code a} and {@code b}. */
    private static int otherThan(SplittableRandom random, int size, int a, int b) {
        int index;
        do {
            index = random.nextInt(size);
        } while (index == a || index == b);
        return index;
    }
}
