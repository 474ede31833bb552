/*
 * Row bitmaps (one bit per row, 32 rows per word): AND of predicate groups, AND NOT, OR to merge partial
 * results, and population count. Grid-stride over words.
 */

#define FOR_EACH_WORD(w, words) \
    for (long long w = (long long)blockIdx.x * blockDim.x + threadIdx.x; w < (words); w += (long long)gridDim.x * blockDim.x)

extern "C" __global__ void rdb_bitmap_and(const unsigned int* a, const unsigned int* b, unsigned int* out, long long words) {
    FOR_EACH_WORD(w, words) out[w] = a[w] & b[w];
}

extern "C" __global__ void rdb_bitmap_andnot(const unsigned int* a, const unsigned int* b, unsigned int* out, long long words) {
    FOR_EACH_WORD(w, words) out[w] = a[w] & ~b[w];
}

extern "C" __global__ void rdb_bitmap_or(const unsigned int* a, const unsigned int* b, unsigned int* out, long long words) {
    FOR_EACH_WORD(w, words) out[w] = a[w] | b[w];
}

/* *count += number of set bits; one atomic per warp. blockDim must be a multiple of 32. */
extern "C" __global__ void rdb_bitmap_popcount(const unsigned int* bitmap, long long words, unsigned long long* count) {
    unsigned long long c = 0;
    FOR_EACH_WORD(w, words) c += __popc(bitmap[w]);
    for (int offset = 16; offset > 0; offset >>= 1) c += __shfl_down_sync(0xffffffffu, c, offset);
    if ((threadIdx.x & 31) == 0 && c) atomicAdd(count, c);
}
