/*
 * Library loading, error reporting and the OptiX device context. The OptiX function table is defined here
 * and filled by optixInit() (OptiX's own loader of libnvoptix.so.1, from the SDK headers).
 */
#include <dlfcn.h>
#include <optix_function_table_definition.h>
#include <optix_stubs.h>

#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>

#include "shim_internal.h"

namespace raydb {
namespace {

thread_local std::string lastError;
CudaApi cudaApi;
int initStatus = RAYDB_OPTIX_ERROR_UNAVAILABLE;
std::string initMessage;
std::once_flag initOnce;

template <typename F>
bool resolve(void* lib, const char* name, F& fn) {
    fn = reinterpret_cast<F>(dlsym(lib, name));
    return fn != nullptr;
}

void loadOnce() {
    void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
    if (!lib) {
        initMessage = std::string("cannot load libcuda.so.1: ") + dlerror();
        return;
    }
    if (!resolve(lib, "cuMemAlloc_v2", cudaApi.memAlloc) || !resolve(lib, "cuMemFree_v2", cudaApi.memFree) ||
        !resolve(lib, "cuMemcpyHtoD_v2", cudaApi.memcpyHtoD) || !resolve(lib, "cuMemcpyDtoH_v2", cudaApi.memcpyDtoH) ||
        !resolve(lib, "cuStreamSynchronize", cudaApi.streamSynchronize) ||
        !resolve(lib, "cuGetErrorName", cudaApi.getErrorName)) {
        initMessage = "libcuda.so.1 lacks a CUDA driver API entry point the shim needs";
        return;
    }
    OptixResult r = optixInit();
    if (r != OPTIX_SUCCESS) {
        initMessage = std::string("optixInit failed (libnvoptix.so.1 missing or driver too old for OptiX ABI ") +
                      std::to_string(OPTIX_ABI_VERSION) + "): " + optixGetErrorName(r);
        return;
    }
    initStatus = RAYDB_OPTIX_OK;
}

void logToStderr(unsigned int level, const char* tag, const char* message, void*) {
    std::fprintf(stderr, "[optix %u][%s] %s\n", level, tag, message);
}

}  // namespace

const CudaApi& cuda() { return cudaApi; }

void clearError() { lastError.clear(); }

int fail(int code, const char* format, ...) {
    char buffer[2048];
    va_list args;
    va_start(args, format);
    std::vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    lastError = buffer;
    return code;
}

int failOptix(const char* call, OptixResult result, const char* log) {
    const int code =
        result == OPTIX_ERROR_HOST_OUT_OF_MEMORY ? RAYDB_OPTIX_ERROR_OUT_OF_MEMORY : RAYDB_OPTIX_ERROR_OPTIX;
    return fail(code, "%s failed: %s (%d)%s%s", call, optixGetErrorName(result), static_cast<int>(result),
                log && *log ? "; log: " : "", log ? log : "");
}

int failCuda(const char* call, CUresult result) {
    const char* name = "unknown CUresult";
    if (cudaApi.getErrorName) cudaApi.getErrorName(result, &name);
    const int code = result == CUDA_ERROR_OUT_OF_MEMORY ? RAYDB_OPTIX_ERROR_OUT_OF_MEMORY : RAYDB_OPTIX_ERROR_CUDA;
    return fail(code, "%s failed: %s (%d)", call, name, static_cast<int>(result));
}

int DeviceAlloc::allocate(size_t bytes, const char* what) {
    reset();
    if (bytes == 0) return RAYDB_OPTIX_OK;
    CUresult r = cudaApi.memAlloc(&ptr_, bytes);
    if (r != CUDA_SUCCESS) {
        ptr_ = 0;
        failCuda("cuMemAlloc", r);
        return fail(r == CUDA_ERROR_OUT_OF_MEMORY ? RAYDB_OPTIX_ERROR_OUT_OF_MEMORY : RAYDB_OPTIX_ERROR_CUDA,
                    "cuMemAlloc of %zu bytes for the %s failed: CUresult %d", bytes, what, static_cast<int>(r));
    }
    size_ = bytes;
    return RAYDB_OPTIX_OK;
}

void DeviceAlloc::reset() {
    if (ptr_) cudaApi.memFree(ptr_);
    ptr_ = 0;
    size_ = 0;
}

void DeviceAlloc::swap(DeviceAlloc& other) {
    std::swap(ptr_, other.ptr_);
    std::swap(size_, other.size_);
}

}  // namespace raydb

extern "C" {

const char* raydb_optix_last_error(void) { return raydb::lastError.c_str(); }

int raydb_optix_abi_version(void) { return OPTIX_ABI_VERSION; }

int raydb_optix_init(void) {
    raydb::clearError();
    std::call_once(raydb::initOnce, raydb::loadOnce);
    if (raydb::initStatus != RAYDB_OPTIX_OK) return raydb::fail(raydb::initStatus, "%s", raydb::initMessage.c_str());
    return RAYDB_OPTIX_OK;
}

int raydb_optix_context_create(uint64_t cuContext, int logLevel, raydb_optix_context* out) {
    if (!out) return raydb::fail(RAYDB_OPTIX_ERROR_INVALID_ARGUMENT, "raydb_optix_context_create: out is NULL");
    *out = nullptr;
    if (int s = raydb_optix_init()) return s;
    OptixDeviceContextOptions options = {};
    options.logCallbackFunction = logLevel > 0 ? raydb::logToStderr : nullptr;
    options.logCallbackLevel = logLevel;
    OptixDeviceContext optix = nullptr;
    RAYDB_OPTIX_CHECK(optixDeviceContextCreate(reinterpret_cast<CUcontext>(cuContext), &options, &optix));
    *out = new raydb_optix_context_s{optix};
    return RAYDB_OPTIX_OK;
}

int raydb_optix_context_property(raydb_optix_context ctx, int property, uint32_t* out) {
    raydb::clearError();
    if (!ctx || !out)
        return raydb::fail(RAYDB_OPTIX_ERROR_INVALID_ARGUMENT, "raydb_optix_context_property: NULL argument");
    OptixDeviceProperty which;
    switch (property) {
        case RAYDB_OPTIX_PROPERTY_RTCORE_VERSION: which = OPTIX_DEVICE_PROPERTY_RTCORE_VERSION; break;
        case RAYDB_OPTIX_PROPERTY_MAX_PRIMITIVES_PER_GAS:
            which = OPTIX_DEVICE_PROPERTY_LIMIT_MAX_PRIMITIVES_PER_GAS;
            break;
        case RAYDB_OPTIX_PROPERTY_MAX_TRACE_DEPTH: which = OPTIX_DEVICE_PROPERTY_LIMIT_MAX_TRACE_DEPTH; break;
        default: return raydb::fail(RAYDB_OPTIX_ERROR_INVALID_ARGUMENT, "unknown property %d", property);
    }
    RAYDB_OPTIX_CHECK(optixDeviceContextGetProperty(ctx->optix, which, out, sizeof *out));
    return RAYDB_OPTIX_OK;
}

int raydb_optix_context_destroy(raydb_optix_context ctx) {
    raydb::clearError();
    if (!ctx) return RAYDB_OPTIX_OK;
    OptixResult r = optixDeviceContextDestroy(ctx->optix);
    delete ctx;
    if (r != OPTIX_SUCCESS) return raydb::failOptix("optixDeviceContextDestroy", r);
    return RAYDB_OPTIX_OK;
}

}  // extern "C"
