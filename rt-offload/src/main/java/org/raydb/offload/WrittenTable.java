package org.raydb.offload;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Which table a write statement touches, as far as its text tells; {@code null} when it cannot be told. */
final class WrittenTable {

    private static final String NAME = "((?:\"(?:[^\"]|\"\")+\"|[\\w$]+)(?:\\s*\\.\\s*(?:\"(?:[^\"]|\"\")+\"|[\\w$]+))*)";
    private static final Pattern WRITE = Pattern.compile("^\\s*(?:INSERT\\s+(?:OR\\s+\\w+\\s+)?INTO|UPDATE|DELETE\\s+FROM"
            + "|TRUNCATE(?:\\s+TABLE)?|COPY|CREATE\\s+(?:OR\\s+REPLACE\\s+)?(?:TEMP\\w*\\s+)?TABLE(?:\\s+IF\\s+NOT\\s+EXISTS)?"
            + "|DROP\\s+TABLE(?:\\s+IF\\s+EXISTS)?|ALTER\\s+TABLE)\\s+" + NAME, Pattern.CASE_INSENSITIVE);
    private static final Pattern DDL = Pattern.compile("^\\s*(CREATE|DROP|ALTER|ATTACH|DETACH|USE|SET)\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern TRANSACTION_END = Pattern.compile("^\\s*(COMMIT|ROLLBACK|ABORT|END)\\b",
            Pattern.CASE_INSENSITIVE);

    private WrittenTable() {
    }

    /** The unqualified, unquoted table name, or {@code null}. */
    static String of(String sql) {
        Matcher m = WRITE.matcher(sql);
        if (!m.find()) {
            return null;
        }
        String name = m.group(1);
        int dot = name.lastIndexOf('.');
        String last = (dot >= 0 ? name.substring(dot + 1) : name).trim();
        if (last.startsWith("\"")) {
            return last.substring(1, last.length() - 1).replace("\"\"", "\"");
        }
        return last.toLowerCase(Locale.ROOT);
    }

    /** Statements that may change what a table name or a plan means. */
    static boolean isDdl(String sql) {
        return DDL.matcher(sql).find();
    }

    static boolean endsTransaction(String sql) {
        return TRANSACTION_END.matcher(sql).find();
    }
}
