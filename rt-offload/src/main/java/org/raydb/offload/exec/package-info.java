/**
 * Residency and job preparation: table columns loaded through Arrow per table snapshot, their derived
 * encodings and indexes cached until a write, and the encoding of a matched plan into an engine job.
 */
package org.raydb.offload.exec;
