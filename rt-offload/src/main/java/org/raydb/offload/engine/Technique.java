package org.raydb.offload.engine;

/** How a job finds the qualifying rows. */
public enum Technique {
    /** RayDB: one triangle per row (Y = group, Z = packed filter code), rays along +Z over the Z intervals. */
    RAYDB_TRIANGLES,
    /** RTScan: uniform encoding, sieving bit vectors, cube refine of the remaining bands, bitmap AND. */
    RTSCAN_CUBES
}
