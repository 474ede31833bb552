package org.raydb.offload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.EngineProvider;
import org.raydb.offload.engine.cpu.CpuEngine;

/**
 * The engines of this JVM and the choice among them. {@code engine=cpu}, {@code optix} and {@code cuda} pin
 * an engine (one that is not available declines with its reason). {@code engine=auto} takes a GPU engine
 * when one is available (cuda before optix: on GPUs without RT cores the fused kernel wins, FACTS.md);
 * without a GPU it offloads only under {@code offload=force}, to the cpu engine, because the cpu reference
 * engine is slower than DuckDB itself and {@code auto} must only ever make queries faster.
 */
final class Engines {

    /** An engine, or why there is none. */
    record Choice(Engine engine, String reason) {
    }

    private final CpuEngine cpu = new CpuEngine();
    private final List<Engine> gpu = new ArrayList<>();

    Engines() {
        for (EngineProvider p : ServiceLoader.load(EngineProvider.class, Engines.class.getClassLoader())) {
            gpu.addAll(p.engines());
        }
    }

    Choice choose(OffloadSettings settings) {
        OffloadSettings.Engine wanted = settings.engine();
        if (wanted == OffloadSettings.Engine.CPU) {
            return new Choice(cpu, null);
        }
        if (wanted != OffloadSettings.Engine.AUTO) {
            String name = wanted.name().toLowerCase(Locale.ROOT);
            for (Engine e : gpu) {
                if (e.name().equals(name)) {
                    String why = e.unavailableReason();
                    return why == null ? configured(e, settings)
                            : new Choice(null, "engine " + name + " is not available: " + why);
                }
            }
            return new Choice(null, "engine " + name + " is not available: it is not installed in this JVM");
        }
        for (String name : List.of("cuda", "optix")) {
            for (Engine e : gpu) {
                if (e.name().equals(name) && e.unavailableReason() == null) {
                    return configured(e, settings);
                }
            }
        }
        if (settings.mode() == OffloadSettings.Mode.FORCE) {
            return new Choice(cpu, null);
        }
        return new Choice(null, "no GPU engine is available and engine=auto does not use the cpu reference engine"
                + " (slower than DuckDB); set engine=cpu to use it");
    }

    private static Choice configured(Engine engine, OffloadSettings settings) {
        engine.configure(settings);
        return new Choice(engine, null);
    }
}
