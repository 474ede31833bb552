/**
 * SQLStates and the one exception factory: every SQLException the driver throws or passes on from DuckDB
 * carries a state from {@link org.raydb.jdbc.error.SqlState}.
 */
package org.raydb.jdbc.error;
