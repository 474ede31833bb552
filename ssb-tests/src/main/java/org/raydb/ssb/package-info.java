/**
 * The Star Schema Benchmark: data generator, dbgen .tbl import, flat-table builder, the 13 queries, the
 * differential suite and the bench command.
 */
package org.raydb.ssb;
