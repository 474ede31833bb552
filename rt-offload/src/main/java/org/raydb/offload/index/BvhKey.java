package org.raydb.offload.index;

import java.util.List;

/**
 * The attribute set of one BVH-catalog entry: the filter attributes packed into Z (in packing order) and the
 * group attributes encoded as Y. Measures are never in the geometry (X is constant): they are read by row.
 */
public record BvhKey(List<String> zAttributes, List<String> yAttributes) {

    @Override
    public String toString() {
        return "Z=" + zAttributes + " Y=" + yAttributes;
    }
}
