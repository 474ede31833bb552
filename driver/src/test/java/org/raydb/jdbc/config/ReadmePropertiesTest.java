package org.raydb.jdbc.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's table of driver properties says what {@link RayProperty} says: the same keys in the same order,
 * each default marked, and exactly the fixed choices where a property has them.
 */
class ReadmePropertiesTest {

    private static final String HEADER = "| key | values | meaning |";
    private static final Pattern CODE = Pattern.compile("`([^`]*)`");

    /** One row of the table: the key cell and the values cell. */
    private record Row(String key, String values) {}

    private static List<Row> rows() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "README.md"));
        int start = lines.indexOf(HEADER);
        assertTrue(start >= 0, "README.md has no property table headed " + HEADER);
        List<Row> rows = new ArrayList<>();
        for (int i = start + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String[] cells = lines.get(i).split("\\|");
            rows.add(new Row(codes(cells[1]).get(0), cells[2]));
        }
        return rows;
    }

    private static List<String> codes(String cell) {
        List<String> out = new ArrayList<>();
        Matcher m = CODE.matcher(cell);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void theTableListsEveryPropertyInOrder() throws IOException {
        List<String> keys =
                Arrays.stream(RayProperty.values()).map(RayProperty::key).toList();
        assertEquals(keys, rows().stream().map(Row::key).toList());
    }

    @Test
    void eachRowMarksTheDefaultAndListsTheChoices() throws IOException {
        for (Row row : rows()) {
            RayProperty property = RayProperty.forKey(row.key());
            String def = "`" + property.defaultValue() + "`";
            assertTrue(
                    row.values().contains(def + " (default)") || row.values().contains("(default " + def + ")"),
                    row.key() + ": the default " + def + " is not marked in '" + row.values() + "'");
            if (property.choices().length > 0) {
                Set<String> listed = new TreeSet<>(codes(row.values()));
                assertEquals(new TreeSet<>(List.of(property.choices())), listed, row.key());
            }
        }
    }
}
