package org.raydb.ssb.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * Where a database's SSB data came from, kept in the table {@code ssb_meta} so that a later run can reuse
 * the file instead of generating again: the source ({@code generated} or {@code tbl:<dir>}), the scale
 * factor, the seed, the generator version and whether {@code lineorder_flat} was built.
 */
public record Provenance(String source, String sf, long seed, int generatorVersion, boolean flatBuilt) {

    /** Bumped whenever generated data change, so that older files are regenerated rather than reused. */
    public static final int GENERATOR_VERSION = 1;

    private static final String TABLE = "ssb_meta";

    public static Provenance generated(String sf, long seed) {
        return new Provenance("generated", sf, seed, GENERATOR_VERSION, false);
    }

    public static Provenance imported(String directory) {
        return new Provenance("tbl:" + directory, "", 0, GENERATOR_VERSION, false);
    }

    public Provenance withFlatBuilt() {
        return new Provenance(source, sf, seed, generatorVersion, true);
    }

    /** Whether a database with this provenance can stand in for a freshly generated one of {@code wanted}. */
    public boolean satisfies(Provenance wanted) {
        return source.equals(wanted.source)
                && sf.equals(wanted.sf)
                && seed == wanted.seed
                && generatorVersion == wanted.generatorVersion
                && flatBuilt;
    }

    public void write(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE OR REPLACE TABLE " + TABLE
                    + " (source VARCHAR, sf VARCHAR, seed BIGINT, generator_version INTEGER, flat_built BOOLEAN)");
        }
        try (PreparedStatement insert =
                connection.prepareStatement("INSERT INTO " + TABLE + " VALUES (?, ?, ?, ?, ?)")) {
            insert.setString(1, source);
            insert.setString(2, sf);
            insert.setLong(3, seed);
            insert.setInt(4, generatorVersion);
            insert.setBoolean(5, flatBuilt);
            insert.executeUpdate();
        }
    }

    /** Forgets the recorded provenance: called before the tables change, so a half-made file is never reused. */
    public static void clear(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }

    /** The provenance recorded in {@code connection}'s database, if any. */
    public static Optional<Provenance> read(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet exists = statement.executeQuery(
                        "SELECT count(*) FROM duckdb_tables() WHERE table_name = '" + TABLE + "'")) {
            exists.next();
            if (exists.getLong(1) == 0) {
                return Optional.empty();
            }
        }
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery(
                        "SELECT source, sf, seed, generator_version, flat_built FROM " + TABLE)) {
            if (!row.next()) {
                return Optional.empty();
            }
            return Optional.of(new Provenance(
                    row.getString(1), row.getString(2), row.getLong(3), row.getInt(4), row.getBoolean(5)));
        }
    }
}
