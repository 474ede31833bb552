// What the device itself takes for each SSB query's bytes at SF 20 (the bench's bytes_read): a
// device-to-device copy moving the same traffic (B/2 copied: B/2 read + B/2 written, as the bench's copy
// bandwidth counts), and a plain kernel that only reads the B bytes
// (grid-stride 16-byte loads, one atomic per block), by CUDA events, median of 21; with and without an L2 flush
// (a 128 MB memset outside the events) before each rep. Also an empty kernel. Build here and run on the GPU host
// (docs/benchmarks/README.md has its H100 figures):
//   nvcc -arch=sm_90 -O3 -std=c++17 device-floor.cu -o device-floor
//   ./device-floor;  ncu --metrics gpu__time_duration.sum --csv ./device-floor   (kernel durations)
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

__global__ void readAll(const int4* p, long long n16, unsigned long long* out) {
    unsigned long long s = 0;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n16; i += (long long)gridDim.x * blockDim.x) {
        int4 v = __ldg(p + i); s += (unsigned)v.x + (unsigned)v.y + (unsigned)v.z + (unsigned)v.w;
    }
    for (int o = 16; o; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if ((threadIdx.x & 31) == 0 && s == 42) atomicAdd(out, s);  // keeps the loads; almost never taken
}
__global__ void empty() {}

int main() {
    const char* names[] = {"q1.1","q1.2","q1.3","q2.1","q2.2","q2.3","q3.1","q3.2","q3.3","q3.4","q4.1","q4.2","q4.3"};
    long long bytes[] = {19079584,673328,153928,11554232,2324844,306416,52830420,2242908,87012,1100,23244496,5594476,132112};
    char *a, *b, *flush; unsigned long long* out;
    CK(cudaMalloc(&a, 64 << 20)); CK(cudaMalloc(&b, 64 << 20)); CK(cudaMalloc(&flush, 128 << 20)); CK(cudaMalloc(&out, 8));
    CK(cudaMemset(a, 1, 64 << 20));
    cudaStream_t s; CK(cudaStreamCreate(&s));
    cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
    int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    auto time = [&](auto op, bool flushL2) {
        std::vector<float> t;
        for (int r = 0; r < 22; ++r) {
            if (flushL2) cudaMemsetAsync(flush, r, 128 << 20, s);
            cudaEventRecord(e0, s); op(); cudaEventRecord(e1, s); cudaEventSynchronize(e1);
            float ms; cudaEventElapsedTime(&ms, e0, e1); if (r) t.push_back(ms * 1000);
        }
        std::sort(t.begin(), t.end()); return t[t.size() / 2];
    };
    printf("empty kernel: %.1f us\n", time([&] { empty<<<1, 32, 0, s>>>(); }, false));
    printf("query bytes | copy B/2: L2-flushed, warm | read kernel: flushed, warm (us)\n");
    for (int q = 0; q < 13; ++q) {
        long long B = bytes[q], half = std::max(16LL, B / 2), n16 = std::max(1LL, B / 16);
        int blocks = (int)std::min<long long>(8LL * sms, (n16 + 255) / 256);
        auto copy = [&] { cudaMemcpyAsync(b, a, half, cudaMemcpyDeviceToDevice, s); };
        auto read = [&] { readAll<<<blocks, 256, 0, s>>>((const int4*)a, n16, out); };
        printf("%s %lld | %.1f %.1f | %.1f %.1f\n", names[q], B, time(copy, true), time(copy, false), time(read, true), time(read, false));
    }
    CK(cudaDeviceSynchronize());
    return 0;
}
