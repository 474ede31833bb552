package org.raydb.ssb.query;

import java.util.List;

/** One SSB query in one form: its id ({@code q1.1} ... {@code q4.3}) and its SQL text. */
public record SsbQuery(String id, QueryForm form, String sql) {

    /** The names in its ORDER BY clause, in order (empty if it has none). */
    public List<String> orderByNames() {
        return SqlClauses.orderByNames(sql);
    }

    /** {@code q2.1/flat}. */
    public String label() {
        return id + "/" + form.label();
    }
}
