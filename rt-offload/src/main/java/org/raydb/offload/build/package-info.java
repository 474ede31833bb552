/**
 * Building resident data: values built once on first use, the count of changes to what the
 * offload holds in host memory, and the process-wide time spent in each build phase.
 */
package org.raydb.offload.build;
