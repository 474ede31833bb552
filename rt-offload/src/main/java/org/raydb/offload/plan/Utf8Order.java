package org.raydb.offload.plan;

/**
 * DuckDB's default string order: binary comparison of UTF-8 bytes. Java's {@code String.compareTo} orders
 * UTF-16 units, which differs for characters above U+FFFF against U+E000..U+FFFF, so dictionaries and
 * predicate bounds use this instead.
 */
public final class Utf8Order {

    private Utf8Order() {}

    public static int compare(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                // Surrogates (U+D800..U+DFFF) stand for code points above U+FFFF, whose UTF-8 bytes sort
                // after every BMP character; lift them above U+FFFF to compare like UTF-8.
                return Integer.compare(rank(x), rank(y));
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    private static int rank(char c) {
        return Character.isSurrogate(c) ? c + 0x10000 : c;
    }
}
