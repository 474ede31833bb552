/*
 * Crystal-style tile loads: a block of BLOCK_THREADS threads reads a tile of BLOCK_THREADS*ITEMS_PER_THREAD
 * consecutive items into registers, item i of thread t at tile offset t + i*BLOCK_THREADS (coalesced).
 * Full-tile, guarded and dispatching variants, as in Crystal; written from its paper's description.
 */
#ifndef RDB_BLOCK_LOAD_CUH
#define RDB_BLOCK_LOAD_CUH

template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD>
__device__ __forceinline__ void BlockLoadFull(const T* tile, T (&items)[ITEMS_PER_THREAD]) {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = tile[threadIdx.x + i * BLOCK_THREADS];
}

template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD>
__device__ __forceinline__ void BlockLoadGuarded(const T* tile, T (&items)[ITEMS_PER_THREAD], int tileItems) {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
        const int k = threadIdx.x + i * BLOCK_THREADS;
        if (k < tileItems) items[i] = tile[k];
    }
}

template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD>
__device__ __forceinline__ void BlockLoad(const T* tile, T (&items)[ITEMS_PER_THREAD], int tileItems) {
    if (tileItems == BLOCK_THREADS * ITEMS_PER_THREAD) {
        BlockLoadFull<T, BLOCK_THREADS, ITEMS_PER_THREAD>(tile, items);
    } else {
        BlockLoadGuarded<T, BLOCK_THREADS, ITEMS_PER_THREAD>(tile, items, tileItems);
    }
}

/* Loads only the selected items (Crystal's BlockPredLoad): at low selectivity most sectors are never read. */
template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD>
__device__ __forceinline__ void BlockLoadSelected(const T* tile, T (&items)[ITEMS_PER_THREAD],
                                                  const int (&flags)[ITEMS_PER_THREAD]) {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
        if (flags[i]) items[i] = tile[threadIdx.x + i * BLOCK_THREADS];
    }
}

#endif
