/*
 * Fused filter-group-aggregate kernels, Crystal style: load -> predicate -> aggregate -> one atomic per
 * block and group. Every row is one tile item; COUNT(*) and an exact 64-bit SUM per dense group code.
 *
 * Launch: any number of blocks of BLOCK_THREADS threads (grid-stride over tiles of TILE_ITEMS rows; the host
 * caps the grid at a few blocks per SM so that shared accumulators are flushed rarely); dynamic shared
 * memory 16 * numGroups bytes when useShared != 0 (the host picks it for small group counts), else 0.
 */
#include "crystal/block_load.cuh"
#include "crystal/block_pred.cuh"
#include "crystal/block_aggregate.cuh"

constexpr int BLOCK_THREADS = 128;
constexpr int ITEMS_PER_THREAD = 4;
constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;

template <typename Predicate>
__device__ __forceinline__ void groupAggregate(Predicate predicate, const int* groups, const long long* values,
                                               long long n, int numGroups, int useShared,
                                               unsigned long long* counts, long long* sums) {
    GroupAccumulators acc{};
    if (useShared) acc = BlockSharedAccumulators(numGroups);
    unsigned long long count = 0, sum = 0;

    const long long numTiles = (n + TILE_ITEMS - 1) / TILE_ITEMS;
    for (long long tile = blockIdx.x; tile < numTiles; tile += gridDim.x) {
        const long long tileStart = tile * TILE_ITEMS;
        const int tileItems = (int)min((long long)TILE_ITEMS, n - tileStart);

        int flags[ITEMS_PER_THREAD];
        BlockInitFlags<BLOCK_THREADS, ITEMS_PER_THREAD>(flags, tileItems);
        predicate(tileStart, tileItems, flags);

        long long vals[ITEMS_PER_THREAD];
        BlockLoadSelected<long long, BLOCK_THREADS, ITEMS_PER_THREAD>(values + tileStart, vals, flags);
        int grp[ITEMS_PER_THREAD] = {};
        if (groups) BlockLoadSelected<int, BLOCK_THREADS, ITEMS_PER_THREAD>(groups + tileStart, grp, flags);

        if (numGroups == 1) {
            ThreadSumSelected<ITEMS_PER_THREAD>(vals, flags, count, sum);
        } else if (useShared) {
            BlockAccumulate<ITEMS_PER_THREAD>(grp, vals, flags, acc);
        } else {
            BlockAccumulateGlobal<ITEMS_PER_THREAD>(grp, vals, flags, counts, sums);
        }
    }
    if (numGroups == 1) {
        WarpFlushSingleGroup(count, sum, counts, sums);
    } else if (useShared) {
        BlockFlush(acc, numGroups, counts, sums);
    }
}

/* Rows whose Z code lies in one of numIntervals closed intervals (device array of int2 {lo, hi}). */
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
rdb_filter_group_aggregate(const int* zCodes, const int2* intervals, int numIntervals, const int* groups,
                           const long long* values, long long n, int numGroups, int useShared,
                           unsigned long long* counts, long long* sums) {
    auto inIntervals = [&](long long tileStart, int tileItems, int (&flags)[ITEMS_PER_THREAD]) {
        int z[ITEMS_PER_THREAD];
        BlockLoad<int, BLOCK_THREADS, ITEMS_PER_THREAD>(zCodes + tileStart, z, tileItems);
        BlockPredAndInIntervals<ITEMS_PER_THREAD>(z, flags, intervals, numIntervals);
    };
    groupAggregate(inIntervals, groups, values, n, numGroups, useShared, counts, sums);
}

/* Rows whose bit is set in a result bitmap (the RTScan path: sieving and refine produce the bitmap). */
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS)
rdb_bitmap_group_aggregate(const unsigned int* bitmap, const int* groups, const long long* values, long long n,
                           int numGroups, int useShared, unsigned long long* counts, long long* sums) {
    auto inBitmap = [&](long long tileStart, int, int (&flags)[ITEMS_PER_THREAD]) {
        BlockPredAndBitmap<BLOCK_THREADS, ITEMS_PER_THREAD>(bitmap, tileStart, flags);
    };
    groupAggregate(inBitmap, groups, values, n, numGroups, useShared, counts, sums);
}
