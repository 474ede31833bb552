/**
 * The Star Schema Benchmark: data generator, dbgen .tbl import, flat-table builder, the 13 queries, the
 * differential suite, the bench command and the soak.
 */
package org.raydb.ssb;
