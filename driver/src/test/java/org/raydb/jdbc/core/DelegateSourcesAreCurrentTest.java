package org.raydb.jdbc.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The committed {@code Delegating*} classes are exactly what the generator makes from this JDK's java.sql. */
class DelegateSourcesAreCurrentTest {

    private static final Path DIR = Path.of("src/main/java/org/raydb/jdbc/core");

    @Test
    void generatedDelegatesAreCurrent() throws IOException {
        if (Boolean.getBoolean("raydb.regenerate")) {
            DelegateSourceGenerator.main(new String[] {DIR.toString()});
        }
        for (DelegateSourceGenerator.Spec spec : DelegateSourceGenerator.SPECS) {
            Path file = DIR.resolve(spec.className() + ".java");
            assertEquals(
                    DelegateSourceGenerator.source(spec),
                    Files.readString(file, StandardCharsets.UTF_8),
                    file + " is stale: regenerate it (see DelegateSourceGenerator)");
        }
    }
}
