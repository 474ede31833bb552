/**
 * Connection configuration: the {@code jdbc:raydb:} URL, and {@link org.raydb.jdbc.config.RayProperty}, the one
 * description of every property the driver itself understands.
 */
package org.raydb.jdbc.config;
