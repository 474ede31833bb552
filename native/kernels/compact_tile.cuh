/*
 * One block's share of the result compaction (compact.cu describes the layouts), shared by compact.cu's
 * kernels and query.cu, whose last block compacts a single-tile group space itself so that a job needs no
 * compaction launch. Loads bypass L1 (__ldcg): in query.cu, other blocks of the same launch wrote the
 * accumulators with atomics.
 */
#pragma once
#include <climits>

constexpr int COMPACT_THREADS = 256;
constexpr int COMPACT_WARPS = COMPACT_THREADS / 32;
constexpr int COMPACT_TILE = COMPACT_THREADS * 16;

/* Group g's slots back to their identities: 0, LLONG_MAX for mins, LLONG_MIN for maxs. */
static __device__ __forceinline__ void resetGroup(int g, int numGroups, int nMeasures,
                                                  unsigned long long* __restrict__ counts,
                                                  unsigned long long* __restrict__ valid, long long* __restrict__ sums,
                                                  long long* __restrict__ mins, long long* __restrict__ maxs) {
    counts[g] = 0;
    for (int m = 0; m < nMeasures; ++m) {
        const long long slot = (long long)m * numGroups + g;
        if (valid) valid[slot] = 0;
        sums[slot] = 0;
        if (mins) mins[slot] = LLONG_MAX;
        if (maxs) maxs[slot] = LLONG_MIN;
    }
}

/*
 * Copies one present group's state into its entry, then resets its slots. __restrict__: the entry and the
 * accumulators never overlap, so every load can be issued before the first store.
 */
static __device__ __forceinline__ void moveEntry(long long* __restrict__ e, int g, int numGroups, int nMeasures,
                                                 unsigned long long* __restrict__ counts,
                                                 unsigned long long* __restrict__ valid, long long* __restrict__ sums,
                                                 long long* __restrict__ mins, long long* __restrict__ maxs) {
    const unsigned long long rows = __ldcg(counts + g);
    e[0] = g;
    e[1] = (long long)rows;
    int k = 2;
    for (int m = 0; m < nMeasures; ++m) {
        const long long slot = (long long)m * numGroups + g;
        e[k++] = (long long)(valid ? __ldcg(valid + slot) : rows);
        e[k++] = __ldcg(sums + slot);
        if (mins) e[k++] = __ldcg(mins + slot);
        if (maxs) e[k++] = __ldcg(maxs + slot);
    }
    resetGroup(g, numGroups, nMeasures, counts, valid, sums, mins, maxs);
}

/*
 * Moves the present groups of [first, first + COMPACT_TILE) to entries base, base + 1, ... of out (after
 * its header), in group order, resetting their slots. The counts are loaded coalesced, all at once (group
 * first + s * COMPACT_THREADS + t in step s), into a presence bitmap of the tile in shared memory; then thread
 * t owns the COMPACT_STEPS consecutive groups from first + t * COMPACT_STEPS, and one block-wide scan of the
 * threads' present counts gives each thread its first entry. Each thread writes only its groups' codes into
 * their entries; after a barrier the block moves the tile's entries with consecutive threads on consecutive
 * entries. (Moving its own groups, a thread of a clustered tile walked up to 16 entries one after another,
 * each behind its L2 loads: ncu put q2.1's kernel at 73k cycles with its SMs active for 23k, the rest one
 * block's compaction. Loading each thread's own 16 counts instead of the bitmap made the multi-tile
 * compaction slower, 19 -> 31 us for q4.3's 428 tiles: 4x the L2 requests.) Every thread of the
 * COMPACT_THREADS returns the index after the last entry written.
 */
constexpr int COMPACT_STEPS = COMPACT_TILE / COMPACT_THREADS;

static __device__ __forceinline__ unsigned long long compactTile(long long first, unsigned long long base,
                                                                 int numGroups, int nMeasures,
                                                                 unsigned long long* counts, unsigned long long* valid,
                                                                 long long* sums, long long* mins, long long* maxs,
                                                                 long long* out) {
    static_assert(COMPACT_STEPS == 16, "a thread's groups are one half of a bitmap word");
    __shared__ unsigned int warpTotals[COMPACT_WARPS];
    __shared__ unsigned int tileBits[COMPACT_TILE / 32];  // bit b of word w: group first + 32 * w + b has rows
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const int words = 2 + nMeasures * (2 + (mins ? 1 : 0) + (maxs ? 1 : 0));
    bool has[COMPACT_STEPS];
#pragma unroll
    for (int s = 0; s < COMPACT_STEPS; ++s) {
        const long long g = first + (long long)s * COMPACT_THREADS + threadIdx.x;
        has[s] = g < numGroups && __ldcg(counts + g) != 0;
    }
#pragma unroll
    for (int s = 0; s < COMPACT_STEPS; ++s) {
        const unsigned int ballot = __ballot_sync(0xffffffffu, has[s]);
        if (lane == 0) tileBits[s * COMPACT_WARPS + warp] = ballot;
    }
    __syncthreads();
    const long long mine = first + (long long)threadIdx.x * COMPACT_STEPS;
    const unsigned int presentMask = (tileBits[threadIdx.x >> 1] >> ((threadIdx.x & 1) * 16)) & 0xffffu;
    // Exclusive scan of the threads' present counts: within the warp by shuffles, then over the warps.
    const unsigned int present = __popc(presentMask);
    unsigned int inclusive = present;
    for (int o = 1; o < 32; o <<= 1) {
        const unsigned int v = __shfl_up_sync(0xffffffffu, inclusive, o);
        if (lane >= o) inclusive += v;
    }
    if (lane == 31) warpTotals[warp] = inclusive;
    __syncthreads();
    unsigned int offset = inclusive - present, total = 0;
    for (int w = 0; w < COMPACT_WARPS; ++w) {
        if (w < warp) offset += warpTotals[w];
        total += warpTotals[w];
    }
    unsigned long long index = base + offset;
    for (unsigned int bits = presentMask; bits; bits &= bits - 1) out[2 + index++ * words] = mine + __ffs(bits) - 1;
    __syncthreads();  // the codes are in place, and everyone has read warpTotals and tileBits (a next tile writes them)
    for (unsigned int i = threadIdx.x; i < total; i += COMPACT_THREADS) {
        long long* e = out + 2 + (base + i) * words;
        moveEntry(e, (int)e[0], numGroups, nMeasures, counts, valid, sums, mins, maxs);
    }
    return base + total;
}
