package org.raydb.ssb.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.raydb.ssb.Progress;

class ConsoleProgressTest {

    @Test
    void aLongPhaseReportsWhileItRunsEvenWithoutAdvancing() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleProgress progress =
                new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), false, Duration.ofMillis(50));
        try (Progress.Phase phase = progress.start("generate lineorder", 1000, "rows")) {
            phase.advance(250);
            Thread.sleep(300);
        }
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.matches("(?s)generate lineorder: +250 of 1,000 rows after \\d+ s \\.\\.\\.\\n.*"), out);
        assertTrue(out.matches("(?s).*\\ngenerate lineorder: +250 rows, [0-9,]+ rows/s, done in [0-9.]+ s\\n"), out);
    }
}
