/*
 * The result path of both GPU engines: the dense per-group accumulators (counts[G]; per measure valid,
 * sums, mins, maxs [M*G], slot = m * G + g; valid, mins and maxs optional) become a packed list of the
 * groups that have rows, in ascending group code, and every slot read is reset to its identity on the way
 * (0, LLONG_MAX for mins, LLONG_MIN for maxs). Kernels touch only the slots of groups with rows, so after
 * the compaction the accumulators are all identities again and the next query needs no clearing.
 *
 * Output (int64 words): out[0] = number of present groups P, out[1] = 0, then P entries of
 * W = 2 + M * (2 + hasMins + hasMaxs) words: group, rows, then per measure non-NULL count, sum, [min], [max].
 * Without valid counters (no measure has NULLs) a measure's non-NULL count is the group's rows.
 *
 * Two passes over tiles of COMPACT_TILE groups, one block per tile: rdb_count_present counts each tile's
 * present groups; rdb_compact_present sums the earlier tiles' counts for its first output index and writes
 * its groups in order (compact_tile.cuh). Deterministic; the last block writes P. A single tile needs only
 * the second pass (its first index is 0), and query.cu's kernels can do that one themselves.
 */
#include "compact_tile.cuh"

/* Block-wide sum; every thread gets it. */
static __device__ __forceinline__ unsigned long long blockSum(unsigned long long v) {
    __shared__ unsigned long long partial[COMPACT_WARPS];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = v;
    __syncthreads();
    unsigned long long total = 0;
    for (int w = 0; w < COMPACT_WARPS; ++w) total += partial[w];
    __syncthreads();
    return total;
}

extern "C" __global__ void __launch_bounds__(COMPACT_THREADS)
    rdb_count_present(const unsigned long long* counts, int numGroups, unsigned int* tileCounts) {
    const long long first = (long long)blockIdx.x * COMPACT_TILE;
    unsigned long long present = 0;
    for (int i = threadIdx.x; i < COMPACT_TILE; i += COMPACT_THREADS) {
        const long long g = first + i;
        present += g < numGroups && counts[g] != 0;
    }
    present = blockSum(present);
    if (threadIdx.x == 0) tileCounts[blockIdx.x] = (unsigned int)present;
}

extern "C" __global__ void __launch_bounds__(COMPACT_THREADS)
    rdb_compact_present(const unsigned int* tileCounts, int numGroups, int nMeasures, unsigned long long* counts,
                        unsigned long long* valid, long long* sums, long long* mins, long long* maxs, long long* out) {
    unsigned long long before = 0;
    for (int t = threadIdx.x; t < (int)blockIdx.x; t += COMPACT_THREADS) before += tileCounts[t];
    before = blockSum(before);
    const unsigned long long end = compactTile((long long)blockIdx.x * COMPACT_TILE, before, numGroups, nMeasures,
                                               counts, valid, sums, mins, maxs, out);
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) {
        out[0] = (long long)end;
        out[1] = 0;
    }
}

/* p[0 .. n) = value: accumulators to their identities when they are new or a job failed midway. */
extern "C" __global__ void rdb_fill(long long* p, long long n, long long value) {
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x) {
        p[i] = value;
    }
}

/*
 * The cut: a statement that keeps the first `keep` groups in the order of one accumulator (ORDER BY it LIMIT,
 * finished on the host) needs only those groups and the ones tied with the last of them. Before the compaction,
 * a radix select finds the keep-th smallest key among the present groups with a non-NULL value (key: the
 * accumulator's int64 in the statement's order, made unsigned-ordered), and rdb_cut_drop resets every present
 * group whose key is beyond it, so that the compaction packs, and the host reads back, only those that can be
 * in the answer. NULL-valued groups are always kept: where the statement places NULLs is the finish's business.
 * The select runs on the device alone (no host round trip per digit): each rdb_cut_histogram pass counts the
 * digits of the keys that share the prefix chosen so far, rdb_cut_pick (one block) picks the digit holding the
 * keep-th key and stops early once its bin holds few keys (then all of them are kept).
 *
 * State (int64 words): [0] prefix, [1] how many keys below the prefix's bin are still to keep, [2] done, [3] the
 * largest key kept. The histogram is zero between passes (rdb_cut_pick clears what it read).
 */
constexpr int CUT_ROWS = 0;   // COUNT(*): the group's rows
constexpr int CUT_VALID = 1;  // COUNT(x): the measure's non-NULL count
constexpr int CUT_SUM = 2;
constexpr int CUT_MIN = 3;
constexpr int CUT_MAX = 4;
constexpr int CUT_MAX_BINS = 2048;
constexpr int CUT_PICK_THREADS = 1024;
constexpr int CUT_FEW = 256;  // a bin of at most this many keys is kept whole: the select stops there

/* 0: group g has no rows; 1: its value is NULL; 2: *key holds its key. */
static __device__ __forceinline__ int cutKey(long long g, int numGroups, int kind, int measure, int descending,
                                             const unsigned long long* counts, const unsigned long long* valid,
                                             const long long* sums, const long long* mins, const long long* maxs,
                                             unsigned long long* key) {
    const unsigned long long rows = counts[g];
    if (rows == 0) return 0;
    const long long slot = (long long)measure * numGroups + g;
    long long v;
    if (kind == CUT_ROWS) {
        v = (long long)rows;
    } else {
        const unsigned long long nonNull = valid ? valid[slot] : rows;
        if (kind == CUT_VALID) {
            v = (long long)nonNull;
        } else {
            if (nonNull == 0) return 1;
            v = kind == CUT_SUM ? sums[slot] : kind == CUT_MIN ? mins[slot] : maxs[slot];
        }
    }
    const long long ordered = descending ? ~v : v;  // ~ reverses the order of every int64, without overflow
    *key = (unsigned long long)ordered ^ 0x8000000000000000ull;
    return 2;
}

