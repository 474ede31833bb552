/**
 * Building resident data: values built once on first use, and the process-wide time spent in each build phase.
 */
package org.raydb.offload.build;
