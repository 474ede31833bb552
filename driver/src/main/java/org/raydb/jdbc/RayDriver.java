package org.raydb.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.logging.Logger;
import org.duckdb.DuckDBDriver;
import org.raydb.jdbc.config.ConnectionSettings;
import org.raydb.jdbc.config.RayProperty;
import org.raydb.jdbc.core.ConnectionWrapper;
import org.raydb.jdbc.core.DriverVersion;
import org.raydb.jdbc.core.OffloadAttachment;
import org.raydb.jdbc.error.SqlErrors;
import org.raydb.jdbc.offload.Offloader;

/**
 * The {@code jdbc:raydb:} driver: an embedded DuckDB opened through DuckDB's own driver, wrapped so that the
 * application sees RayDB's objects, and the offload layer attached when this JVM and host can run it.
 * Registered through {@code META-INF/services/java.sql.Driver} and on class initialisation.
 */
public final class RayDriver implements Driver {

    static {
        try {
            DriverManager.registerDriver(new RayDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** DuckDB's driver, used directly so the driver works from an isolated class loader (SQL IDEs). */
    private final DuckDBDriver duckdb = new DuckDBDriver();

    /** Public for {@link java.util.ServiceLoader}, which {@link DriverManager} uses to find drivers. */
    public RayDriver() {}

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        ConnectionSettings settings = ConnectionSettings.resolve(url, info);
        Connection duckdbConnection;
        try {
            duckdbConnection = duckdb.connect(settings.duckdbUrl(), settings.duckdb());
        } catch (SQLException e) {
            throw SqlErrors.translate(e);
        }
        try {
            Offloader offloader = OffloadAttachment.attach(duckdbConnection, settings.offload());
            return new ConnectionWrapper(duckdbConnection, settings, offloader);
        } catch (SQLException | RuntimeException e) {
            duckdbConnection.close();
            throw e;
        }
    }

    @Override
    public boolean acceptsURL(String url) {
        return ConnectionSettings.accepts(url);
    }

    /** The driver's own properties (from {@link RayProperty}), then DuckDB's configuration options. */
    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        Properties given = info == null ? new Properties() : info;
        List<DriverPropertyInfo> properties = new ArrayList<>();
        for (RayProperty property : RayProperty.values()) {
            properties.add(property.toDriverPropertyInfo(given));
        }
        try {
            properties.addAll(Arrays.asList(duckdb.getPropertyInfo("jdbc:duckdb:", new Properties())));
        } catch (SQLException e) {
            throw SqlErrors.translate(e);
        }
        return properties.toArray(new DriverPropertyInfo[0]);
    }

    @Override
    public int getMajorVersion() {
        return DriverVersion.MAJOR;
    }

    @Override
    public int getMinorVersion() {
        return DriverVersion.MINOR;
    }

    /** Not claimed: the driver has not passed the JDBC compliance suite. */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() {
        return Logger.getLogger("org.raydb.jdbc");
    }
}
