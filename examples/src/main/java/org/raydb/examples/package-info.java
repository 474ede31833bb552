/**
 * Runnable examples of the driver: {@link org.raydb.examples.QuickStart} (plain JDBC) and
 * {@link org.raydb.examples.PooledApp} (a HikariCP pool over {@code RayDataSource}). The README's DBeaver
 * section shows the third way in: the all-in-one jar in a SQL IDE.
 */
package org.raydb.examples;
