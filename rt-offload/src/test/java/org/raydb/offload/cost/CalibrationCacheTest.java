package org.raydb.offload.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Calibrations cached per GPU model and driver; anything unusable reads as absent, nothing throws. */
class CalibrationCacheTest {

    private static final DeviceConstants H100 =
            new DeviceConstants("NVIDIA H100 80GB HBM3", "13.0", 2.9e6, 9.5, 7.25, 0, DeviceConstants.Source.MEASURED);

    @Test
    void storedConstantsReadBackAsCached(@TempDir Path dir) {
        CalibrationCache cache = new CalibrationCache(dir.resolve("nested"));
        assertNull(cache.load(H100.gpu(), H100.driver()));
        cache.store(H100);
        assertEquals(H100.withSource(DeviceConstants.Source.CACHED), cache.load(H100.gpu(), H100.driver()));
        assertNull(cache.load(H100.gpu(), "13.1"), "another driver calibrates again");
        assertNull(cache.load("NVIDIA H200", H100.driver()), "another GPU model calibrates again");
    }

    @Test
    void corruptFilesReadAsAbsent(@TempDir Path dir) throws IOException {
        CalibrationCache cache = new CalibrationCache(dir);
        Path file = cache.file(H100.gpu(), H100.driver());
        for (String content : new String[] {
            "\u0000\u0001garbage",
            "gpu=NVIDIA H100 80GB HBM3\ndriver=13.0\n",
            "gpu=NVIDIA H100 80GB HBM3\ndriver=13.0\ncopy_bytes_per_us=-1\nlaunch_us=1\nsmall_copy_us=1\nrtcore_version=0\n",
            "gpu=NVIDIA H100 80GB HBM3\ndriver=13.0\ncopy_bytes_per_us=NaN\nlaunch_us=1\nsmall_copy_us=1\nrtcore_version=0\n",
            "gpu=NVIDIA H100 80GB HBM3\ndriver=13.0\ncopy_bytes_per_us=1e6\nlaunch_us=x\nsmall_copy_us=1\nrtcore_version=0\n"
        }) {
            Files.writeString(file, content);
            assertNull(cache.load(H100.gpu(), H100.driver()), content);
        }
        Files.delete(file);
        Files.createDirectory(file);
        assertNull(cache.load(H100.gpu(), H100.driver()), "a folder where the file should be");
    }

    @Test
    void anUnwritableCacheIsOnlyLogged(@TempDir Path dir) throws IOException {
        Path notAFolder = Files.writeString(dir.resolve("file"), "x");
        CalibrationCache cache = new CalibrationCache(notAFolder);
        cache.store(H100);
        assertNull(cache.load(H100.gpu(), H100.driver()));
    }

    @Test
    void theFolderIsConfigurable(@TempDir Path dir) {
        String before = System.getProperty(CalibrationCache.DIR_PROPERTY);
        System.setProperty(CalibrationCache.DIR_PROPERTY, dir.toString());
        try {
            assertEquals(dir, CalibrationCache.standard().file("g", "d").getParent());
        } finally {
            if (before == null) System.clearProperty(CalibrationCache.DIR_PROPERTY);
            else System.setProperty(CalibrationCache.DIR_PROPERTY, before);
        }
    }
}
