package org.raydb.jdbc.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.raydb.jdbc.RayDataSource;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.OffloadSettings.Engine;
import org.raydb.jdbc.offload.OffloadSettings.Mode;

class RayPropertyTest {

    @Test
    void keysAreSortedAndUnique() {
        List<String> keys = new ArrayList<>();
        for (RayProperty property : RayProperty.values()) {
            keys.add(property.key());
        }
        List<String> sorted = new ArrayList<>(keys);
        sorted.sort(null);
        assertEquals(sorted, keys, "RayProperty constants must be sorted by key");
        assertEquals(keys.size(), new HashSet<>(keys).size(), "keys must be unique");
    }

    @Test
    void everyPropertyHasDataSourceAccessors() throws Exception {
        for (RayProperty property : RayProperty.values()) {
            String bean = beanName(property.key());
            Method setter = RayDataSource.class.getMethod("set" + bean, String.class);
            Method getter = RayDataSource.class.getMethod("get" + bean);
            RayDataSource dataSource = new RayDataSource();
            assertEquals(property.defaultValue(), getter.invoke(dataSource), property.key() + " default");
            setter.invoke(dataSource, "x-value");
            assertEquals("x-value", dataSource.getProperty(property.key()), property.key() + " setter");
            assertEquals("x-value", getter.invoke(dataSource), property.key() + " getter");
        }
    }

    private static String beanName(String key) {
        StringBuilder name = new StringBuilder();
        for (String part : key.split("\\.")) {
            name.append(part.substring(0, 1).toUpperCase(Locale.ROOT)).append(part.substring(1));
        }
        return name.toString();
    }

    @Test
    void defaultsMatchOffloadSettingsDefaults() throws SQLException {
        OffloadSettings parsed = RayProperty.offloadSettings(new Properties());
        OffloadSettings defaults = OffloadSettings.defaults();
        assertEquals(defaults.mode(), parsed.mode());
        assertEquals(defaults.engine(), parsed.engine());
        assertEquals(defaults.verify(), parsed.verify());
        assertEquals(defaults.gpuMemory(), parsed.gpuMemory());
        assertArrayEquals(defaults.devices(), parsed.devices());
        assertEquals(1, parsed.partitions());
        assertEquals(defaults.placement(), parsed.placement());
    }

    @Test
    void parsesEveryKey() throws SQLException {
        Properties p = new Properties();
        p.setProperty("offload", "FORCE");
        p.setProperty("engine", "cuda");
        p.setProperty("verify", "true");
        p.setProperty("gpu.memory", "8g");
        p.setProperty("device", "1, 0");
        p.setProperty("partitions", "4");
        OffloadSettings settings = RayProperty.offloadSettings(p);
        assertEquals(4, settings.partitions());
        assertEquals(Mode.FORCE, settings.mode());
        assertEquals(Engine.CUDA, settings.engine());
        assertTrue(settings.verify());
        assertEquals(8L << 30, settings.gpuMemory().bytes());
        assertArrayEquals(new int[] {1, 0}, settings.devices());
        p.setProperty("gpu.memory", "50%");
        p.setProperty("device", "all");
        settings = RayProperty.offloadSettings(p);
        assertEquals(50, settings.gpuMemory().percent());
        assertEquals(0, settings.devices().length);
        p.setProperty("gpu.memory", "1048576");
        assertEquals(1048576L, RayProperty.offloadSettings(p).gpuMemory().bytes());
        p.setProperty("partitions", "1");
        p.setProperty("placement", "Replicated");
        assertEquals(
                OffloadSettings.Placement.REPLICATED,
                RayProperty.offloadSettings(p).placement());
    }

    /** A replica is a whole table on one device: partitions of it are refused, naming the combination allowed. */
    @Test
    void replicatedPlacementTakesOnePartitionPerDevice() {
        Properties p = new Properties();
        p.setProperty("placement", "replicated");
        p.setProperty("partitions", "2");
        SQLException e = assertThrows(SQLException.class, () -> RayProperty.offloadSettings(p));
        assertEquals("22023", e.getSQLState());
        assertTrue(e.getMessage().contains("(with partitions=1)"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "offload|maybe|auto, off or force",
                "engine|gpu|auto, optix, cuda or cpu",
                "verify|yes|true or false",
                "gpu.memory|0%|a byte count",
                "gpu.memory|101%|a byte count",
                "gpu.memory|lots|a byte count",
                "gpu.memory|-5|a byte count",
                "gpu.memory|99999999999t|a byte count",
                "device|0,0|comma-separated list of distinct ordinals",
                "device|-1|comma-separated list of distinct ordinals",
                "device|gpu0|comma-separated list of distinct ordinals",
                "partitions|0|a whole number from 1 to 64",
                "partitions|65|a whole number from 1 to 64",
                "partitions|two|a whole number from 1 to 64",
                "placement|mirrored|partitioned or replicated"
            })
    void badValueNamesKeyAndAllowedValues(String key, String value, String allowed) {
        Properties p = new Properties();
        p.setProperty(key, value);
        SQLException e = assertThrows(SQLException.class, () -> RayProperty.offloadSettings(p));
        assertEquals("22023", e.getSQLState());
        assertTrue(e.getMessage().contains("'" + key + "'"), e.getMessage());
        assertTrue(e.getMessage().contains("'" + value + "'"), e.getMessage());
        assertTrue(e.getMessage().contains(allowed), e.getMessage());
    }

    @Test
    void driverPropertyInfoCarriesChoicesAndValue() {
        Properties p = new Properties();
        p.setProperty("engine", "cpu");
        DriverPropertyInfo info = RayProperty.ENGINE.toDriverPropertyInfo(p);
        assertEquals("engine", info.name);
        assertEquals("cpu", info.value);
        assertArrayEquals(new String[] {"auto", "optix", "cuda", "cpu"}, info.choices);
        assertNull(RayProperty.GPU_MEMORY.toDriverPropertyInfo(p).choices);
        assertEquals(RayProperty.GPU_MEMORY, RayProperty.forKey("gpu.memory"));
        assertNull(RayProperty.forKey("threads"));
    }
}
