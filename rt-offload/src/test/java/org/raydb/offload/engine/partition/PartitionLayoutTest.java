package org.raydb.offload.engine.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.offload.engine.RowRange;

class PartitionLayoutTest {

    private static List<RowRange> ranges(PartitionLayout layout) {
        return layout.parts().stream().map(PartitionLayout.Part::rows).toList();
    }

    @Test
    void equalSharesSplitTheRowsEvenlyAndContiguously() {
        PartitionLayout layout = PartitionLayout.of(1000, new double[] {1, 1}, 2);
        assertEquals(
                List.of(new RowRange(0, 250), new RowRange(250, 500), new RowRange(500, 750), new RowRange(750, 1000)),
                ranges(layout));
        assertEquals(
                List.of(0, 0, 1, 1),
                layout.parts().stream().map(PartitionLayout.Part::device).toList());
        assertEquals(
                List.of(0, 1, 2, 3),
                layout.parts().stream().map(PartitionLayout.Part::index).toList());
    }

    @Test
    void sharesAreProportionateAndEveryRowIsInExactlyOnePartition() {
        PartitionLayout layout = PartitionLayout.of(1_000_003, new double[] {0.25, 0.5, 0.25}, 3);
        int next = 0;
        long[] perDevice = new long[3];
        for (PartitionLayout.Part p : layout.parts()) {
            assertEquals(next, p.rows().from());
            next = p.rows().to();
            perDevice[p.device()] += p.rows().length();
        }
        assertEquals(1_000_003, next);
        assertEquals(250_001, perDevice[0], 1);
        assertEquals(500_001, perDevice[1], 1);
    }

    @Test
    void fewRowsLeaveNoEmptyPartitions() {
        PartitionLayout layout = PartitionLayout.of(3, new double[] {1, 1}, 4);
        assertEquals(List.of(new RowRange(0, 1), new RowRange(1, 2), new RowRange(2, 3)), ranges(layout));
        assertEquals(
                List.of(0, 1, 2),
                layout.parts().stream().map(PartitionLayout.Part::index).toList());
    }

    @Test
    void sameInputsSameLayout() {
        assertEquals(
                PartitionLayout.of(77_777, new double[] {0.3, 0.7}, 5),
                PartitionLayout.of(77_777, new double[] {0.3, 0.7}, 5));
    }

    @Test
    void rejectsNoDevicesAndBadShares() {
        assertThrows(IllegalArgumentException.class, () -> PartitionLayout.of(10, new double[0], 1));
        assertThrows(IllegalArgumentException.class, () -> PartitionLayout.of(10, new double[] {1}, 0));
        assertThrows(IllegalArgumentException.class, () -> PartitionLayout.of(10, new double[] {0}, 1));
    }

    @Test
    void aDeviceShareIsTheSmallerOfItsSpeedAndMemoryShares() {
        // Equal speed, one device with twice the memory: memory does not make it faster, so equal shares.
        double[] shares = PartitionLayout.shares(new long[] {132, 132}, new long[] {64L << 30, 128L << 30});
        assertEquals(1.0 / 3, shares[0], 1e-12);
        assertEquals(0.5, shares[1], 1e-12);
        PartitionLayout layout = PartitionLayout.of(3000, shares, 1);
        assertEquals(List.of(new RowRange(0, 1200), new RowRange(1200, 3000)), ranges(layout));
        // Twice the speed and memory: twice the rows.
        double[] faster = PartitionLayout.shares(new long[] {66, 132}, new long[] {40L << 30, 80L << 30});
        assertEquals(
                List.of(new RowRange(0, 1000), new RowRange(1000, 3000)), ranges(PartitionLayout.of(3000, faster, 1)));
    }
}
