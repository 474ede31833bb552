package org.raydb.offload.cost;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

/**
 * Calibrated {@link DeviceConstants}, one small properties file per GPU model and driver version, so a process
 * calibrates only on a device it has not met. The folder is {@code -Draydb.calibration.dir}, else
 * {@code ${user.home}/.cache/raydb}. A missing, unreadable or corrupt file reads as absent (the caller
 * calibrates again); a file that cannot be written is only logged: the cache never fails a query.
 */
public final class CalibrationCache {

    public static final String DIR_PROPERTY = "raydb.calibration.dir";
    private static final System.Logger LOG = System.getLogger("org.raydb.offload.cost");

    private final Path dir;

    public CalibrationCache(Path dir) {
        this.dir = dir;
    }

    public static CalibrationCache standard() {
        String configured = System.getProperty(DIR_PROPERTY);
        return new CalibrationCache(
                configured != null ? Path.of(configured) : Path.of(System.getProperty("user.home"), ".cache", "raydb"));
    }

    /** The file of one GPU model and driver. */
    public Path file(String gpu, String driver) {
        return dir.resolve("calibration-" + safe(gpu) + "-driver-" + safe(driver) + ".properties");
    }

    /** The cached constants of this GPU and driver, or null when there are none usable. */
    public DeviceConstants load(String gpu, String driver) {
        Path f = file(gpu, driver);
        if (!Files.isRegularFile(f)) return null;
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            p.load(in);
            DeviceConstants c = DeviceConstants.fromProperties(p);
            // A file copied from another device (or edited) does not describe this one.
            return c.gpu().equals(gpu) && c.driver().equals(driver) ? c : null;
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.INFO, "ignoring calibration cache {0} ({1}); calibrating again", f, e.toString());
            return null;
        }
    }

    /** Writes the constants (through a temporary file, so readers never see half a file). */
    public void store(DeviceConstants c) {
        Path f = file(c.gpu(), c.driver());
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "calibration", ".tmp");
            try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                c.toProperties().store(out, "RayDB device calibration (delete to recalibrate)");
            }
            Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.INFO, "calibration not cached at {0}: {1}", f, e.toString());
        }
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]+", "_");
    }
}
