/**
 * DuckDB to Arrow export of table columns and results, Arrow to DuckDB registration, and Arrow buffers as native memory segments without copies.
 */
package org.raydb.arrow;
