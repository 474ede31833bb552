package org.raydb.jdbc.config;

import java.sql.SQLException;
import java.util.Properties;
import org.raydb.jdbc.error.SqlErrors;
import org.raydb.jdbc.error.SqlState;
import org.raydb.jdbc.offload.OffloadSettings;

/**
 * One connection's configuration, resolved from a {@code jdbc:raydb:} URL and {@link Properties}.
 *
 * <p>URL forms: {@code jdbc:raydb:} and {@code jdbc:raydb::memory:} (in memory), {@code jdbc:raydb:/abs/file.duckdb},
 * {@code jdbc:raydb:rel/file.duckdb}, each with an optional {@code ?key=value&key=value}. Values are taken
 * literally (no percent-decoding, so {@code gpu.memory=80%} works as written). {@code Properties} override
 * URL parameters of the same key. The driver's own keys ({@link RayProperty}) are validated into
 * {@link #offload()}; all others go to DuckDB unchanged.
 *
 * @param url         the raydb URL as the application gave it
 * @param duckdbUrl   the URL DuckDB's driver opens
 * @param duckdb      DuckDB's configuration options
 * @param offload     the driver's own settings
 */
public record ConnectionSettings(String url, String duckdbUrl, Properties duckdb, OffloadSettings offload) {

    public static final String URL_PREFIX = "jdbc:raydb:";
    private static final String DUCKDB_URL_PREFIX = "jdbc:duckdb:";

    /** Whether {@code url} is one of this driver's. */
    public static boolean accepts(String url) {
        return url != null && url.startsWith(URL_PREFIX);
    }

    /** Resolves {@code url} and {@code info}; a malformed URL or a bad driver property is an SQLException. */
    public static ConnectionSettings resolve(String url, Properties info) throws SQLException {
        if (!accepts(url)) {
            throw SqlErrors.create(
                    SqlState.CONNECTION_FAILURE,
                    "Not a RayDB URL: '" + url + "' (expected " + URL_PREFIX + "<database file or :memory:>).");
        }
        String rest = url.substring(URL_PREFIX.length());
        int query = rest.indexOf('?');
        String database = query < 0 ? rest : rest.substring(0, query);
        Properties merged = query < 0 ? new Properties() : parameters(url, rest.substring(query + 1));
        if (info != null) {
            for (String key : info.stringPropertyNames()) {
                merged.setProperty(key, info.getProperty(key));
            }
        }
        Properties duckdb = new Properties();
        for (String key : merged.stringPropertyNames()) {
            if (RayProperty.forKey(key) == null) {
                duckdb.setProperty(key, merged.getProperty(key));
            }
        }
        return new ConnectionSettings(url, DUCKDB_URL_PREFIX + database, duckdb, RayProperty.offloadSettings(merged));
    }

    private static Properties parameters(String url, String query) throws SQLException {
        Properties parameters = new Properties();
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw SqlErrors.create(
                        SqlState.CONNECTION_FAILURE,
                        "Malformed parameter '" + pair + "' in URL '" + url + "': expected key=value.");
            }
            parameters.setProperty(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return parameters;
    }
}
