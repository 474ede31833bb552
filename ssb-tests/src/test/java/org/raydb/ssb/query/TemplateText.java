package org.raydb.ssb.query;

/**
 * A query's text with its constants stripped, as a plan cache keyed by the text without constants sees it;
 * written apart from {@link SqlLiterals}, so that the tests do not check the drawing with its own parser.
 */
public final class TemplateText {

    private TemplateText() {}

    /** Quoted strings become {@code 'S'}, integers {@code N}, so that two texts compare by shape. */
    public static String withoutConstants(String sql) {
        return sql.replaceAll("'[^']*'", "'S'").replaceAll("\\b\\d+\\b", "N");
    }
}
