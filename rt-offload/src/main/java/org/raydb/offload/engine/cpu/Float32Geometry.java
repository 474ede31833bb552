package org.raydb.offload.engine.cpu;

/**
 * The two hit tests of the ray jobs, in float32 like the GPU's: Möller–Trumbore for triangles and the slab
 * test for axis-aligned boxes. Computing in float (not double) is the point: a coordinate or ray bound that
 * is not exact in float32 misbehaves here as it would on the GPU.
 */
final class Float32Geometry {

    private Float32Geometry() {}

    /**
     * Whether the ray {@code o + t·d}, {@code tmin < t <= tmax}, hits triangle {@code (v0, v1, v2)}. A hit
     * exactly at {@code tmin} is not reported, as OptiX does not report a triangle lying at a ray's tmin.
     */
    static boolean rayHitsTriangle(
            float ox,
            float oy,
            float oz,
            float dx,
            float dy,
            float dz,
            float tmin,
            float tmax,
            float v0x,
            float v0y,
            float v0z,
            float v1x,
            float v1y,
            float v1z,
            float v2x,
            float v2y,
            float v2z) {
        float e1x = v1x - v0x;
        float e1y = v1y - v0y;
        float e1z = v1z - v0z;
        float e2x = v2x - v0x;
        float e2y = v2y - v0y;
        float e2z = v2z - v0z;
        float px = dy * e2z - dz * e2y;
        float py = dz * e2x - dx * e2z;
        float pz = dx * e2y - dy * e2x;
        float det = e1x * px + e1y * py + e1z * pz;
        if (det == 0f) {
            return false;
        }
        float inv = 1f / det;
        float sx = ox - v0x;
        float sy = oy - v0y;
        float sz = oz - v0z;
        float u = (sx * px + sy * py + sz * pz) * inv;
        if (u < 0f || u > 1f) {
            return false;
        }
        float qx = sy * e1z - sz * e1y;
        float qy = sz * e1x - sx * e1z;
        float qz = sx * e1y - sy * e1x;
        float v = (dx * qx + dy * qy + dz * qz) * inv;
        if (v < 0f || u + v > 1f) {
            return false;
        }
        float t = (e2x * qx + e2y * qy + e2z * qz) * inv;
        return t > tmin && t <= tmax;
    }

    /** Slab test: whether the ray {@code o + t·d}, {@code tmin <= t <= tmax}, meets the box. */
    static boolean rayHitsBox(
            float ox,
            float oy,
            float oz,
            float dx,
            float dy,
            float dz,
            float tmin,
            float tmax,
            float minX,
            float minY,
            float minZ,
            float maxX,
            float maxY,
            float maxZ) {
        float[] t = {tmin, tmax};
        return slab(ox, dx, minX, maxX, t) && slab(oy, dy, minY, maxY, t) && slab(oz, dz, minZ, maxZ, t);
    }

    private static boolean slab(float o, float d, float min, float max, float[] t) {
        if (d == 0f) {
            return o >= min && o <= max;
        }
        float inv = 1f / d;
        float t0 = (min - o) * inv;
        float t1 = (max - o) * inv;
        if (t0 > t1) {
            float s = t0;
            t0 = t1;
            t1 = s;
        }
        t[0] = Math.max(t[0], t0);
        t[1] = Math.min(t[1], t1);
        return t[0] <= t[1];
    }
}
