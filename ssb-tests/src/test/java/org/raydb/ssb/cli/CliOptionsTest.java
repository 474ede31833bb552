package org.raydb.ssb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.ssb.query.QueryCatalog;
import org.raydb.ssb.query.QueryForm;

class CliOptionsTest {

    @Test
    void defaultsAreSf1BothFormsAllQueries() throws SQLException {
        CliOptions o = CliOptions.parse(new String[0]);
        assertEquals(1.0, o.sf().value());
        assertEquals(Path.of("target/bench/ssb-sf1-seed" + CliOptions.DEFAULT_SEED + ".duckdb"), o.db());
        assertFalse(o.dbGiven());
        assertEquals(List.of(QueryForm.FLAT, QueryForm.STAR), o.forms());
        assertEquals("auto", o.engine());
        assertEquals("auto", o.offload());
        assertEquals("?engine=auto&offload=auto", o.raydbParameters());
        assertEquals(5, o.reps());
        assertEquals(QueryCatalog.IDS, o.queries());
        assertFalse(o.breakdown());
        assertTrue(Double.isNaN(CliOptions.parse(new String[0], null).copyBandwidthGbs()), "no bandwidth given");
        assertNull(o.anchors());
        assertEquals(0, o.adhoc(), "the SSB queries, not ad-hoc ones");
    }

    @Test
    void soakOptionsHaveTheirDefaultsAndLimits() throws SQLException {
        CliOptions o = CliOptions.parse(new String[0]);
        assertEquals(CliOptions.DEFAULT_READERS, o.readers());
        assertEquals(Runtime.getRuntime().availableProcessors(), o.threads(), "generation keeps its own default");
        assertEquals(CliOptions.DEFAULT_WRITERS, o.writers());
        assertEquals(CliOptions.DEFAULT_MINUTES, o.minutes());
        assertNull(o.out());
        CliOptions given = CliOptions.parse(
                new String[] {"--threads", "3", "--writers", "0", "--minutes", "0.5", "--out", "soak.json"});
        assertEquals(3, given.readers());
        assertEquals(3, given.threads());
        assertEquals(0, given.writers());
        assertEquals(0.5, given.minutes());
        assertEquals(Path.of("soak.json"), given.out());
        assertThrows(SQLException.class, () -> CliOptions.parse(new String[] {"--writers", "51"}));
        assertThrows(SQLException.class, () -> CliOptions.parse(new String[] {"--minutes", "0"}));
    }

    @Test
    void everyOptionIsRead() throws SQLException {
        CliOptions o = CliOptions.parse(new String[] {
            "--sf",
            "0.5",
            "--db",
            "x.duckdb",
            "--form",
            "flat",
            "--engine",
            "cuda",
            "--offload",
            "force",
            "--device",
            "0,1",
            "--placement",
            "replicated",
            "--host-memory",
            "75%",
            "--breakdown",
            "--reps",
            "3",
            "--queries",
            "q1.1,Q4.3",
            "--seed",
            "7",
            "--threads",
            "1",
            "--copy-bandwidth-gbs",
            "2650.5",
            "--anchors",
            "h100-sf20",
            "--adhoc",
            "12"
        });
        assertEquals(0.5, o.sf().value());
        assertEquals(Path.of("x.duckdb"), o.db());
        assertTrue(o.dbGiven());
        assertEquals(List.of(QueryForm.FLAT), o.forms());
        assertEquals("cuda", o.engine());
        assertEquals("force", o.offload());
        assertEquals("?engine=cuda&offload=force&device=0,1&placement=replicated&host.memory=75%", o.raydbParameters());
        assertEquals(3, o.reps());
        assertEquals(List.of("q1.1", "q4.3"), o.queries());
        assertEquals(7, o.seed());
        assertEquals(1, o.threads());
        assertTrue(o.breakdown(), "--breakdown is a flag without a value");
        assertEquals(2650.5, o.copyBandwidthGbs());
        assertEquals("h100-sf20", o.anchors());
        assertEquals(12, o.adhoc());
    }

