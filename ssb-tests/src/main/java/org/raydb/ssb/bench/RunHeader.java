package org.raydb.ssb.bench;

import java.util.Locale;

/**
 * What the ad-hoc and vary-constants reports both open with: the machine, the data (scale factor, source, the
 * generator's seed, lineorder rows), the driver settings and the seed the queries were drawn with. One home so
 * that both reports name and render these alike.
 */
public record RunHeader(
        MachineInfo machine,
        double sf,
        String source,
        long dataSeed,
        long rows,
        String engine,
        String offload,
        long querySeed) {

    /** The JSON members, {@code "machine"} to {@code "query_seed"}, each on its own line inside the top object. */
    String json() {
        return "\"machine\": " + JsonReport.machine(machine)
                + ",\n  \"sf\": " + Json.number(sf)
                + ",\n  \"source\": " + Json.string(source)
                + ",\n  \"seed\": " + dataSeed
                + ",\n  \"rows\": " + rows
                + ",\n  \"engine\": " + Json.string(engine)
                + ",\n  \"offload\": " + Json.string(offload)
                + ",\n  \"query_seed\": " + querySeed;
    }

    /**
     * The settings line, the data and driver settings followed by the report's own {@code details} (which name
     * the query seed where they read best), escaped, then the machine's line.
     */
    String html(String details) {
        return HtmlReport.escape(String.format(
                                Locale.ROOT,
                                "SF %s (%s), %,d lineorder rows; engine=%s, offload=%s; ",
                                Json.number(sf),
                                source,
                                rows,
                                engine,
                                offload)
                        + details)
                + "<br>" + HtmlReport.machine(machine);
    }
}
