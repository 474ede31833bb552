package org.raydb.ssb.gen;

import java.util.List;
import java.util.SplittableRandom;

/** The random strings of the dimensions: addresses, phone numbers, picks from word lists. */
final class RandomText {

    private static final char[] ADDRESS_CHARS =
            "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ,.".toCharArray();

    /** TPC-H's variable-length text: 40% to 160% of the average address length of 25. */
    private static final int ADDRESS_MIN = 10;

    private static final int ADDRESS_MAX = 40;

    private RandomText() {}

    static String address(SplittableRandom random) {
        char[] text = new char[ChunkRandom.between(random, ADDRESS_MIN, ADDRESS_MAX)];
        for (int i = 0; i < text.length; i++) {
            text[i] = ADDRESS_CHARS[random.nextInt(ADDRESS_CHARS.length)];
        }
        return new String(text);
    }

    /** {@code CC-AAA-EEE-NNNN}, the country code being 10 + the nation's index. */
    static String phone(SplittableRandom random, int nationIndex) {
        int area = ChunkRandom.between(random, 100, 999);
        int exchange = ChunkRandom.between(random, 100, 999);
        int number = ChunkRandom.between(random, 1000, 9999);
        return (10 + nationIndex) + "-" + area + "-" + exchange + "-" + number;
    }

    static String pick(SplittableRandom random, List<String> words) {
        return words.get(random.nextInt(words.size()));
    }

    /** {@code prefix} followed by {@code number} zero-padded to nine digits, e.g. {@code Customer#000000042}. */
    static String numbered(String prefix, long number) {
        String digits = Long.toString(number);
        return prefix + "0".repeat(Math.max(0, 9 - digits.length())) + digits;
    }
}