    @Test
    void varyConstantsRunsOneThreadWithItsOwnSeedUnlessTold() throws SQLException {
        CliOptions defaults = CliOptions.parse(new String[] {"--vary-constants"});
        assertTrue(defaults.varyConstants());
        assertEquals(1, defaults.clients());
        assertEquals(CliOptions.DEFAULT_DURATION, defaults.duration());
        assertFalse(defaults.prepared());
        assertEquals(CliOptions.DEFAULT_CONSTANTS_SEED, defaults.constantsSeed());
        assertEquals(CliOptions.DEFAULT_SEED, defaults.seed(), "the data keep their seed");
        CliOptions given = CliOptions.parse(
                new String[] {"--vary-constants", "--threads", "4", "--duration", "2.5", "--prepared", "--seed", "7"});
        assertEquals(4, given.clients());
        assertEquals(2.5, given.duration());
        assertTrue(given.prepared(), "--prepared is a flag without a value");
        assertEquals(7, given.constantsSeed());
        assertFalse(CliOptions.parse(new String[0]).varyConstants());
        assertThrows(SQLException.class, () -> CliOptions.parse(new String[] {"--vary-constants", "--adhoc", "5"}));
        assertThrows(SQLException.class, () -> CliOptions.parse(new String[] {"--duration", "0"}));
        assertEquals(
                List.of("q1.1", "q4.1"),
                CliOptions.parse(new String[] {"--vary-constants", "--queries", "q1.1,q4.1"})
                        .queries());
        assertEquals(
                assertThrows(SQLException.class, () -> CliOptions.parse(new String[] {"--queries", "q9.9"}))
                        .getMessage(),
                assertThrows(
                                SQLException.class,
                                () -> CliOptions.parse(new String[] {"--vary-constants", "--queries", "q9.9"}))
                        .getMessage(),
                "an unknown id is named as in the other modes");
    }

    @Test
    void theBandwidthCanComeFromTheEnvironmentAndTheOptionWins() throws SQLException {
        assertEquals(3000.0, CliOptions.parse(new String[0], "3000").copyBandwidthGbs());
        assertEquals(
                2000.0,
                CliOptions.parse(new String[] {"--copy-bandwidth-gbs", "2000"}, "3000")
                        .copyBandwidthGbs());
        assertThrows(SQLException.class, () -> CliOptions.parse(new String[0], "fast"));
    }

    @Test
    void dbAloneIsReusedAsItIs() throws SQLException {
        CliOptions o = CliOptions.parse(new String[] {"--db", "mine.duckdb"});
        assertNull(o.sf());
        assertNull(o.fromTbl());
    }

    @Test
    void fromTblNamesItsOwnDatabase() throws SQLException {
        CliOptions o = CliOptions.parse(new String[] {"--from-tbl", "/data/ssb-sf10"});
        assertNull(o.sf());
        assertEquals(Path.of("target/bench/ssb-tbl-ssb-sf10.duckdb"), o.db());
    }

    @Test
    void badOptionsAreNamed() {
        for (String[] args : List.of(
                new String[] {"--engine", "gpu"},
                new String[] {"--offload", "always"},
                new String[] {"--reps", "0"},
                new String[] {"--adhoc", "0"},
                new String[] {"--copy-bandwidth-gbs", "0"},
                new String[] {"--copy-bandwidth-gbs", "x"},
                new String[] {"--anchors", "a100"},
                new String[] {"--queries", "q9.9"},
                new String[] {"--form", "all"},
                new String[] {"--sf"},
                new String[] {"--sf", "1", "--from-tbl", "d"},
                new String[] {"--fast", "1"})) {
            SQLException e = assertThrows(SQLException.class, () -> CliOptions.parse(args), String.join(" ", args));
            assertTrue(e.getSQLState().equals("42601") || e.getSQLState().equals("22023"), e.getSQLState());
        }
    }
}
