package org.raydb.ssb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code raydb <command> --help} (or {@code -h}): that command's options, one line each, and exit status 0. */
class HelpTest {

    private static final Map<String, List<String>> OPTIONS = Map.of(
            "bench",
            List.of(
                    "--sf N",
                    "--from-tbl DIR",
                    "--db FILE",
                    "--seed S",
                    "--threads T",
                    "--form flat|star|both",
                    "--queries",
                    "--engine auto|optix|cuda|cpu",
                    "--offload auto|force|off",
                    "--reps R",
                    "--breakdown",
                    "--copy-bandwidth-gbs X",
                    "--anchors h100-sf20",
                    "--timing blocks|alternating",
                    "--adhoc N",
                    "--vary-constants",
                    "--duration S",
                    "--prepared",
                    "-h, --help"),
            "suite",
            List.of("--sf N", "--db FILE", "--form flat|star|both", "--queries", "--engine", "--offload"),
            "generate",
            List.of("--sf N", "--from-tbl DIR", "--db FILE", "--seed S", "--threads T"),
            "soak",
            List.of(
                    "--sf N",
                    "--db FILE",
                    "--engine",
                    "--offload",
                    "--writers W",
                    "--minutes M",
                    "--write-pause S",
                    "--out FILE"));

    @Test
    void everyCommandPrintsItsOptionsAndExitsZero() {
        for (String command : OPTIONS.keySet()) {
            for (String flag : List.of("--help", "-h")) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                int status = new RaydbCli(new PrintStream(bytes, true, StandardCharsets.UTF_8))
                        .run(new String[] {command, "--sf", "0.01", flag});
                String help = bytes.toString(StandardCharsets.UTF_8);
                assertEquals(0, status, help);
                assertTrue(help.startsWith("usage: raydb " + command + " [options]\n"), help);
                for (String option : OPTIONS.get(command)) {
                    assertTrue(help.contains("\n  " + option), command + " " + flag + " lacks " + option + ": " + help);
                }
            }
        }
    }

    @Test
    void aCommandListsOnlyTheOptionsItReads() {
        String generate = CliOptions.help("generate");
        for (String other : List.of("--reps", "--engine", "--writers", "--queries")) {
            assertFalse(generate.contains(other), other + " in " + generate);
        }
        assertFalse(CliOptions.help("bench").contains("--writers"));
    }
}
