/** A small JSON reader and writer for DuckDB's serialized plans and parse trees. */
package org.raydb.offload.json;
