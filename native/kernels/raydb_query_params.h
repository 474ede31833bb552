/*
 * The query kernels' one parameter, passed by value: our own layout, shared by query.cu and the Java side
 * (org.raydb.offload.gpu.kernels.QueryParams writes the same bytes; QueryParamsTest pins the offsets that the
 * static_asserts below pin here). Plain C, so that nothing but nvcc ever compiles it and the Java mirror needs
 * no header. A pointer that a kernel does not use is NULL; see query.cu for what each kernel reads.
 */
#ifndef RAYDB_QUERY_PARAMS_H
#define RAYDB_QUERY_PARAMS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One filter term: the row's code codes[row] must lie in intervals [first, first + count), which are sorted,
 * disjoint and closed. */
typedef struct RdbFilterTerm {
    const int* codes; /*  0 */
    int first;        /*  8 */
    int count;        /* 12 */
} RdbFilterTerm;      /* 16 bytes */

/* Ranges that a range launch carries in its parameters; longer lists go to device memory. */
#define RDB_INLINE_CHUNKS 256

typedef struct RdbQueryParams {
    /* What is aggregated. */
    const int* groups;                /*   0: dense group code per row; NULL = one group */
    const long long* measures;        /*   8: nMeasures columns of n values, back to back */
    const unsigned int* measureValid; /*  16: optional validity bitmaps, nMeasures x ceil(n / 32) words */
    long long n;                      /*  24: rows */
    int numGroups;                    /*  32 */
    int nMeasures;                    /*  36 */
    /* Where: accumulators at their identities (query_accumulate.cuh). */
    unsigned long long* counts;      /*  40: [numGroups] */
    unsigned long long* validCounts; /*  48: optional [nMeasures * numGroups] */
    long long* sums;                 /*  56: [nMeasures * numGroups] */
    long long* mins;                 /*  64: optional, as sums */
    long long* maxs;                 /*  72: optional, as sums */
    /* The last block's compaction and delivery (query_delivery.cuh); compacted NULL = none. */
    long long* compacted;        /*  80 */
    unsigned int* blocksDone;    /*  88 */
    unsigned int* listed;        /*  96: lean range kernels: present-group list, or NULL */
    long long* mailbox;          /* 104: mapped host memory, or NULL */
    unsigned long long* done;    /* 112 */
    unsigned long long sequence; /* 120 */
    int listCapacity;            /* 128 */
    int tagged;                  /* 132: lean range kernels: deliver tagged words (the last block reads it) */
    /* The filter (rdb_query_aggregate_*). */
    const RdbFilterTerm* terms; /* 136 */
    const int* intervals;       /* 144: {lo, hi} pairs */
    const unsigned int* bitmap; /* 152: optional row bitmap */
    int numTerms;               /* 160 */
    int stagedIntervals;        /* 164: intervals copied to shared memory (0 = read in place) */
    /* The row ranges (range kernels): {first row, end} pairs, here or in RdbRangeParams.inlineChunks. */
    const int* chunks; /* 168: device memory; NULL = inlineChunks */
    int numChunks;     /* 176 */
    int reserved;      /* 180 */
} RdbQueryParams;      /* 184 bytes */

/* The full scan's parameter (rdb_query_aggregate_*): the table-ordered columns it aggregates, read where they lie.
 * `columns` holds 8-byte words: nMeasures measure column addresses, nMeasures validity bitmap addresses (0: no
 * NULLs), numKeys group-key code column addresses, numKeys key cardinalities. The group of a row is its keys' codes
 * folded in mixed radix, the first key most significant (rdb_fold_codes' order); with numKeys 0 it is
 * query.groups[row] (NULL: one group). query.measures and query.measureValid are not read. */
typedef struct RdbScanParams {
    RdbQueryParams query;     /*   0 */
    const long long* columns; /* 184: device or mapped host memory */
    int numKeys;              /* 192 */
    int reserved;             /* 196 */
} RdbScanParams;              /* 200 bytes */

/* The range kernels' parameter: parameters cost launch time by their size, so only they carry the list. */
typedef struct RdbRangeParams {
    RdbQueryParams query;                    /*   0 */
    int inlineChunks[2 * RDB_INLINE_CHUNKS]; /* 184: {first row, end} pairs, read when query.chunks is NULL */
} RdbRangeParams;                            /* 2232 bytes */

#ifdef __cplusplus
}
#define RDB_PIN(what, value) static_assert((what) == (value), #what " is pinned at " #value)
#else
#define RDB_PIN(what, value) _Static_assert((what) == (value), #what " is pinned at " #value)
#endif

RDB_PIN(offsetof(RdbFilterTerm, codes), 0);
RDB_PIN(offsetof(RdbFilterTerm, first), 8);
RDB_PIN(offsetof(RdbFilterTerm, count), 12);
RDB_PIN(sizeof(RdbFilterTerm), 16);

RDB_PIN(offsetof(RdbQueryParams, groups), 0);
RDB_PIN(offsetof(RdbQueryParams, measures), 8);
RDB_PIN(offsetof(RdbQueryParams, measureValid), 16);
RDB_PIN(offsetof(RdbQueryParams, n), 24);
RDB_PIN(offsetof(RdbQueryParams, numGroups), 32);
RDB_PIN(offsetof(RdbQueryParams, nMeasures), 36);
RDB_PIN(offsetof(RdbQueryParams, counts), 40);
RDB_PIN(offsetof(RdbQueryParams, validCounts), 48);
RDB_PIN(offsetof(RdbQueryParams, sums), 56);
RDB_PIN(offsetof(RdbQueryParams, mins), 64);
RDB_PIN(offsetof(RdbQueryParams, maxs), 72);
RDB_PIN(offsetof(RdbQueryParams, compacted), 80);
RDB_PIN(offsetof(RdbQueryParams, blocksDone), 88);
RDB_PIN(offsetof(RdbQueryParams, listed), 96);
RDB_PIN(offsetof(RdbQueryParams, mailbox), 104);
RDB_PIN(offsetof(RdbQueryParams, done), 112);
RDB_PIN(offsetof(RdbQueryParams, sequence), 120);
RDB_PIN(offsetof(RdbQueryParams, listCapacity), 128);
RDB_PIN(offsetof(RdbQueryParams, tagged), 132);
RDB_PIN(offsetof(RdbQueryParams, terms), 136);
RDB_PIN(offsetof(RdbQueryParams, intervals), 144);
RDB_PIN(offsetof(RdbQueryParams, bitmap), 152);
RDB_PIN(offsetof(RdbQueryParams, numTerms), 160);
RDB_PIN(offsetof(RdbQueryParams, stagedIntervals), 164);
RDB_PIN(offsetof(RdbQueryParams, chunks), 168);
RDB_PIN(offsetof(RdbQueryParams, numChunks), 176);
RDB_PIN(offsetof(RdbQueryParams, reserved), 180);
RDB_PIN(sizeof(RdbQueryParams), 184);

RDB_PIN(offsetof(RdbScanParams, query), 0);
RDB_PIN(offsetof(RdbScanParams, columns), 184);
RDB_PIN(offsetof(RdbScanParams, numKeys), 192);
RDB_PIN(offsetof(RdbScanParams, reserved), 196);
RDB_PIN(sizeof(RdbScanParams), 200);

RDB_PIN(offsetof(RdbRangeParams, query), 0);
RDB_PIN(offsetof(RdbRangeParams, inlineChunks), 184);
RDB_PIN(sizeof(RdbRangeParams), 2232);

#undef RDB_PIN

#endif
