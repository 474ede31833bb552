package org.raydb.jdbc.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.raydb.jdbc.offload.OffloadSettings.Mode;

class ConnectionSettingsTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "jdbc:raydb:|jdbc:duckdb:",
                "jdbc:raydb::memory:|jdbc:duckdb::memory:",
                "jdbc:raydb:/abs/dir/file.duckdb|jdbc:duckdb:/abs/dir/file.duckdb",
                "jdbc:raydb:rel/file.duckdb|jdbc:duckdb:rel/file.duckdb",
                "jdbc:raydb:rel/file.duckdb?threads=2|jdbc:duckdb:rel/file.duckdb",
                "jdbc:raydb::memory:?offload=off&threads=2|jdbc:duckdb::memory:",
                "jdbc:raydb:?|jdbc:duckdb:"
            })
    void mapsEveryUrlFormToDuckDb(String url, String duckdbUrl) throws SQLException {
        ConnectionSettings settings = ConnectionSettings.resolve(url, null);
        assertEquals(duckdbUrl, settings.duckdbUrl());
        assertEquals(url, settings.url());
    }

    @Test
    void splitsDriverKeysFromDuckDbKeys() throws SQLException {
        ConnectionSettings settings = ConnectionSettings.resolve(
                "jdbc:raydb:x.duckdb?threads=3&offload=off&gpu.memory=80%&memory_limit=1GB", null);
        assertEquals("3", settings.duckdb().getProperty("threads"));
        assertEquals("1GB", settings.duckdb().getProperty("memory_limit"));
        assertNull(settings.duckdb().getProperty("offload"));
        assertNull(settings.duckdb().getProperty("gpu.memory"));
        assertEquals(Mode.OFF, settings.offload().mode());
        assertEquals(80, settings.offload().gpuMemory().percent());
    }

    @Test
    void propertiesWinOverUrl() throws SQLException {
        Properties info = new Properties();
        info.setProperty("threads", "4");
        info.setProperty("offload", "force");
        ConnectionSettings settings = ConnectionSettings.resolve("jdbc:raydb:?threads=3&offload=off", info);
        assertEquals("4", settings.duckdb().getProperty("threads"));
        assertEquals(Mode.FORCE, settings.offload().mode());
    }

    @Test
    void badDriverValueInUrlNamesKey() {
        SQLException e =
                assertThrows(SQLException.class, () -> ConnectionSettings.resolve("jdbc:raydb:?engine=quantum", null));
        assertTrue(
                e.getMessage().contains("'engine'") && e.getMessage().contains("auto, optix, cuda or cpu"),
                e.getMessage());
    }

    @Test
    void malformedParameterIsRejected() {
        SQLException e =
                assertThrows(SQLException.class, () -> ConnectionSettings.resolve("jdbc:raydb:?threads", null));
        assertEquals("08001", e.getSQLState());
        assertTrue(e.getMessage().contains("'threads'"), e.getMessage());
    }

    @Test
    void acceptsOnlyRaydbUrls() {
        assertTrue(ConnectionSettings.accepts("jdbc:raydb:"));
        assertFalse(ConnectionSettings.accepts("jdbc:duckdb:"));
        assertFalse(ConnectionSettings.accepts(null));
        assertThrows(SQLException.class, () -> ConnectionSettings.resolve("jdbc:duckdb:", null));
    }
}
