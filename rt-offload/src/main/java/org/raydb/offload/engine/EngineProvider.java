package org.raydb.offload.engine;

/**
 * Found through {@link java.util.ServiceLoader}: GPU engines (optix, cuda) live in other packages and
 * register here, so the core runs without them.
 */
public interface EngineProvider {

    /** Engines this provider offers (unavailable ones report why through {@link Engine#unavailableReason()}). */
    java.util.List<Engine> engines();
}
