package org.raydb.ssb.cli;

import java.io.PrintStream;
import java.sql.SQLException;
import java.util.Locale;
import org.raydb.ssb.Progress;
import org.raydb.ssb.load.ExistingDatabase;
import org.raydb.ssb.load.SsbDatabase;

/** Makes the database the options ask for: generated, imported from .tbl files, or reused as it is. */
final class Datasets {

    private Datasets() {}

    static SsbDatabase.Contents prepare(CliOptions options, Progress progress, PrintStream out) throws SQLException {
        SsbDatabase.Contents contents;
        if (options.fromTbl() != null) {
            contents = SsbDatabase.imported(options.db(), options.fromTbl(), progress);
        } else if (options.sf() != null) {
            contents = SsbDatabase.generated(options.db(), options.sf(), options.seed(), options.threads(), progress);
        } else {
            contents = ExistingDatabase.open(options.db(), progress);
        }
        if (contents.reused()) {
            out.printf(
                    Locale.ROOT,
                    "using %s (%s, sf %s, seed %d): %,d lineorder rows%n",
                    contents.file(),
                    contents.provenance().source(),
                    contents.provenance().sf(),
                    contents.provenance().seed(),
                    contents.lineorderRows());
        } else {
            out.printf(
                    Locale.ROOT,
                    "made %s: %,d lineorder rows loaded in %.1f s (%,.0f rows/s), "
                            + "lineorder_flat built in %.1f s%n",
                    contents.file(),
                    contents.lineorderRows(),
                    contents.generateSeconds(),
                    contents.lineorderRows() / Math.max(contents.generateSeconds(), 1e-9),
                    contents.flatSeconds());
        }
        return contents;
    }
}
