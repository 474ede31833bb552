package org.raydb.jdbc.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The driver's name and version; the version comes from the build (a resource Maven filters). */
public final class DriverVersion {

    public static final String NAME = "RayDB JDBC";
    public static final String VERSION;
    public static final int MAJOR;
    public static final int MINOR;

    static {
        Properties build = new Properties();
        try (InputStream in = DriverVersion.class.getResourceAsStream("driver-version.properties")) {
            if (in == null) {
                throw new IllegalStateException("driver-version.properties is missing from the driver jar");
            }
            build.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        VERSION = build.getProperty("version");
        String[] parts = VERSION.split("[.-]");
        MAJOR = Integer.parseInt(parts[0]);
        MINOR = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
    }

    private DriverVersion() {}
}
