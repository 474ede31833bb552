/*
 * Gathers a table-ordered column into another row order: dst[i] = src[perm[i]]. This is how the Z-sorted
 * projections of the BVH catalog are built on the device: each column is uploaded once in table order and
 * gathered into every catalog entry's Z order (perm = the entry's sorted rows), instead of permuting on the
 * host. Grid-stride loops, so any grid size is correct.
 */

#define FOR_EACH_ROW(i, n)                                                        \
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < (n); \
         i += (long long)gridDim.x * blockDim.x)

extern "C" __global__ void rdb_gather_i32(const int* src, const int* perm, long long n, int* dst) {
    FOR_EACH_ROW(i, n) dst[i] = src[perm[i]];
}

extern "C" __global__ void rdb_gather_i64(const long long* src, const int* perm, long long n, long long* dst) {
    FOR_EACH_ROW(i, n) dst[i] = src[perm[i]];
}

/* Bitmaps (bit i = bit (i & 31) of word (i >> 5)): dst bit i = src bit perm[i]. blockDim a multiple of 32,
 * so a warp's ballot is one whole destination word and no two threads write one word; bits past n stay 0. */
extern "C" __global__ void rdb_gather_bits(const unsigned int* src, const int* perm, long long n, unsigned int* dst) {
    for (long long base = (long long)blockIdx.x * blockDim.x; base < n; base += (long long)gridDim.x * blockDim.x) {
        const long long i = base + threadIdx.x;
        bool bit = false;
        if (i < n) {
            const int row = perm[i];
            bit = (src[row >> 5] >> (row & 31)) & 1u;
        }
        const unsigned int word = __ballot_sync(0xffffffffu, bit);
        if ((threadIdx.x & 31) == 0 && i < n) dst[i >> 5] = word;
    }
}

/* One step of a mixed-radix fold of group-key codes into one group index (BijectivePacking's order, the first
 * key most significant): acc[i] = acc[i] * radix + codes[i], or codes[i] for the first key. A query whose group
 * index is folded this way needs no per-shape group codes built on the host. */
extern "C" __global__ void rdb_fold_codes(int* acc, const int* codes, long long n, int radix, int first) {
    FOR_EACH_ROW(i, n) acc[i] = first ? codes[i] : acc[i] * radix + codes[i];
}
