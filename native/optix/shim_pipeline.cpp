/*
 * Ray-tracing pipelines: one module, a raygen, a miss and one hit group, linked for trace depth 1, with a
 * shader binding table of three header-only records (the programs read everything from the launch
 * parameters, so no record carries data).
 */
#include <optix_stack_size.h>
#include <optix_stubs.h>

#include <cstring>

#include "shim_internal.h"

namespace {

enum Group { kRaygen = 0, kMiss = 1, kHit = 2, kGroups = 3 };
constexpr size_t kRecordBytes = OPTIX_SBT_RECORD_HEADER_SIZE;
static_assert(kRecordBytes % OPTIX_SBT_RECORD_ALIGNMENT == 0, "SBT records must stay aligned");

void destroyParts(raydb_optix_pipeline p) {
    if (p->pipeline) optixPipelineDestroy(p->pipeline);
    for (OptixProgramGroup g : p->groups)
        if (g) optixProgramGroupDestroy(g);
    if (p->module) optixModuleDestroy(p->module);
}

int createModule(raydb_optix_context ctx, const void* module, size_t moduleSize,
                 const OptixPipelineCompileOptions& pipelineOptions, raydb_optix_pipeline p) {
    OptixModuleCompileOptions options = {};
    options.optLevel = OPTIX_COMPILE_OPTIMIZATION_DEFAULT;
    options.debugLevel = OPTIX_COMPILE_DEBUG_LEVEL_NONE;
    char log[2048];
    size_t logSize = sizeof log;
    OptixResult r = optixModuleCreate(ctx->optix, &options, &pipelineOptions, static_cast<const char*>(module),
                                      moduleSize, log, &logSize, &p->module);
    return r == OPTIX_SUCCESS ? RAYDB_OPTIX_OK : raydb::failOptix("optixModuleCreate", r, log);
}

int createGroups(raydb_optix_context ctx, const char* raygen, const char* miss, const char* anyhit,
                 const char* intersection, raydb_optix_pipeline p) {
    OptixProgramGroupDesc descs[kGroups] = {};
    descs[kRaygen].kind = OPTIX_PROGRAM_GROUP_KIND_RAYGEN;
    descs[kRaygen].raygen.module = p->module;
    descs[kRaygen].raygen.entryFunctionName = raygen;
    descs[kMiss].kind = OPTIX_PROGRAM_GROUP_KIND_MISS;
    descs[kMiss].miss.module = miss ? p->module : nullptr;
    descs[kMiss].miss.entryFunctionName = miss;
    descs[kHit].kind = OPTIX_PROGRAM_GROUP_KIND_HITGROUP;
    descs[kHit].hitgroup.moduleAH = p->module;
    descs[kHit].hitgroup.entryFunctionNameAH = anyhit;
    descs[kHit].hitgroup.moduleIS = intersection ? p->module : nullptr;
    descs[kHit].hitgroup.entryFunctionNameIS = intersection;
    OptixProgramGroupOptions options = {};
    char log[2048];
    size_t logSize = sizeof log;
    OptixResult r = optixProgramGroupCreate(ctx->optix, descs, kGroups, &options, log, &logSize, p->groups);
    return r == OPTIX_SUCCESS ? RAYDB_OPTIX_OK : raydb::failOptix("optixProgramGroupCreate", r, log);
}

int link(raydb_optix_context ctx, const OptixPipelineCompileOptions& pipelineOptions, raydb_optix_pipeline p) {
    OptixPipelineLinkOptions options = {};
    options.maxTraceDepth = 1;
    char log[2048];
    size_t logSize = sizeof log;
    OptixResult r =
        optixPipelineCreate(ctx->optix, &pipelineOptions, &options, p->groups, kGroups, log, &logSize, &p->pipeline);
    if (r != OPTIX_SUCCESS) return raydb::failOptix("optixPipelineCreate", r, log);

    OptixStackSizes stack = {};
    for (OptixProgramGroup g : p->groups) RAYDB_OPTIX_CHECK(optixUtilAccumulateStackSizes(g, &stack, p->pipeline));
    unsigned int fromTraversal = 0, fromState = 0, continuation = 0;
    RAYDB_OPTIX_CHECK(optixUtilComputeStackSizes(&stack, 1, 0, 0, &fromTraversal, &fromState, &continuation));
    RAYDB_OPTIX_CHECK(optixPipelineSetStackSize(p->pipeline, fromTraversal, fromState, continuation, 1));
    return RAYDB_OPTIX_OK;
}

int writeBindingTable(raydb_optix_pipeline p) {
    unsigned char host[kGroups][kRecordBytes];
    for (int g = 0; g < kGroups; ++g) RAYDB_OPTIX_CHECK(optixSbtRecordPackHeader(p->groups[g], host[g]));
    if (int s = p->records.allocate(sizeof host, "shader binding table")) return s;
    RAYDB_CUDA_CHECK(raydb::cuda().memcpyHtoD(p->records.get(), host, sizeof host));
    const CUdeviceptr base = p->records.get();
    p->sbt = {};
    p->sbt.raygenRecord = base + kRaygen * kRecordBytes;
    p->sbt.missRecordBase = base + kMiss * kRecordBytes;
    p->sbt.missRecordStrideInBytes = kRecordBytes;
    p->sbt.missRecordCount = 1;
    p->sbt.hitgroupRecordBase = base + kHit * kRecordBytes;
    p->sbt.hitgroupRecordStrideInBytes = kRecordBytes;
    p->sbt.hitgroupRecordCount = 1;
    return RAYDB_OPTIX_OK;
}

}  // namespace

