package org.raydb.offload.gpu.residency;

/**
 * Something that holds device memory and frees it on close: encoded columns, sieving vectors, a GAS, or a
 * bundle of them for one (table snapshot, attribute set).
 */
public interface GpuResident extends AutoCloseable {

    /** Device bytes held, as counted against the {@code gpu.memory} budget. */
    long deviceBytes();

    @Override
    void close();
}
