/*
 * raydb_optix: a small C API over NVIDIA OptiX for the RayDB ray jobs. Our own header: it declares only
 * opaque handles and plain C types, so callers (the Java FFM bindings) never see NVIDIA's headers.
 *
 * CUDA objects (context, streams, device memory) belong to the caller (JCuda on the Java side) and cross
 * this API as raw 64-bit handles and device addresses. The library allocates only what OptiX itself needs
 * (acceleration structures, shader binding table) and frees it in the matching destroy call.
 *
 * Errors: every function returns RAYDB_OPTIX_OK (0) or an error code; raydb_optix_last_error() then gives a
 * message naming the failed call, valid on the calling thread until its next call into this library.
 * Every function must be called with the handles' CUDA context current on the calling thread.
 */
#ifndef RAYDB_OPTIX_H
#define RAYDB_OPTIX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define RAYDB_OPTIX_API __attribute__((visibility("default")))
#else
#define RAYDB_OPTIX_API
#endif

typedef enum raydb_optix_status {
    RAYDB_OPTIX_OK = 0,
    RAYDB_OPTIX_ERROR_UNAVAILABLE = 1, /* libnvoptix or libcuda could not be loaded, or the driver is too old */
    RAYDB_OPTIX_ERROR_INVALID_ARGUMENT = 2,
    RAYDB_OPTIX_ERROR_OPTIX = 3, /* an OptiX call failed; the message names it and its OptixResult */
    RAYDB_OPTIX_ERROR_CUDA = 4,  /* a CUDA driver call failed; the message names it and its CUresult */
    RAYDB_OPTIX_ERROR_OUT_OF_MEMORY = 5
} raydb_optix_status;

typedef enum raydb_optix_property {
    RAYDB_OPTIX_PROPERTY_RTCORE_VERSION = 0, /* 0 on GPUs without RT cores (Hopper) */
    RAYDB_OPTIX_PROPERTY_MAX_PRIMITIVES_PER_GAS = 1,
    RAYDB_OPTIX_PROPERTY_MAX_TRACE_DEPTH = 2
} raydb_optix_property;

typedef struct raydb_optix_context_s* raydb_optix_context;
typedef struct raydb_optix_gas_s* raydb_optix_gas;
typedef struct raydb_optix_pipeline_s* raydb_optix_pipeline;

/* Message of this thread's last failed call (empty string when none). */
RAYDB_OPTIX_API const char* raydb_optix_last_error(void);

/* OptiX ABI version this library was compiled against (105 for OptiX 9.0). */
RAYDB_OPTIX_API int raydb_optix_abi_version(void);

/* Loads libnvoptix and libcuda once per process; later calls return the first outcome. */
RAYDB_OPTIX_API int raydb_optix_init(void);

/* An OptiX device context on an existing CUcontext (raw handle); logLevel 0..4 goes to stderr. */
RAYDB_OPTIX_API int raydb_optix_context_create(uint64_t cuContext, int logLevel, raydb_optix_context* out);
RAYDB_OPTIX_API int raydb_optix_context_property(raydb_optix_context ctx, int property, uint32_t* out);
RAYDB_OPTIX_API int raydb_optix_context_destroy(raydb_optix_context ctx);

/*
 * A geometry acceleration structure over numTriangles triangles (9 floats each, vertex after vertex, at
 * device address vertices) or numAabbs boxes (6 floats each: min xyz, max xyz). Primitive i is row i.
 * Built on stream, compacted when compact != 0; returns once the build has finished.
 */
RAYDB_OPTIX_API int raydb_optix_gas_build_triangles(raydb_optix_context ctx, uint64_t stream, uint64_t vertices,
                                                    uint32_t numTriangles, int compact, raydb_optix_gas* out);
RAYDB_OPTIX_API int raydb_optix_gas_build_aabbs(raydb_optix_context ctx, uint64_t stream, uint64_t aabbs,
                                                uint32_t numAabbs, int compact, raydb_optix_gas* out);
/* Traversable handle to store in a launch's parameters. */
RAYDB_OPTIX_API uint64_t raydb_optix_gas_handle(raydb_optix_gas gas);
/* Device bytes held now, bytes before compaction, and the temporary bytes the build needed. */
RAYDB_OPTIX_API int raydb_optix_gas_sizes(raydb_optix_gas gas, uint64_t* resident, uint64_t* uncompacted,
                                          uint64_t* temporary);
RAYDB_OPTIX_API int raydb_optix_gas_destroy(raydb_optix_gas gas);

/*
 * A pipeline from one OptiX-IR (or PTX) module: a raygen program, an optional miss program, and one hit
 * group of an any-hit program plus, for custom primitives, an intersection program (NULL for triangles).
 * paramsName is the __constant__ launch-parameter variable, paramsSize its size in bytes.
 */
RAYDB_OPTIX_API int raydb_optix_pipeline_create(raydb_optix_context ctx, const void* module, size_t moduleSize,
                                                const char* paramsName, size_t paramsSize, const char* raygen,
                                                const char* miss, const char* anyhit, const char* intersection,
                                                raydb_optix_pipeline* out);
/* Launches width x height x depth rays on stream with the launch parameters at device address params. */
RAYDB_OPTIX_API int raydb_optix_pipeline_launch(raydb_optix_pipeline pipeline, uint64_t stream, uint64_t params,
                                                uint32_t width, uint32_t height, uint32_t depth);
RAYDB_OPTIX_API int raydb_optix_pipeline_destroy(raydb_optix_pipeline pipeline);

#ifdef __cplusplus
}
#endif

#endif