extern "C" {

int raydb_optix_pipeline_create(raydb_optix_context ctx, const void* module, size_t moduleSize, const char* paramsName,
                                size_t paramsSize, const char* raygen, const char* miss, const char* anyhit,
                                const char* intersection, raydb_optix_pipeline* out) {
    raydb::clearError();
    if (out) *out = nullptr;
    if (!ctx || !module || moduleSize == 0 || !paramsName || paramsSize == 0 || !raygen || !anyhit || !out)
        return raydb::fail(RAYDB_OPTIX_ERROR_INVALID_ARGUMENT,
                           "raydb_optix_pipeline_create: context, module, params, raygen and anyhit are required");
    OptixPipelineCompileOptions pipelineOptions = {};
    pipelineOptions.usesMotionBlur = 0;
    pipelineOptions.traversableGraphFlags = OPTIX_TRAVERSABLE_GRAPH_FLAG_ALLOW_SINGLE_GAS;
    pipelineOptions.numPayloadValues = 0;
    pipelineOptions.numAttributeValues = 2;
    pipelineOptions.exceptionFlags = OPTIX_EXCEPTION_FLAG_NONE;
    pipelineOptions.pipelineLaunchParamsVariableName = paramsName;
    pipelineOptions.usesPrimitiveTypeFlags =
        intersection ? OPTIX_PRIMITIVE_TYPE_FLAGS_CUSTOM : OPTIX_PRIMITIVE_TYPE_FLAGS_TRIANGLE;

    auto* p = new raydb_optix_pipeline_s{};
    p->paramsSize = paramsSize;
    int s = createModule(ctx, module, moduleSize, pipelineOptions, p);
    if (!s) s = createGroups(ctx, raygen, miss, anyhit, intersection, p);
    if (!s) s = link(ctx, pipelineOptions, p);
    if (!s) s = writeBindingTable(p);
    if (s) {
        destroyParts(p);
        delete p;
        return s;
    }
    *out = p;
    return RAYDB_OPTIX_OK;
}

int raydb_optix_pipeline_launch(raydb_optix_pipeline p, uint64_t stream, uint64_t params, uint32_t width,
                                uint32_t height, uint32_t depth) {
    raydb::clearError();
    if (!p || !params)
        return raydb::fail(RAYDB_OPTIX_ERROR_INVALID_ARGUMENT, "raydb_optix_pipeline_launch: NULL argument");
    if (width == 0 || height == 0 || depth == 0) return RAYDB_OPTIX_OK;
    RAYDB_OPTIX_CHECK(optixLaunch(p->pipeline, reinterpret_cast<CUstream>(stream), params, p->paramsSize, &p->sbt,
                                  width, height, depth));
    return RAYDB_OPTIX_OK;
}

int raydb_optix_pipeline_destroy(raydb_optix_pipeline p) {
    raydb::clearError();
    if (!p) return RAYDB_OPTIX_OK;
    destroyParts(p);
    delete p;
    return RAYDB_OPTIX_OK;
}

}  // extern "C"
