package org.raydb.jdbc;

import java.io.PrintWriter;
import java.io.Serializable;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.raydb.jdbc.config.ConnectionSettings;
import org.raydb.jdbc.config.RayProperty;
import org.raydb.jdbc.error.SqlErrors;
import org.raydb.jdbc.error.SqlState;

/**
 * A {@link DataSource} for pools and containers: a {@code jdbc:raydb:} URL plus properties. There is one bean
 * property per {@link RayProperty} (its key in camel case: {@code gpu.memory} is {@code gpuMemory}); DuckDB's
 * options go through {@link #setProperty(String, String)} or the URL. DuckDB has no users, so the user and
 * password of {@link #getConnection(String, String)} are ignored.
 */
public class RayDataSource implements DataSource, Serializable {

    private static final long serialVersionUID = 1L;

    private String url = ConnectionSettings.URL_PREFIX;
    private final Properties properties = new Properties();
    private int loginTimeout;
    private transient PrintWriter logWriter;

    /** An unconfigured data source, for pools and containers that set its bean properties. */
    public RayDataSource() {}

    @Override
    public Connection getConnection() throws SQLException {
        Properties copy;
        synchronized (properties) {
            copy = new Properties();
            copy.putAll(properties);
        }
        Connection connection = new RayDriver().connect(url, copy);
        if (connection == null) {
            throw SqlErrors.create(SqlState.CONNECTION_FAILURE, "Not a RayDB URL: '" + url + "'.");
        }
        return connection;
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return getConnection();
    }

    /** The {@code jdbc:raydb:} URL (default {@code jdbc:raydb:}, an in-memory database). */
    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    /** Sets any property, the driver's own or DuckDB's; {@code null} removes it. */
    public void setProperty(String key, String value) {
        synchronized (properties) {
            if (value == null) {
                properties.remove(key);
            } else {
                properties.setProperty(key, value);
            }
        }
    }

    /** A property set on this data source, or {@code null}. */
    public String getProperty(String key) {
        synchronized (properties) {
            return properties.getProperty(key);
        }
    }

    private String get(RayProperty property) {
        String value = getProperty(property.key());
        return value == null ? property.defaultValue() : value;
    }

    /** {@link RayProperty#DEVICE}. */
    public String getDevice() {
        return get(RayProperty.DEVICE);
    }

    public void setDevice(String device) {
        setProperty(RayProperty.DEVICE.key(), device);
    }

    /** {@link RayProperty#ENGINE}. */
    public String getEngine() {
        return get(RayProperty.ENGINE);
    }

    public void setEngine(String engine) {
        setProperty(RayProperty.ENGINE.key(), engine);
    }

    /** {@link RayProperty#FINISH}. */
    public String getFinish() {
        return get(RayProperty.FINISH);
    }

    public void setFinish(String finish) {
        setProperty(RayProperty.FINISH.key(), finish);
    }

    /** {@link RayProperty#GPU_MEMORY}. */
    public String getGpuMemory() {
        return get(RayProperty.GPU_MEMORY);
    }

    public void setGpuMemory(String gpuMemory) {
        setProperty(RayProperty.GPU_MEMORY.key(), gpuMemory);
    }

    /** {@link RayProperty#HOST_MEMORY}. */
    public String getHostMemory() {
        return get(RayProperty.HOST_MEMORY);
    }

    public void setHostMemory(String hostMemory) {
        setProperty(RayProperty.HOST_MEMORY.key(), hostMemory);
    }

    /** {@link RayProperty#OFFLOAD}. */
    public String getOffload() {
        return get(RayProperty.OFFLOAD);
    }

    public void setOffload(String offload) {
        setProperty(RayProperty.OFFLOAD.key(), offload);
    }

    /** {@link RayProperty#PARTITIONS}. */
    public String getPartitions() {
        return get(RayProperty.PARTITIONS);
    }

    public void setPartitions(String partitions) {
        setProperty(RayProperty.PARTITIONS.key(), partitions);
    }

    /** {@link RayProperty#PLACEMENT}. */
    public String getPlacement() {
        return get(RayProperty.PLACEMENT);
    }

    public void setPlacement(String placement) {
        setProperty(RayProperty.PLACEMENT.key(), placement);
    }

    /** {@link RayProperty#VERIFY}. */
    public String getVerify() {
        return get(RayProperty.VERIFY);
    }

    public void setVerify(String verify) {
        setProperty(RayProperty.VERIFY.key(), verify);
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        this.logWriter = out;
    }

    /** Kept for pools that set it; opening an embedded database does not wait on a network. */
    @Override
    public void setLoginTimeout(int seconds) {
        this.loginTimeout = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeout;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return Logger.getLogger("org.raydb.jdbc");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw SqlErrors.create(SqlState.GENERAL_ERROR, "RayDataSource does not wrap " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
