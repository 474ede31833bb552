package org.raydb.offload.gpu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Residency keys: one snapshot and part are one key; another snapshot (after a write) never is. */
class SnapshotKeyTest {

    @Test
    void equalOnlyForTheSameSnapshotObjectKindAndPart() {
        Object snapshot = new Object();
        Object afterWrite = new Object();
        assertEquals(
                new SnapshotKey(snapshot, "measures", List.of("a*b")),
                new SnapshotKey(snapshot, "measures", List.of("a*b")));
        assertEquals(new SnapshotKey(snapshot, "z", "k").hashCode(), new SnapshotKey(snapshot, "z", "k").hashCode());
        assertNotEquals(new SnapshotKey(snapshot, "z", "k"), new SnapshotKey(afterWrite, "z", "k"));
        assertNotEquals(new SnapshotKey(snapshot, "z", "k"), new SnapshotKey(snapshot, "y", "k"));
        assertNotEquals(new SnapshotKey(snapshot, "z", "k"), new SnapshotKey(snapshot, "z", "j"));
        assertFalse(new SnapshotKey(snapshot, "z", "k").stale());
    }

    @Test
    void identityPartsCompareByIdentityNotContent() {
        Object snapshot = new Object();
        int[] groups = {1, 2, 3};
        int[] sameContent = {1, 2, 3};
        assertEquals(
                new SnapshotKey(snapshot, "groups", new SnapshotKey.Identity(groups)),
                new SnapshotKey(snapshot, "groups", new SnapshotKey.Identity(groups)));
        assertNotEquals(
                new SnapshotKey(snapshot, "groups", new SnapshotKey.Identity(groups)),
                new SnapshotKey(snapshot, "groups", new SnapshotKey.Identity(sameContent)));
    }
}
