/** The offloaded groups decoded into the Arrow relation DuckDB finishes the query over. */
package org.raydb.offload.result;
