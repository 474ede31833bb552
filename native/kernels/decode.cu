/*
 * Result decode: a row bitmap into row indexes, and per-group accumulators into the list of non-empty
 * groups. Output order is not deterministic (warp-aggregated atomics reserve the slots); the host sorts
 * when it needs an order.
 */

/* Warp-aggregated reservation: returns this lane's first slot for `mine` items. */
__device__ __forceinline__ unsigned long long reserveSlots(unsigned int mine, unsigned long long* counter) {
    const unsigned int lane = threadIdx.x & 31;
    unsigned int prefix = mine;
    for (int offset = 1; offset < 32; offset <<= 1) {
        const unsigned int up = __shfl_up_sync(0xffffffffu, prefix, offset);
        if (lane >= offset) prefix += up;
    }
    const unsigned int total = __shfl_sync(0xffffffffu, prefix, 31);
    unsigned long long base = 0;
    if (lane == 31 && total) base = atomicAdd(counter, (unsigned long long)total);
    base = __shfl_sync(0xffffffffu, base, 31);
    return base + prefix - mine;
}

/* rows[...] = indexes of set bits; *counter ends at the number of rows. blockDim a multiple of 32. */
extern "C" __global__ void rdb_bitmap_to_rows(const unsigned int* bitmap, long long words, int* rows,
                                              unsigned long long* counter) {
    for (long long base = (long long)blockIdx.x * blockDim.x; base < words; base += (long long)gridDim.x * blockDim.x) {
        const long long w = base + threadIdx.x;
        unsigned int bits = w < words ? bitmap[w] : 0u;
        unsigned long long slot = reserveSlots(__popc(bits), counter);
        while (bits) {
            const int b = __ffs(bits) - 1;
            rows[slot++] = (int)(w * 32 + b);
            bits &= bits - 1;
        }
    }
}

/* groups[...] = codes of groups with counts[g] > 0; *counter ends at their number. */
extern "C" __global__ void rdb_compact_groups(const unsigned long long* counts, int numGroups, int* groups,
                                              unsigned long long* counter) {
    for (int base = blockIdx.x * blockDim.x; base < numGroups; base += gridDim.x * blockDim.x) {
        const int g = base + threadIdx.x;
        const unsigned int mine = (g < numGroups && counts[g] > 0) ? 1u : 0u;
        const unsigned long long slot = reserveSlots(mine, counter);
        if (mine) groups[slot] = g;
    }
}
