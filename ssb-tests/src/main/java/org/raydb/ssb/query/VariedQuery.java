package org.raydb.ssb.query;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * One SSB flat query with constants of its own ({@link VariedConstants}): its template (the catalog query), the
 * constants in the order the text holds them (Integers and Strings), and its SQL, the template's text with
 * those constants in place of the catalog's.
 */
public record VariedQuery(SsbQuery template, List<Object> constants, String sql) {

    static VariedQuery of(SsbQuery template, List<Object> constants) {
        return new VariedQuery(template, List.copyOf(constants), SqlLiterals.filled(template.sql(), constants));
    }

    /** The template's id, {@code q1.1} ... {@code q4.3}. */
    public String id() {
        return template.id();
    }

    /**
     * Binds the constants to a statement prepared from {@code SqlLiterals.parameterized(template().sql())}:
     * integers with setInt, strings with setString.
     */
    public void bind(PreparedStatement statement) throws SQLException {
        for (int i = 0; i < constants.size(); i++) {
            switch (constants.get(i)) {
                case Integer n -> statement.setInt(i + 1, n);
                case String s -> statement.setString(i + 1, s);
                default -> throw new IllegalStateException("not an SQL constant: " + constants.get(i));
            }
        }
    }
}
