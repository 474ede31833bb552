/*
 * Row bitmaps (one bit per row, 32 rows per word): AND of the per-column bitmaps of an RTScan job. Grid-stride
 * over words.
 */

#define FOR_EACH_WORD(w, words)                                                       \
    for (long long w = (long long)blockIdx.x * blockDim.x + threadIdx.x; w < (words); \
         w += (long long)gridDim.x * blockDim.x)

extern "C" __global__ void rdb_bitmap_and(const unsigned int* a, const unsigned int* b, unsigned int* out,
                                          long long words) {
    FOR_EACH_WORD(w, words) out[w] = a[w] & b[w];
}
