package org.raydb.offload.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.encode.GroupCodes;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.TableRef;

/** Resident snapshots and their indexes stay within the host budget, least recently used dropped first. */
class HostMemoryBudgetTest {

    private static final Map<String, ColumnType> COLUMNS =
            Map.of("a", ColumnType.of(ColumnType.Kind.INTEGER), "b", ColumnType.of(ColumnType.Kind.BIGINT));

    @Test
    void leastRecentlyUsedSnapshotsAreDroppedToFitTheBudget() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator()) {
            List<TableRef> tables = List.of(table(c, "t1"), table(c, "t2"), table(c, "t3"));
            ResidencyCache unbounded = new ResidencyCache(new HostMemoryBudget(Long.MAX_VALUE));
            long one = resident(unbounded, c, tables.get(0), allocator).bytes();
            assertTrue(one > 0);

            HostMemoryBudget budget = new HostMemoryBudget(2 * one + one / 2);
            ResidencyCache cache = new ResidencyCache(budget);
            ResidentTable t1 = resident(cache, c, tables.get(0), allocator);
            ResidentTable t2 = resident(cache, c, tables.get(1), allocator);
            assertTrue(budget.enforce(t2) <= budget.budget());
            assertEquals(t1.bytes() + t2.bytes(), budget.held(), "both snapshots fit, so both are held");
            assertSame(t1, resident(cache, c, tables.get(0), allocator), "two snapshots fit");
            // t1 was just used again: the third snapshot pushes out t2.
            ResidentTable t3 = resident(cache, c, tables.get(2), allocator);
            assertTrue(budget.enforce(t3) <= budget.budget());
            assertSame(t1, resident(cache, c, tables.get(0), allocator));
            assertNotSame(t2, resident(cache, c, tables.get(1), allocator), "the least recently used was dropped");

            // Indexes count too: group codes over both columns of every table exceed the budget, so each table
            // pushes out the others; the one in use stays even where it alone exceeds the budget.
            for (TableRef t : tables) {
                ResidentTable r = resident(cache, c, t, allocator);
                r.groupCodes(List.of("a", "b"));
                r.sieving("a");
                assertTrue(budget.enforce(r) <= Math.max(budget.budget(), r.bytes()));
                assertSame(r, resident(cache, c, t, allocator));
            }
        }
    }

    @Test
    void aTableAboveTheBudgetStaysResidentForTheQueryUsingIt() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator()) {
            TableRef big = table(c, "big");
            TableRef other = table(c, "other");
            HostMemoryBudget budget = new HostMemoryBudget(1);
            ResidencyCache cache = new ResidencyCache(budget);
            ResidentTable o = resident(cache, c, other, allocator);
            ResidentTable b = resident(cache, c, big, allocator);
            assertTrue(budget.enforce(b) > budget.budget(), "the table in use alone exceeds the budget");
            // Dropping it would make every query load a second copy beside the one still referenced.
            assertSame(b, resident(cache, c, big, allocator), "the table in use is kept");
            assertFalse(b.retired());
            assertTrue(o.retired(), "the other one was dropped");
            assertNotSame(o, resident(cache, c, other, allocator));
        }
    }

    @Test
    void whatGrowsAfterEverythingFittedIsCountedAtTheNextQuery() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator()) {
            TableRef one = table(c, "one");
            TableRef two = table(c, "two");
            ResidencyCache unbounded = new ResidencyCache(new HostMemoryBudget(Long.MAX_VALUE));
            ResidentTable probe = resident(unbounded, c, one, allocator);
            long loaded = probe.bytes();
            probe.packedGroups(List.of("a"));
            long packed = probe.bytes();
            long grown = 4L * probe.rows(); // the packed codes' group of every row, made on first use
            assertTrue(packed > loaded);

            HostMemoryBudget budget = new HostMemoryBudget(packed + loaded + grown / 2);
            ResidencyCache cache = new ResidencyCache(budget);
            ResidentTable t2 = resident(cache, c, two, allocator);
            ResidentTable t1 = resident(cache, c, one, allocator);
            GroupCodes codes = t1.packedGroups(List.of("a"));
            assertTrue(budget.enforce(t1) <= budget.budget());
            assertTrue(budget.enforce(t1) <= budget.budget(), "nothing changed: both still fit");
            assertFalse(t2.retired());
            // Grows lazily, after the budget last found everything within it.
            codes.groupOfRow();
            assertTrue(t1.bytes() >= packed + grown);
            assertTrue(budget.enforce(t1) <= budget.budget());
            assertTrue(t2.retired(), "the growth was counted and the other snapshot dropped");
        }
    }

    private static TableRef table(Connection c, String name) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TABLE " + name + " AS SELECT i::INTEGER AS a, (i * 3)::BIGINT AS b"
                    + " FROM range(50000) r(i)");
        }
        return new TableRef("memory", "main", name);
    }

    private static ResidentTable resident(ResidencyCache cache, Connection c, TableRef ref, BufferAllocator allocator)
            throws SQLException {
        ResidentTable t = cache.table(ref, TableVersion.read(c, ref, null, cache.writes()));
        t.ensureLoaded(c, COLUMNS, allocator, new QueryCancel());
        return t;
    }
}
