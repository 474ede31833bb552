package org.raydb.offload.gpu.optix;

import org.raydb.offload.gpu.NativeResources;

/**
 * The ray programs of native/optix/programs/raydb_programs.cu, by primitive kind. Both share the raygen
 * (a ray matrix along +Z per segment) and the aggregating any-hit; cubes add the exact-predicate
 * intersection program.
 */
public enum RayProgram {
    /** RayDB: a triangle per row in the plane z = code. */
    TRIANGLES(Gas.Kind.TRIANGLES, null),
    /** RTScan refine: a cube per row, the predicate re-checked on integer codes. */
    CUBES(Gas.Kind.AABBS, "__intersection__cube");

    static final String PARAMS = "params";
    static final String RAYGEN = "__raygen__grid";
    static final String MISS = "__miss__none";
    static final String ANYHIT = "__anyhit__aggregate";

    private final Gas.Kind kind;
    private final String intersection;

    RayProgram(Gas.Kind kind, String intersection) {
        this.kind = kind;
        this.intersection = intersection;
    }

    public Gas.Kind kind() {
        return kind;
    }

    /** Null for triangles (built-in intersection). */
    String intersection() {
        return intersection;
    }

    byte[] moduleBytes() {
        return NativeResources.read(NativeResources.OPTIX_PROGRAMS);
    }
}
