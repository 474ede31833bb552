/**
 * Runnable examples of the driver: plain JDBC, a HikariCP pool, DBeaver setup.
 */
package org.raydb.examples;
