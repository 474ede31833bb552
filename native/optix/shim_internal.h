/*
 * Internals of the raydb_optix shim shared by its translation units: handle structs, error reporting,
 * and the few CUDA driver entry points it needs, resolved from libcuda.so.1 at run time (the build
 * machine has no libcuda, and the Java side already loaded it through JCuda).
 */
#ifndef RAYDB_SHIM_INTERNAL_H
#define RAYDB_SHIM_INTERNAL_H

#include <cuda.h>
#include <optix.h>

#include <cstddef>
#include <cstdint>

#include "raydb_optix.h"

namespace raydb {

struct CudaApi {
    CUresult (*memAlloc)(CUdeviceptr*, size_t);
    CUresult (*memFree)(CUdeviceptr);
    CUresult (*memcpyHtoD)(CUdeviceptr, const void*, size_t);
    CUresult (*memcpyDtoH)(void*, CUdeviceptr, size_t);
    CUresult (*streamSynchronize)(CUstream);
    CUresult (*getErrorName)(CUresult, const char**);
};

/* Valid after a successful raydb_optix_init(). */
const CudaApi& cuda();

/* Records the message for raydb_optix_last_error() and returns code. */
int fail(int code, const char* format, ...) __attribute__((format(printf, 2, 3)));
int failOptix(const char* call, OptixResult result, const char* log = nullptr);
int failCuda(const char* call, CUresult result);
void clearError();

/* Device memory owned by the shim, freed on scope exit unless released. */
class DeviceAlloc {
public:
    DeviceAlloc() = default;
    DeviceAlloc(const DeviceAlloc&) = delete;
    DeviceAlloc& operator=(const DeviceAlloc&) = delete;
    ~DeviceAlloc() { reset(); }
    int allocate(size_t bytes, const char* what);
    CUdeviceptr get() const { return ptr_; }
    size_t size() const { return size_; }
    void reset();
    void swap(DeviceAlloc& other);

private:
    CUdeviceptr ptr_ = 0;
    size_t size_ = 0;
};

}  // namespace raydb

struct raydb_optix_context_s {
    OptixDeviceContext optix;
};

struct raydb_optix_gas_s {
    OptixTraversableHandle handle;
    raydb::DeviceAlloc buffer;
    uint64_t uncompactedBytes;
    uint64_t temporaryBytes;
};

struct raydb_optix_pipeline_s {
    OptixModule module;
    OptixProgramGroup groups[3];
    OptixPipeline pipeline;
    raydb::DeviceAlloc records;
    OptixShaderBindingTable sbt;
    size_t paramsSize;
};

#define RAYDB_OPTIX_CHECK(call)                                                      \
    do {                                                                             \
        OptixResult rdbResult_ = (call);                                             \
        if (rdbResult_ != OPTIX_SUCCESS) return raydb::failOptix(#call, rdbResult_); \
    } while (0)

#define RAYDB_CUDA_CHECK(call)                                                     \
    do {                                                                           \
        CUresult rdbResult_ = (call);                                              \
        if (rdbResult_ != CUDA_SUCCESS) return raydb::failCuda(#call, rdbResult_); \
    } while (0)

#endif
