/*
 * RTScan data sieving: K bit vectors per column, F_k bit i = (col[i] < bounds[k]), and the selection of
 * an approximate answer from two of them. Bit i of a vector is bit (i & 31) of word (i >> 5).
 */

/* One thread per row, blockDim a multiple of 32: a warp ballot gives one 32-row word per vector. */
extern "C" __global__ void rdb_sieve_build(const int* col, long long n, const int* bounds, int numVectors,
                                           unsigned int* vectors, long long words) {
    for (long long base = (long long)blockIdx.x * blockDim.x; base < n; base += (long long)gridDim.x * blockDim.x) {
        const long long row = base + threadIdx.x;
        const bool inside = row < n;
        const int v = inside ? col[row] : 0;
        for (int k = 0; k < numVectors; ++k) {
            const unsigned int word = __ballot_sync(0xffffffffu, inside && v < bounds[k]);
            if ((threadIdx.x & 31) == 0 && inside) vectors[(long long)k * words + (row >> 5)] = word;
        }
    }
}

/* out = F_upper AND NOT F_lower: rows with bounds[lower] <= x < bounds[upper]. upper < 0 means "no upper
 * vector" (all rows), lower < 0 "no lower vector" (no rows removed). Bits past n stay clear. */
extern "C" __global__ void rdb_sieve_select(const unsigned int* vectors, long long words, long long n, int upper,
                                            int lower, unsigned int* out) {
    for (long long w = (long long)blockIdx.x * blockDim.x + threadIdx.x; w < words; w += (long long)gridDim.x * blockDim.x) {
        unsigned int v = upper >= 0 ? vectors[(long long)upper * words + w] : 0xffffffffu;
        if (lower >= 0) v &= ~vectors[(long long)lower * words + w];
        if (w == words - 1 && (n & 31)) v &= (1u << (n & 31)) - 1u;
        out[w] = v;
    }
}