extern "C" __global__ void __launch_bounds__(COMPACT_THREADS)
    rdb_cut_histogram(int numGroups, int kind, int measure, int descending, const unsigned long long* counts,
                      const unsigned long long* valid, const long long* sums, const long long* mins,
                      const long long* maxs, int shift, int bits, int first, const unsigned long long* state,
                      unsigned int* hist) {
    __shared__ unsigned int local[CUT_MAX_BINS];
    if (!first && state[2]) return;
    const int bins = 1 << bits;
    for (int i = threadIdx.x; i < bins; i += COMPACT_THREADS) local[i] = 0;
    __syncthreads();
    const int high = shift + bits;  // the bits above this digit must equal the prefix's (none on the first pass)
    const unsigned long long prefixHigh = first ? 0 : state[0] >> high;
    const int lane = threadIdx.x & 31;
    const long long stride = (long long)gridDim.x * COMPACT_THREADS;
    // The loop's trip count is the same for a whole warp, so that the warp's lanes can vote together.
    for (long long base = (long long)blockIdx.x * COMPACT_THREADS + (threadIdx.x - lane); base < numGroups;
         base += stride) {
        const long long g = base + lane;
        unsigned long long key = 0;
        const bool in = g < numGroups &&
                        cutKey(g, numGroups, kind, measure, descending, counts, valid, sums, mins, maxs, &key) == 2 &&
                        (first || (key >> high) == prefixHigh);
        const unsigned int voters = __ballot_sync(0xffffffffu, in);
        if (in) {
            const unsigned int digit = (unsigned int)(key >> shift) & (unsigned int)(bins - 1);
            const unsigned int peers = __match_any_sync(voters, digit);
            if (lane == __ffs(peers) - 1) atomicAdd(&local[digit], (unsigned int)__popc(peers));
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < bins; i += COMPACT_THREADS) {
        if (local[i]) atomicAdd(&hist[i], local[i]);
    }
}

extern "C" __global__ void __launch_bounds__(CUT_PICK_THREADS)
    rdb_cut_pick(int shift, int bits, int first, unsigned long long keep, unsigned int* hist,
                 unsigned long long* state) {
    __shared__ unsigned long long scan[CUT_PICK_THREADS];
    if (!first && state[2]) return;
    constexpr int PER_THREAD = CUT_MAX_BINS / CUT_PICK_THREADS;
    const int bins = 1 << bits;
    unsigned int mine[PER_THREAD];
    unsigned long long sum = 0;
    for (int j = 0; j < PER_THREAD; ++j) {
        const int bin = threadIdx.x * PER_THREAD + j;
        mine[j] = bin < bins ? hist[bin] : 0;
        sum += mine[j];
    }
    scan[threadIdx.x] = sum;
    __syncthreads();
    for (int o = 1; o < CUT_PICK_THREADS; o <<= 1) {  // inclusive scan of the threads' sums
        const unsigned long long v = threadIdx.x >= o ? scan[threadIdx.x - o] : 0;
        __syncthreads();
        scan[threadIdx.x] += v;
        __syncthreads();
    }
    const unsigned long long total = scan[CUT_PICK_THREADS - 1];
    const unsigned long long remaining = first ? keep : state[1];
    const unsigned long long before = scan[threadIdx.x] - sum;
    if (first && total <= remaining) {
        // No more keys than the statement keeps: every group stays.
        if (threadIdx.x == 0) {
            state[2] = 1;
            state[3] = ~0ull;
        }
    } else if (before < remaining && remaining <= scan[threadIdx.x]) {
        unsigned long long below = before;
        int j = 0;
        while (below + mine[j] < remaining) below += mine[j++];
        const unsigned long long prefix =
            (first ? 0 : state[0]) | ((unsigned long long)(threadIdx.x * PER_THREAD + j) << shift);
        state[0] = prefix;
        state[1] = remaining - below;
        if (shift == 0 || mine[j] <= CUT_FEW) {
            state[2] = 1;
            state[3] = shift == 0 ? prefix : prefix | ((1ull << shift) - 1);
        } else {
            state[2] = 0;
        }
    }
    __syncthreads();
    for (int j = 0; j < PER_THREAD; ++j) {
        const int bin = threadIdx.x * PER_THREAD + j;
        if (bin < bins) hist[bin] = 0;
    }
}

/* Resets every present group whose key is beyond state[3] (the compaction then packs only the kept). */
extern "C" __global__ void rdb_cut_drop(int numGroups, int nMeasures, int kind, int measure, int descending,
                                        unsigned long long* counts, unsigned long long* valid, long long* sums,
                                        long long* mins, long long* maxs, const unsigned long long* state) {
    const unsigned long long largest = state[3];
    for (long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x; g < numGroups;
         g += (long long)gridDim.x * blockDim.x) {
        unsigned long long key;
        if (cutKey(g, numGroups, kind, measure, descending, counts, valid, sums, mins, maxs, &key) != 2 ||
            key <= largest)
            continue;
        resetGroup((int)g, numGroups, nMeasures, counts, valid, sums, mins, maxs);
    }
}
