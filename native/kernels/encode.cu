/*
 * Encoding helpers on the device: the Z order by counting sort, and the primitives of the two ray jobs (a
 * triangle per row, a cube per row).
 * One thread per row; grid-stride loops so any grid size is correct.
 */

#define FOR_EACH_ROW(i, n)                                                        \
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < (n); \
         i += (long long)gridDim.x * blockDim.x)

/*
 * The rows in code order (a catalog entry's Z-sorted projection), as a counting sort in two passes: count every
 * code, let the host turn the counts into starts, then scatter each row to its code's next position. Lanes of a
 * warp with equal codes meet through __match_any_sync and their leader does one atomic for all of them, which
 * keeps few-code columns (thousands of rows per code per block) from serializing on one counter. Rows of one
 * code land in no fixed order: the projection is built once and everything read through it aggregates.
 */
extern "C" __global__ void rdb_count_codes(const int* codes, long long n, unsigned int* counts) {
    FOR_EACH_ROW(i, n) {
        const int c = codes[i];
        const unsigned peers = __match_any_sync(__activemask(), c);
        if ((threadIdx.x & 31) == __ffs(peers) - 1) atomicAdd(&counts[c], __popc(peers));
    }
}

/* rowAt[cursors[codes[i]]++] = i; cursors start at each code's first position. */
extern "C" __global__ void rdb_scatter_by_code(const int* codes, long long n, unsigned int* cursors, int* rowAt) {
    FOR_EACH_ROW(i, n) {
        const int c = codes[i];
        const unsigned peers = __match_any_sync(__activemask(), c);
        const int lane = threadIdx.x & 31, leader = __ffs(peers) - 1;
        unsigned int base = 0;
        if (lane == leader) base = atomicAdd(&cursors[c], __popc(peers));
        base = __shfl_sync(peers, base, leader);
        rowAt[base + __popc(peers & ((1u << lane) - 1u))] = (int)i;
    }
}

/* RayDB: row i -> right triangle (x,y,z), (x+sizeX,y,z), (x,y+sizeY,z) in the plane z = code; 9 floats per
 * row. A NULL coordinate column means 0 on that axis. */
extern "C" __global__ void rdb_build_triangles(const int* x, const int* y, const int* z, long long n, float sizeX,
                                               float sizeY, float* vertices) {
    FOR_EACH_ROW(i, n) {
        const float a = x ? (float)x[i] : 0.f, b = y ? (float)y[i] : 0.f, c = z ? (float)z[i] : 0.f;
        float* v = vertices + 9 * i;
        v[0] = a;
        v[1] = b;
        v[2] = c;
        v[3] = a + sizeX;
        v[4] = b;
        v[5] = c;
        v[6] = a;
        v[7] = b + sizeY;
        v[8] = c;
    }
}

/* RTScan: row i -> cube centred at its three codes with half-width `half`; 6 floats (min xyz, max xyz). */
extern "C" __global__ void rdb_build_cubes(const int* x, const int* y, const int* z, long long n, float half,
                                           float* aabbs) {
    FOR_EACH_ROW(i, n) {
        const float a = x ? (float)x[i] : 0.f, b = y ? (float)y[i] : 0.f, c = z ? (float)z[i] : 0.f;
        float* box = aabbs + 6 * i;
        box[0] = a - half;
        box[1] = b - half;
        box[2] = c - half;
        box[3] = a + half;
        box[4] = b + half;
        box[5] = c + half;
    }
}
