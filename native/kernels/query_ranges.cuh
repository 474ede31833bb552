#pragma once
#include "query_accumulate.cuh"
#include "raydb_query_params.h"

/*
 * The walk over a Z-sorted projection's rows shared by the range kernels: rows are stored sorted by the packed
 * Z code of a BVH-catalog entry, so a query's Z intervals are contiguous row ranges (found on the host) and no
 * row outside them is read. The host lists the ranges as {first row, end} pairs, `end` counting the list's rows
 * up to and including the range; the list's rows, laid end to end, are split evenly between the blocks, each
 * block taking one contiguous share, thread t its rows t, t + QUERY_THREADS, ... of it. So every block of the
 * launch's one round of resident blocks gets the same rows whatever the ranges' lengths (whole chunk shares
 * dealt out round robin leave some blocks twice the rows of others), and a warp's rows are consecutive within a
 * range. `rows(row, in)` gets R rows of the thread at once (in[k]: row[k] exists), so that their loads can be
 * issued together. With WARP_UNIFORM every lane of a warp calls `rows` equally often (a lane past its share with
 * no row in), so that `rows` may use whole-warp votes and reductions.
 *
 * The list comes in the launch's parameters (`inlined`: RdbRangeParams.inlineChunks, when `chunks` is NULL) or
 * in device memory, never in mapped host memory, whose reads lengthen a launch (docs/benchmarks/README.md,
 * "Query kernels"). Parameters cost launch time by their size, so only short lists (RDB_INLINE_CHUNKS) go
 * inline; longer ones are uploaded.
 */
template <int R, bool WARP_UNIFORM = false, class Rows>
static __device__ __forceinline__ void walkRanges(const int2* inlined, const int2* chunks, int numChunks, Rows rows) {
    if (numChunks <= 0) return;
    auto range = [&](int i) { return chunks ? __ldg(chunks + i) : inlined[i]; };
    // 32-bit row arithmetic: a projection's rows are int positions, and 64-bit made the register kernel spill.
    const int total = range(numChunks - 1).y;
    const int share = (int)(((long long)total + gridDim.x - 1) / gridDim.x);
    const long long first = (long long)blockIdx.x * share;
    if (first >= total) return;
    const int from = (int)first;
    const int to = (int)min((long long)total, first + share);
    // The range holding the share's first row, the same for every thread (so the searched words are broadcast).
    int a = 0, b = numChunks - 1;
    while (a < b) {
        const int m = (a + b) >> 1;
        if (range(m).y <= from) a = m + 1;
        else b = m;
    }
    // The thread's range: rows of the list below `end` are at their list position + `delta`.
    int at = a;
    int end = range(at).y;
    int delta = range(at).x - (at ? range(at - 1).y : 0);
    for (int i = from + threadIdx.x; WARP_UNIFORM ? __any_sync(0xffffffffu, i < to) : i < to; i += R * QUERY_THREADS) {
        int row[R];
        bool in[R];
#pragma unroll
        for (int k = 0; k < R; ++k) {
            const int j = i + k * QUERY_THREADS;
            in[k] = j < to;
            while (in[k] && j >= end) {  // a thread only moves forward through the ranges
                const int2 next = range(++at);
                delta = next.x - end;
                end = next.y;
            }
            row[k] = j + delta;
        }
        rows(row, in);
    }
}
