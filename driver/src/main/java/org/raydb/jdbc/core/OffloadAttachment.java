package org.raydb.jdbc.core;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.WeakHashMap;
import org.raydb.jdbc.offload.OffloadProvider;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Offloader;

/**
 * Finds the offload layer once per class loader and attaches it to new connections.
 *
 * <p>The layer needs the Foreign Function and Memory API, final in Java 22; on an older JVM the
 * {@link ServiceLoader} is not even asked (the provider's classes would not load). Whenever offload is off for
 * a reason other than {@code offload=off}, that reason is logged once per class loader at INFO through
 * {@link System.Logger}, and connections get an {@link OffloadOff}: pure delegation to DuckDB.
 */
public final class OffloadAttachment {

    static final int FFM_FEATURE_RELEASE = 22;
    private static final System.Logger LOG = System.getLogger("org.raydb.jdbc");

    /** Keyed by the context class loader in effect at lookup; a value is a provider or a reason why none. */
    private static final Map<ClassLoader, Object> FOUND = new WeakHashMap<>();

    private OffloadAttachment() {}

    /** The offloader for a new connection; an {@link OffloadOff} naming the reason when offload is off. */
    public static Offloader attach(Connection duckdb, OffloadSettings settings) throws SQLException {
        if (settings.mode() == OffloadSettings.Mode.OFF) {
            return new OffloadOff("offload=off");
        }
        Object found = provider();
        if (!(found instanceof OffloadProvider provider)) {
            return new OffloadOff((String) found);
        }
        try {
            return provider.attach(duckdb, settings);
        } catch (SQLException | RuntimeException e) {
            if (settings.mode() == OffloadSettings.Mode.FORCE) {
                throw e;
            }
            LOG.log(Level.WARNING, "offload could not attach to a new connection, it runs on DuckDB alone", e);
            return new OffloadOff("the offload layer failed to attach: " + e.getMessage());
        }
    }

    private static Object provider() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        ClassLoader own = OffloadAttachment.class.getClassLoader();
        ClassLoader key = context != null ? context : own;
        synchronized (FOUND) {
            Object found = FOUND.get(key);
            if (found == null) {
                found = lookUp(own, context);
                FOUND.put(key, found);
                if (found instanceof String reason) {
                    LOG.log(Level.INFO, "RayDB offload is off, every query runs on DuckDB: " + reason);
                }
            }
            return found;
        }
    }

    private static Object lookUp(ClassLoader own, ClassLoader context) {
        int feature = Runtime.version().feature();
        if (feature < FFM_FEATURE_RELEASE) {
            return "Java " + feature + " has no Foreign Function and Memory API (offload needs Java "
                    + FFM_FEATURE_RELEASE + "+)";
        }
        for (ClassLoader loader :
                context == null || context == own ? new ClassLoader[] {own} : new ClassLoader[] {own, context}) {
            try {
                Iterator<OffloadProvider> providers =
                        ServiceLoader.load(OffloadProvider.class, loader).iterator();
                if (providers.hasNext()) {
                    OffloadProvider provider = providers.next();
                    String reason = provider.unavailableReason();
                    return reason == null ? provider : reason;
                }
            } catch (ServiceConfigurationError | LinkageError e) {
                return "the offload layer failed to load: " + e;
            }
        }
        return "no offload layer (raydb-rt-offload) on the class path";
    }
}
