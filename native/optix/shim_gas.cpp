/*
 * Geometry acceleration structures: one build input of triangles or AABBs, primitive i = row i, built for
 * fast trace and compacted (RTIndeX: up to 50% smaller). Each primitive calls any-hit at most once per
 * ray, so a ray never counts a row twice; across rays the per-row flag in the any-hit program dedups.
 */
#include <optix_stubs.h>

#include "shim_internal.h"

namespace {

int buildGas(raydb_optix_context ctx, uint64_t stream, const OptixBuildInput& input, int compact,
             raydb_optix_gas* out) {
    using raydb::DeviceAlloc;
    CUstream cuStream = reinterpret_cast<CUstream>(stream);
    OptixAccelBuildOptions options = {};
    options.buildFlags = OPTIX_BUILD_FLAG_PREFER_FAST_TRACE | (compact ? OPTIX_BUILD_FLAG_ALLOW_COMPACTION : 0);
    options.operation = OPTIX_BUILD_OPERATION_BUILD;

    OptixAccelBufferSizes sizes = {};
    RAYDB_OPTIX_CHECK(optixAccelComputeMemoryUsage(ctx->optix, &options, &input, 1, &sizes));

    DeviceAlloc temp, output, compactedSize;
    if (int s = temp.allocate(sizes.tempSizeInBytes, "GAS build scratch")) return s;
    if (int s = output.allocate(sizes.outputSizeInBytes, "GAS")) return s;
    if (int s = compactedSize.allocate(sizeof(uint64_t), "compacted size")) return s;

    OptixAccelEmitDesc emit = {};
    emit.result = compactedSize.get();
    emit.type = OPTIX_PROPERTY_TYPE_COMPACTED_SIZE;
    OptixTraversableHandle handle = 0;
    RAYDB_OPTIX_CHECK(optixAccelBuild(ctx->optix, cuStream, &options, &input, 1, temp.get(), temp.size(), output.get(),
                                      output.size(), &handle, compact ? &emit : nullptr, compact ? 1u : 0u));
    RAYDB_CUDA_CHECK(raydb::cuda().streamSynchronize(cuStream));
    temp.reset();

    if (compact) {
        uint64_t bytes = 0;
        RAYDB_CUDA_CHECK(raydb::cuda().memcpyDtoH(&bytes, compactedSize.get(), sizeof bytes));
        if (bytes < output.size()) {
            DeviceAlloc compacted;
            if (int s = compacted.allocate(bytes, "compacted GAS")) return s;
            RAYDB_OPTIX_CHECK(optixAccelCompact(ctx->optix, cuStream, handle, compacted.get(), bytes, &handle));
            RAYDB_CUDA_CHECK(raydb::cuda().streamSynchronize(cuStream));
            output.swap(compacted);
        }
    }
    auto* gas = new raydb_optix_gas_s{};
    gas->handle = handle;
    gas->buffer.swap(output);
    gas->uncompactedBytes = sizes.outputSizeInBytes;
    gas->temporaryBytes = sizes.tempSizeInBytes;
    *out = gas;
    return RAYDB_OPTIX_OK;
}

bool checkArgs(raydb_optix_context ctx, uint64_t buffer, uint32_t count, raydb_optix_gas* out, const char* fn) {
    if (out) *out = nullptr;
    if (!ctx || !out || !buffer || count == 0) {
        raydb::fail(RAYDB_OPTIX_ERROR_INVALID_ARGUMENT, "%s: NULL handle, NULL buffer or zero primitives", fn);
        return false;
    }
    return true;
}

const unsigned int kGeometryFlags = OPTIX_GEOMETRY_FLAG_REQUIRE_SINGLE_ANYHIT_CALL;

}  // namespace

extern "C" {

int raydb_optix_gas_build_triangles(raydb_optix_context ctx, uint64_t stream, uint64_t vertices, uint32_t numTriangles,
                                    int compact, raydb_optix_gas* out) {
    raydb::clearError();
    if (!checkArgs(ctx, vertices, numTriangles, out, "raydb_optix_gas_build_triangles"))
        return RAYDB_OPTIX_ERROR_INVALID_ARGUMENT;
    if (numTriangles > UINT32_MAX / 3)
        return raydb::fail(RAYDB_OPTIX_ERROR_INVALID_ARGUMENT, "%u triangles exceed one build input", numTriangles);
    CUdeviceptr vertexBuffer = vertices;
    OptixBuildInput input = {};
    input.type = OPTIX_BUILD_INPUT_TYPE_TRIANGLES;
    input.triangleArray.vertexBuffers = &vertexBuffer;
    input.triangleArray.numVertices = 3 * numTriangles;
    input.triangleArray.vertexFormat = OPTIX_VERTEX_FORMAT_FLOAT3;
    input.triangleArray.vertexStrideInBytes = 3 * sizeof(float);
    input.triangleArray.flags = &kGeometryFlags;
    input.triangleArray.numSbtRecords = 1;
    return buildGas(ctx, stream, input, compact, out);
}

int raydb_optix_gas_build_aabbs(raydb_optix_context ctx, uint64_t stream, uint64_t aabbs, uint32_t numAabbs,
                                int compact, raydb_optix_gas* out) {
    raydb::clearError();
    if (!checkArgs(ctx, aabbs, numAabbs, out, "raydb_optix_gas_build_aabbs")) return RAYDB_OPTIX_ERROR_INVALID_ARGUMENT;
    CUdeviceptr aabbBuffer = aabbs;
    OptixBuildInput input = {};
    input.type = OPTIX_BUILD_INPUT_TYPE_CUSTOM_PRIMITIVES;
    input.customPrimitiveArray.aabbBuffers = &aabbBuffer;
    input.customPrimitiveArray.numPrimitives = numAabbs;
    input.customPrimitiveArray.strideInBytes = sizeof(OptixAabb);
    input.customPrimitiveArray.flags = &kGeometryFlags;
    input.customPrimitiveArray.numSbtRecords = 1;
    return buildGas(ctx, stream, input, compact, out);
}

uint64_t raydb_optix_gas_handle(raydb_optix_gas gas) { return gas ? gas->handle : 0; }

int raydb_optix_gas_sizes(raydb_optix_gas gas, uint64_t* resident, uint64_t* uncompacted, uint64_t* temporary) {
    raydb::clearError();
    if (!gas || !resident || !uncompacted || !temporary)
        return raydb::fail(RAYDB_OPTIX_ERROR_INVALID_ARGUMENT, "raydb_optix_gas_sizes: NULL argument");
    *resident = gas->buffer.size();
    *uncompacted = gas->uncompactedBytes;
    *temporary = gas->temporaryBytes;
    return RAYDB_OPTIX_OK;
}

int raydb_optix_gas_destroy(raydb_optix_gas gas) {
    raydb::clearError();
    delete gas;
    return RAYDB_OPTIX_OK;
}

}  // extern "C"
