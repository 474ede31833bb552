/*
 * Crystal-style aggregation of a tile's selected items into per-group COUNT and 64-bit SUM.
 * With few groups the block pre-aggregates in shared memory over all its tiles and issues one global
 * atomic per touched group at the end; with one group each thread keeps partials and warps reduce them;
 * otherwise it falls back to global atomics.
 * Sums are exact 64-bit integers (two's complement wrap-around; the host bounds them against overflow).
 */
#ifndef RDB_BLOCK_AGGREGATE_CUH
#define RDB_BLOCK_AGGREGATE_CUH

/* Shared accumulators: counts then sums, one pair per group; sized by the launcher (dynamic smem). */
struct GroupAccumulators {
    unsigned long long* counts;
    unsigned long long* sums;
};

__device__ __forceinline__ GroupAccumulators BlockSharedAccumulators(int numGroups) {
    extern __shared__ unsigned long long rdbShared[];
    GroupAccumulators acc{rdbShared, rdbShared + numGroups};
    for (int g = threadIdx.x; g < 2 * numGroups; g += blockDim.x) rdbShared[g] = 0ull;
    __syncthreads();
    return acc;
}

template <int ITEMS_PER_THREAD>
__device__ __forceinline__ void BlockAccumulate(const int (&groups)[ITEMS_PER_THREAD],
                                                const long long (&values)[ITEMS_PER_THREAD],
                                                const int (&flags)[ITEMS_PER_THREAD], GroupAccumulators acc) {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
        if (flags[i]) {
            atomicAdd(&acc.counts[groups[i]], 1ull);
            atomicAdd(&acc.sums[groups[i]], (unsigned long long)values[i]);
        }
    }
}

/* After BlockAccumulate into shared memory: flush every non-empty group with one global atomic each. */
__device__ __forceinline__ void BlockFlush(GroupAccumulators acc, int numGroups, unsigned long long* counts,
                                           long long* sums) {
    __syncthreads();
    for (int g = threadIdx.x; g < numGroups; g += blockDim.x) {
        if (acc.counts[g]) {
            atomicAdd(&counts[g], acc.counts[g]);
            atomicAdd(reinterpret_cast<unsigned long long*>(&sums[g]), acc.sums[g]);
        }
    }
}

__device__ __forceinline__ unsigned long long WarpSum(unsigned long long v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

/* One group: per-thread partials across all of a thread's tiles... */
template <int ITEMS_PER_THREAD>
__device__ __forceinline__ void ThreadSumSelected(const long long (&values)[ITEMS_PER_THREAD],
                                                  const int (&flags)[ITEMS_PER_THREAD], unsigned long long& count,
                                                  unsigned long long& sum) {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
        if (flags[i]) {
            count += 1;
            sum += (unsigned long long)values[i];
        }
    }
}

/* ...then a warp shuffle reduction and one atomic pair per warp. */
__device__ __forceinline__ void WarpFlushSingleGroup(unsigned long long count, unsigned long long sum,
                                                     unsigned long long* counts, long long* sums) {
    count = WarpSum(count);
    sum = WarpSum(sum);
    if ((threadIdx.x & 31) == 0 && count) {
        atomicAdd(counts, count);
        atomicAdd(reinterpret_cast<unsigned long long*>(sums), sum);
    }
}

/* Many groups: straight to global memory. */
template <int ITEMS_PER_THREAD>
__device__ __forceinline__ void BlockAccumulateGlobal(const int (&groups)[ITEMS_PER_THREAD],
                                                      const long long (&values)[ITEMS_PER_THREAD],
                                                      const int (&flags)[ITEMS_PER_THREAD], unsigned long long* counts,
                                                      long long* sums) {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
        if (flags[i]) {
            atomicAdd(&counts[groups[i]], 1ull);
            atomicAdd(reinterpret_cast<unsigned long long*>(&sums[groups[i]]), (unsigned long long)values[i]);
        }
    }
}

#endif
