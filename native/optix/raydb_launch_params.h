/*
 * Launch parameters of the RayDB ray jobs: our own layout, shared by the OptiX device programs
 * (programs/raydb_programs.cu) and the Java side (org.raydb.offload.gpu.optix.RayJobParams writes the
 * same bytes). Plain C, no OptiX types, so the Java side never needs NVIDIA's headers.
 *
 * One launch = a 2D grid of rays (gridX x gridY) along +Z, repeated for every Z segment (launch depth).
 * Segment boundaries are half-integers around integer Z codes, because OptiX does not report a triangle
 * lying exactly at a ray's tmin
 * (seen with OptiX 9.0 on the H100).
 */
#ifndef RAYDB_LAUNCH_PARAMS_H
#define RAYDB_LAUNCH_PARAMS_H

#ifdef __cplusplus
extern "C" {
#endif

/* One ray segment: rays start at z0 and end at z1; rows whose integer code lies outside [lo, hi] are
 * rejected when RdbRayJobParams.zCodes is set (codes at or above 2^22 are not exact as float). */
typedef struct RdbSegment {
    float z0;
    float z1;
    int lo;
    int hi;
} RdbSegment; /* 16 bytes */

typedef struct RdbRayJobParams {
    unsigned long long traversable;   /*   0: OptixTraversableHandle of the GAS */
    float originX;                    /*   8: first ray's x */
    float originY;                    /*  12: first ray's y */
    float stepX;                      /*  16: ray spacing along x */
    float stepY;                      /*  20: ray spacing along y */
    unsigned int gridX;               /*  24 */
    unsigned int gridY;               /*  28 */
    const RdbSegment* segments;       /*  32: one per launch depth index */
    const int* zCodes;                /*  40: optional integer re-check of a segment's [lo, hi] */
    const int* boxCodes[3];           /*  48: cube refine: integer codes per dimension (NULL = unchecked) */
    int boxLo[3];                     /*  72 */
    int boxHi[3];                     /*  84 */
    unsigned int* rowFlags;           /*  96: one bit per row, zeroed before the launch: counts a row once */
    unsigned int* resultBitmap;       /* 104: optional: qualifying rows (may be rowFlags itself) */
    const int* groupCodes;            /* 112: dense group code per row; NULL = one group */
    const long long* measures;        /* 120: nMeasures columns of numRows values, back to back */
    const unsigned int* measureValid; /* 128: optional validity bitmaps, nMeasures x ceil(numRows/32) words */
    unsigned long long* counts;       /* 136: [nGroups] COUNT(*); NULL = no aggregation (bitmap only) */
    unsigned long long* validCounts;  /* 144: [nMeasures * nGroups] non-NULL counts */
    long long* sums;                  /* 152: [nMeasures * nGroups] */
    long long* mins;                  /* 160: optional [nMeasures * nGroups], preset to LLONG_MAX */
    long long* maxs;                  /* 168: optional [nMeasures * nGroups], preset to LLONG_MIN */
    unsigned int numRows;             /* 176 */
    unsigned int nMeasures;           /* 180 */
    unsigned int nGroups;             /* 184 */
    unsigned int reserved;            /* 188 */
} RdbRayJobParams;                    /* 192 bytes */

#ifdef __cplusplus
}
#endif

#endif
