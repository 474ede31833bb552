package org.raydb.offload.gpu.engine;

import java.lang.ref.WeakReference;
import java.util.Objects;

/**
 * A residency key: one kind of device data derived from one table snapshot. The snapshot is held weakly,
 * so a key never keeps a dropped snapshot alive; after a write the core hands out a new snapshot object,
 * the old keys become {@link #stale()} and {@link SharedGpu#purgeStale()} frees their device memory.
 * {@code part} names the data within the snapshot (a column, an attribute set, a measure list); an
 * {@link Identity} part compares an object by identity (e.g. a cached group-code array).
 */
final class SnapshotKey {

    /** A part compared by identity, held weakly. */
    static final class Identity {
        private final WeakReference<Object> ref;
        private final int hash;

        Identity(Object o) {
            ref = new WeakReference<>(o);
            hash = System.identityHashCode(o);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Identity i && ref.get() != null && ref.get() == i.ref.get();
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private final WeakReference<Object> snapshot;
    private final int snapshotHash;
    private final String kind;
    private final Object part;

    SnapshotKey(Object snapshot, String kind, Object part) {
        this.snapshot = new WeakReference<>(Objects.requireNonNull(snapshot, "snapshot"));
        this.snapshotHash = System.identityHashCode(snapshot);
        this.kind = kind;
        this.part = part;
    }

    /** What kind of data this is ("measures", "z", ...), for reports of the resident bytes. */
    String kind() {
        return kind;
    }

    /** The snapshot was dropped (the table was written or the connection closed). */
    boolean stale() {
        return snapshot.get() == null;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SnapshotKey k)) return false;
        Object s = snapshot.get();
        return s != null && s == k.snapshot.get() && kind.equals(k.kind) && Objects.equals(part, k.part);
    }

    @Override
    public int hashCode() {
        return (snapshotHash * 31 + kind.hashCode()) * 31 + Objects.hashCode(part);
    }

    @Override
    public String toString() {
        return kind + (part instanceof Identity ? "" : " " + part);
    }
}
