/**
 * The GPU offload layer: an {@link org.raydb.jdbc.offload.OffloadProvider} the driver finds as a service, with
 * its cpu, cuda and optix engines. It exports nothing; the driver reaches it only through the service.
 * {@code META-INF/services} registers the same providers for the class path.
 */
// DuckDB's driver and JCuda have no module descriptors, only derived automatic module names.
@SuppressWarnings("requires-automatic")
module org.raydb.offload {
    requires java.sql;
    requires org.raydb.jdbc;
    requires org.raydb.arrow;
    requires duckdb.jdbc;
    requires jcuda;
    requires org.apache.arrow.memory.core;
    requires org.apache.arrow.vector;

    uses org.raydb.offload.engine.EngineProvider;

    provides org.raydb.jdbc.offload.OffloadProvider with
            org.raydb.offload.RayOffloadProvider;
    provides org.raydb.offload.engine.EngineProvider with
            org.raydb.offload.gpu.engine.GpuEngineProvider;
}
