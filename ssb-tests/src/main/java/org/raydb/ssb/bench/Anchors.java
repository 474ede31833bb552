package org.raydb.ssb.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reference times a bench is compared with ({@code bench --anchors NAME}): per SSB query, Crystal's kernel
 * time and DuckDB's times measured on the GPU host, from the resource {@code org/raydb/ssb/anchors/NAME.tsv}
 * (docs/benchmarks/README.md, "Anchors"; compiled in so that the bench on the GPU host needs no other file).
 *
 * @param sf      the scale factor they were measured at (the targets hold only there)
 * @param queries per query id, in the file's order
 */
public record Anchors(String name, String description, double sf, Map<String, Anchor> queries) {

    public static final List<String> KNOWN = List.of("h100-sf20");

    /** One query's reference times in milliseconds and its result rows at {@code sf}. */
    public record Anchor(double crystalMs, double duckdbStarMs, double duckdbFlatMs, int resultRows) {}

    public static Anchors load(String name) {
        if (!KNOWN.contains(name)) {
            throw new IllegalArgumentException(
                    "unknown anchors '" + name + "' (known: " + String.join(",", KNOWN) + ")");
        }
        String resource = "/org/raydb/ssb/anchors/" + name + ".tsv";
        try (InputStream in = Anchors.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the class path");
            }
            return parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource, e);
        }
    }

    /** Tab-separated: {@code sf} and {@code description} lines, then one line per query; {@code #} comments. */
    static Anchors parse(String name, String text) {
        double sf = Double.NaN;
        String description = name;
        Map<String, Anchor> queries = new LinkedHashMap<>();
        for (String line : text.lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .toList()) {
            String[] f = line.split("\t");
            switch (f[0]) {
                case "sf" -> sf = Double.parseDouble(f[1]);
                case "description" -> description = f[1];
                default ->
                    queries.put(
                            f[0],
                            new Anchor(
                                    Double.parseDouble(f[1]),
                                    Double.parseDouble(f[2]),
                                    Double.parseDouble(f[3]),
                                    Integer.parseInt(f[4])));
            }
        }
        return new Anchors(name, description, sf, Collections.unmodifiableMap(queries));
    }
}
