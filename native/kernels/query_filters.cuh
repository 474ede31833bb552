/*
 * The query kernel's filter: a conjunction of terms, each "the row's int32 code lies in one of these closed
 * intervals" (RayDB: one term on the packed Z code; RTScan: one term per filtered column on its ranks), ANDed
 * with an optional row bitmap (the optix engine's cube refine result).
 */
#pragma once
#include "raydb_query_params.h"

static __device__ __forceinline__ bool inIntervals(int code, const int2* intervals, int count) {
    int a = 0, b = count;  // binary search: the last interval starting at or below code
    while (a < b) {
        const int m = (a + b) >> 1;
        if (intervals[m].x <= code) a = m + 1;
        else b = m;
    }
    return a > 0 && code <= intervals[a - 1].y;
}
