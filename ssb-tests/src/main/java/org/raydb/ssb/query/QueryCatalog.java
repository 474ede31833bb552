package org.raydb.ssb.query;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** The 13 SSB queries, read from {@code org/raydb/ssb/queries/<form>/<id>.sql} on the class path. */
public final class QueryCatalog {

    public static final List<String> IDS = List.of(
            "q1.1", "q1.2", "q1.3", "q2.1", "q2.2", "q2.3", "q3.1", "q3.2", "q3.3", "q3.4", "q4.1", "q4.2", "q4.3");

    private QueryCatalog() {}

    public static SsbQuery get(String id, QueryForm form) {
        if (!IDS.contains(id)) {
            throw new IllegalArgumentException("unknown SSB query '" + id + "' (known: " + String.join(",", IDS) + ")");
        }
        String resource = "/org/raydb/ssb/queries/" + form.label() + "/" + id + ".sql";
        try (InputStream in = QueryCatalog.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("query resource " + resource + " is missing from the class path");
            }
            return new SsbQuery(id, form, new String(in.readAllBytes(), StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource, e);
        }
    }

    /** The queries with these ids in each of these forms, query by query. */
    public static List<SsbQuery> select(Collection<String> ids, Collection<QueryForm> forms) {
        List<SsbQuery> queries = new ArrayList<>();
        for (String id : ids) {
            for (QueryForm form : forms) {
                queries.add(get(id, form));
            }
        }
        return queries;
    }

    /** Every query in both forms. */
    public static List<SsbQuery> all() {
        return select(IDS, List.of(QueryForm.FLAT, QueryForm.STAR));
    }
}
