/*
 * Crystal-style predicates over register tiles: selection flags per item, combined by AND across
 * predicates. Out-of-tile items of a partial tile always get flag 0.
 */
#ifndef RDB_BLOCK_PRED_CUH
#define RDB_BLOCK_PRED_CUH

template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__device__ __forceinline__ void BlockInitFlags(int (&flags)[ITEMS_PER_THREAD], int tileItems) {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) flags[i] = (threadIdx.x + i * BLOCK_THREADS) < tileItems;
}

/* flags &= value lies in one of the closed intervals [lo_k, hi_k] (a union of Z intervals). */
template <int ITEMS_PER_THREAD>
__device__ __forceinline__ void BlockPredAndInIntervals(const int (&items)[ITEMS_PER_THREAD], int (&flags)[ITEMS_PER_THREAD],
                                                        const int2* intervals, int numIntervals) {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
        bool in = false;
        for (int k = 0; k < numIntervals && !in; ++k) in = items[i] >= intervals[k].x && items[i] <= intervals[k].y;
        flags[i] = flags[i] && in;
    }
}

/* flags &= the item's row bit is set in a row bitmap (one bit per row, 32 rows per word). */
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__device__ __forceinline__ void BlockPredAndBitmap(const unsigned int* bitmap, long long tileStart,
                                                   int (&flags)[ITEMS_PER_THREAD]) {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
        const long long row = tileStart + threadIdx.x + i * BLOCK_THREADS;
        if (flags[i]) flags[i] = (bitmap[row >> 5] >> (row & 31)) & 1u;
    }
}

#endif
