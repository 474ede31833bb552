// How long a launch takes when its blocks read a few words the host just wrote to mapped (zero-copy) host
// memory, against the same words in the kernel's parameters (2 and 31 KiB) or copied to the device first.
// Build and run on the GPU host: nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/probe kernel-input-latency.cu && /tmp/probe
// (docs/benchmarks/README.md has its H100 figures).
#include <cstdio>
#include <chrono>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
struct Params { int2 c[256]; };
struct Big { int2 c[3968]; };
__device__ void finish(volatile unsigned long long* done, unsigned long long seq, unsigned int* blocksDone) {
    __shared__ bool last; __threadfence(); __syncthreads();
    if (threadIdx.x == 0) last = atomicAdd(blocksDone, 1u) == gridDim.x - 1; __syncthreads();
    if (last && threadIdx.x == 0) { *blocksDone = 0; __threadfence_system(); *done = seq; }
}
__global__ void fromPtr(const int2* chunks, int n, long long* sink, volatile unsigned long long* done, unsigned long long seq, unsigned int* bd) {
    __shared__ int2 c; if (threadIdx.x == 0) c = chunks[blockIdx.x % n]; __syncthreads();
    if (c.x == -7) *sink = c.y; finish(done, seq, bd); }
__global__ void fromParam(const __grid_constant__ Params p, int n, long long* sink, volatile unsigned long long* done, unsigned long long seq, unsigned int* bd) {
    int2 c = p.c[blockIdx.x % n]; if (c.x == -7) *sink = c.y; finish(done, seq, bd); }
__global__ void fromBig(const __grid_constant__ Big p, int n, long long* sink, volatile unsigned long long* done, unsigned long long seq, unsigned int* bd) {
    __shared__ int2 c; if (threadIdx.x == 0) c = p.c[blockIdx.x % n]; __syncthreads(); if (c.x == -7) *sink = c.y; finish(done, seq, bd); }
double med(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
int main() {
    int2 *mapped, *dev, *pinned; long long* sink; unsigned long long* doneH; unsigned int* bd;
    cudaHostAlloc(&mapped, 4096, cudaHostAllocMapped); cudaHostAlloc(&doneH, 4096, cudaHostAllocMapped);
    cudaHostAlloc(&pinned, 4096, 0); cudaMalloc(&dev, 4096); cudaMalloc(&sink, 8); cudaMalloc(&bd, 8); cudaMemset(bd, 0, 8);
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    Params p; unsigned long long seq = 0; int n = 10;
    for (int i = 0; i < 256; ++i) { p.c[i] = make_int2(i, 1); mapped[i] = p.c[i]; }
    const char* names[] = {"mapped, host rewrote it", "mapped, unchanged", "kernel parameter (2 KiB)", "async copy to device", "kernel parameter (31 KiB)"};
    static Big big; for (int i = 0; i < 3968; ++i) big.c[i] = make_int2(i, 1);
    for (int rep = 0; rep < 1; ++rep)
    for (int mode = 0; mode < 5; ++mode) for (int grid : {160, 528}) {
        std::vector<double> ev, host;
        for (int it = 0; it < 41; ++it) {
            ++seq;
            auto t0 = std::chrono::steady_clock::now();
            cudaEventRecord(a, s);
            if (mode == 0) { for (int i = 0; i < n; ++i) mapped[i] = make_int2(it, i); fromPtr<<<grid, 256, 0, s>>>(mapped, n, sink, doneH, seq, bd); }
            if (mode == 1) fromPtr<<<grid, 256, 0, s>>>(mapped, n, sink, doneH, seq, bd);
            if (mode == 2) { for (int i = 0; i < n; ++i) p.c[i] = make_int2(it, i); fromParam<<<grid, 256, 0, s>>>(p, n, sink, doneH, seq, bd); }
            if (mode == 3) { for (int i = 0; i < n; ++i) pinned[i] = make_int2(it, i); cudaMemcpyAsync(dev, pinned, 8 * n, cudaMemcpyHostToDevice, s); fromPtr<<<grid, 256, 0, s>>>(dev, n, sink, doneH, seq, bd); }
            if (mode == 4) { for (int i = 0; i < n; ++i) big.c[i] = make_int2(it, i); fromBig<<<grid, 256, 0, s>>>(big, n, sink, doneH, seq, bd); }
            cudaEventRecord(b, s);
            while (*(volatile unsigned long long*)doneH != seq) {}
            auto t1 = std::chrono::steady_clock::now();
            cudaEventSynchronize(b); float ms; cudaEventElapsedTime(&ms, a, b);
            if (it) { ev.push_back(ms * 1000); host.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count()); }
        }
        printf("%-28s grid %3d: events %6.1f us, host launch..done flag %6.1f us\n", names[mode], grid, med(ev), med(host));
    }
    return 0;
}
