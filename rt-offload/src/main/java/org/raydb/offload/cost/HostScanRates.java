package org.raydb.offload.cost;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.TableRef;

/**
 * DuckDB's {@link HostScanRate} per table snapshot (weakly keyed by the snapshot object, so a write, which
 * makes a new snapshot, also makes a new measurement), shared by the connections of one provider.
 */
public final class HostScanRates {

    private final Map<Object, HostScanRate> bySnapshot = Collections.synchronizedMap(new WeakHashMap<>());

    /** The snapshot's rate, measured now over {@code columns} on {@code connection} if it has none yet. */
    public HostScanRate of(
            Object snapshot, Connection connection, TableRef table, Map<String, ColumnType> columns, long rows)
            throws SQLException {
        HostScanRate rate = bySnapshot.get(snapshot);
        if (rate == null) {
            rate = HostScanRate.measure(connection, table, columns, rows);
            bySnapshot.put(snapshot, rate);
        }
        return rate;
    }

    /** The snapshot's rate if it was measured, else null. */
    public HostScanRate known(Object snapshot) {
        return bySnapshot.get(snapshot);
    }
}
