/*
 * OptiX device programs of the RayDB ray jobs, compiled to OptiX-IR (nvcc --optix-ir -arch=compute_90;
 * -ptx fails for OptiX code on CUDA 13: ptxas cannot resolve the _optix_* calls).
 *
 *   __raygen__grid        a gridX x gridY matrix of rays along +Z, one launch layer per Z segment
 *   __intersection__cube  RTScan refine: a cube (AABB) per row, the exact predicate checked on integer codes
 *   __anyhit__aggregate   triangles and cubes: count each row once (per-row flag), then 64-bit atomics per
 *                         group, and/or set the row's bit in a result bitmap
 *   __miss__none          nothing to do
 */
#include <optix.h>

#include "../raydb_launch_params.h"

extern "C" {
__constant__ RdbRayJobParams params;
}

static __forceinline__ __device__ bool rowIsValid(const unsigned int* valid, unsigned int words, unsigned int m,
                                                  unsigned int row) {
    return valid == nullptr || ((valid[m * words + (row >> 5)] >> (row & 31)) & 1u);
}

static __forceinline__ __device__ void aggregateRow(unsigned int row) {
    const unsigned int group = params.groupCodes ? (unsigned int)params.groupCodes[row] : 0u;
    atomicAdd(&params.counts[group], 1ull);
    const unsigned int words = (params.numRows + 31) >> 5;
    for (unsigned int m = 0; m < params.nMeasures; ++m) {
        if (!rowIsValid(params.measureValid, words, m, row)) continue;
        const long long v = params.measures[(unsigned long long)m * params.numRows + row];
        const unsigned int slot = m * params.nGroups + group;
        atomicAdd(&params.validCounts[slot], 1ull);
        atomicAdd(reinterpret_cast<unsigned long long*>(&params.sums[slot]), (unsigned long long)v);
        if (params.mins) atomicMin(&params.mins[slot], v);
        if (params.maxs) atomicMax(&params.maxs[slot], v);
    }
}

extern "C" __global__ void __raygen__grid() {
    const uint3 idx = optixGetLaunchIndex();
    const RdbSegment seg = params.segments[idx.z];
    const float3 origin =
        make_float3(params.originX + idx.x * params.stepX, params.originY + idx.y * params.stepY, seg.z0);
    optixTrace(params.traversable, origin, make_float3(0.f, 0.f, 1.f), 0.f, seg.z1 - seg.z0, 0.f,
               OptixVisibilityMask(255), OPTIX_RAY_FLAG_DISABLE_CLOSESTHIT, 0, 1, 0);
}

extern "C" __global__ void __intersection__cube() {
    const unsigned int row = optixGetPrimitiveIndex();
    for (int d = 0; d < 3; ++d) {
        const int* codes = params.boxCodes[d];
        if (codes) {
            const int c = codes[row];
            if (c < params.boxLo[d] || c > params.boxHi[d]) return;
        }
    }
    // The hit distance is irrelevant (every hit is ignored in any-hit); report one strictly inside the ray.
    optixReportIntersection(0.5f * (optixGetRayTmin() + optixGetRayTmax()), 0);
}

extern "C" __global__ void __anyhit__aggregate() {
    const unsigned int row = optixGetPrimitiveIndex();
    if (params.zCodes) {
        const RdbSegment seg = params.segments[optixGetLaunchIndex().z];
        const int c = params.zCodes[row];
        if (c < seg.lo || c > seg.hi) {
            optixIgnoreIntersection();
            return;
        }
    }
    unsigned int* flagWord = &params.rowFlags[row >> 5];
    const unsigned int bit = 1u << (row & 31);
    // A plain read first: most duplicate hits stop here without an atomic.
    if ((*(volatile unsigned int*)flagWord & bit) == 0 && (atomicOr(flagWord, bit) & bit) == 0) {
        if (params.resultBitmap && params.resultBitmap != params.rowFlags) {
            atomicOr(&params.resultBitmap[row >> 5], bit);
        }
        if (params.counts) aggregateRow(row);
    }
    optixIgnoreIntersection();
}

extern "C" __global__ void __miss__none() {}
