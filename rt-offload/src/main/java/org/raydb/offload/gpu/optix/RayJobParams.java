package org.raydb.offload.gpu.optix;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.MemoryLayout.PathElement.sequenceElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import org.raydb.offload.gpu.cuda.DeviceBuffer;

/**
 * The launch parameters of the ray programs: the same bytes as {@code RdbRayJobParams} in
 * native/optix/raydb_launch_params.h (192 bytes; {@code RayJobParamsTest} pins every offset). Pointers are
 * device addresses; 0 means "absent" where the header allows it.
 *
 * <p>One launch traces a gridX x gridY matrix of rays along +Z, first ray at (originX, originY), spaced
 * stepX/stepY, once per {@link RaySegments segment}. The any-hit program counts each row once (rowFlags,
 * one bit per row, zeroed before the launch), then adds COUNT(*) per group, and per measure the non-NULL
 * count, SUM, and optionally MIN/MAX, all as 64-bit integers; or only marks the row in a result bitmap.
 */
public final class RayJobParams {

    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_LONG.withName("traversable"),
            JAVA_FLOAT.withName("originX"),
            JAVA_FLOAT.withName("originY"),
            JAVA_FLOAT.withName("stepX"),
            JAVA_FLOAT.withName("stepY"),
            JAVA_INT.withName("gridX"),
            JAVA_INT.withName("gridY"),
            ADDRESS.withName("segments"),
            ADDRESS.withName("zCodes"),
            MemoryLayout.sequenceLayout(3, ADDRESS).withName("boxCodes"),
            MemoryLayout.sequenceLayout(3, JAVA_INT).withName("boxLo"),
            MemoryLayout.sequenceLayout(3, JAVA_INT).withName("boxHi"),
            ADDRESS.withName("rowFlags"),
            ADDRESS.withName("resultBitmap"),
            ADDRESS.withName("groupCodes"),
            ADDRESS.withName("measures"),
            ADDRESS.withName("measureValid"),
            ADDRESS.withName("counts"),
            ADDRESS.withName("validCounts"),
            ADDRESS.withName("sums"),
            ADDRESS.withName("mins"),
            ADDRESS.withName("maxs"),
            JAVA_INT.withName("numRows"),
            JAVA_INT.withName("nMeasures"),
            JAVA_INT.withName("nGroups"),
            JAVA_INT.withName("reserved"));

    public static final long BYTES = LAYOUT.byteSize();

    private final MemorySegment bytes = MemorySegment.ofArray(new long[(int) (BYTES / 8)]);

    public static long offsetOf(String field) {
        return LAYOUT.byteOffset(groupElement(field));
    }

    private RayJobParams setLong(String field, long value) {
        bytes.set(JAVA_LONG, offsetOf(field), value);
        return this;
    }

    private RayJobParams setInt(String field, int value) {
        bytes.set(JAVA_INT, offsetOf(field), value);
        return this;
    }

    private RayJobParams setFloat(String field, float value) {
        bytes.set(JAVA_FLOAT, offsetOf(field), value);
        return this;
    }

    private static long address(DeviceBuffer buffer) {
        return buffer == null ? 0L : buffer.address();
    }

    public RayJobParams traversable(Gas gas) {
        return setLong("traversable", gas.traversable());
    }

    /** The ray matrix: first ray at (originX, originY), gridX x gridY rays spaced stepX, stepY. */
    public RayJobParams grid(float originX, float originY, float stepX, float stepY, int gridX, int gridY) {
        return setFloat("originX", originX)
                .setFloat("originY", originY)
                .setFloat("stepX", stepX)
                .setFloat("stepY", stepY)
                .setInt("gridX", gridX)
                .setInt("gridY", gridY);
    }

    public RayJobParams segments(DeviceBuffer segments) {
        return setLong("segments", address(segments));
    }

    /** Integer Z codes re-checked against each segment's [lo, hi] (needed for codes at or above 2^22). */
    public RayJobParams zCodes(DeviceBuffer codes) {
        return setLong("zCodes", address(codes));
    }

    /** Cube refine: dimension d's integer codes must lie in [lo, hi]; a null buffer leaves d unchecked. */
    public RayJobParams box(int dimension, DeviceBuffer codes, int lo, int hi) {
        bytes.set(JAVA_LONG, LAYOUT.byteOffset(groupElement("boxCodes"), sequenceElement(dimension)), address(codes));
        bytes.set(JAVA_INT, LAYOUT.byteOffset(groupElement("boxLo"), sequenceElement(dimension)), lo);
        bytes.set(JAVA_INT, LAYOUT.byteOffset(groupElement("boxHi"), sequenceElement(dimension)), hi);
        return this;
    }

    /** One bit per row, zeroed before every launch. */
    public RayJobParams rowFlags(DeviceBuffer flags) {
        return setLong("rowFlags", address(flags));
    }

    /** Optional bitmap of qualifying rows; may be the rowFlags buffer itself. */
    public RayJobParams resultBitmap(DeviceBuffer bitmap) {
        return setLong("resultBitmap", address(bitmap));
    }

    public RayJobParams rows(int numRows) {
        return setInt("numRows", numRows);
    }

    /**
     * Aggregation targets: groupCodes (null = one group), nMeasures int64 columns back to back, optional
     * validity bitmaps (nMeasures x ceil(rows/32) words, null = no NULLs), and the accumulators: counts
     * [nGroups], validCounts and sums [nMeasures x nGroups], optional mins/maxs (preset to
     * Long.MAX_VALUE / Long.MIN_VALUE).
     */
    public RayJobParams aggregation(
            DeviceBuffer groupCodes,
            int nGroups,
            DeviceBuffer measures,
            int nMeasures,
            DeviceBuffer measureValid,
            DeviceBuffer counts,
            DeviceBuffer validCounts,
            DeviceBuffer sums,
            DeviceBuffer mins,
            DeviceBuffer maxs) {
        return setLong("groupCodes", address(groupCodes))
                .setInt("nGroups", nGroups)
                .setLong("measures", address(measures))
                .setInt("nMeasures", nMeasures)
                .setLong("measureValid", address(measureValid))
                .setLong("counts", address(counts))
                .setLong("validCounts", address(validCounts))
                .setLong("sums", address(sums))
                .setLong("mins", address(mins))
                .setLong("maxs", address(maxs));
    }

    /** Copies the parameters to a device buffer of at least {@link #BYTES} for a launch. */
    public DeviceBuffer upload(DeviceBuffer target) {
        return target.copyFrom(bytes.toArray(JAVA_LONG));
    }

    /** The raw bytes, for tests. */
    public MemorySegment asSegment() {
        return bytes.asReadOnly();
    }
}
