package org.raydb.ssb.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** Writes a bench's JSON and HTML reports into {@value CliOptions#BENCH_FOLDER}, as the latest and stamped. */
final class ReportFiles {

    private ReportFiles() {}

    /** {@code <latest>.{json,html}} and {@code <prefix>-<yyyyMMdd-HHmmss>.{json,html}}, then a line naming them. */
    static void write(PrintStream out, String latest, String prefix, LocalDateTime now, String json, String html)
            throws IOException {
        Path folder = Path.of(CliOptions.BENCH_FOLDER);
        Files.createDirectories(folder);
        String stamped = prefix + "-" + now.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        for (String name : List.of(latest, stamped)) {
            Files.writeString(folder.resolve(name + ".json"), json, StandardCharsets.UTF_8);
            Files.writeString(folder.resolve(name + ".html"), html, StandardCharsets.UTF_8);
        }
        out.println("wrote " + folder.resolve(latest + ".json") + ", " + folder.resolve(latest + ".html") + " and "
                + stamped + ".{json,html}");
    }
}
