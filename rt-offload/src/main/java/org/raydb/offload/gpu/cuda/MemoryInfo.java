package org.raydb.offload.gpu.cuda;

/** Free and total device memory of the current context's GPU, in bytes. */
public record MemoryInfo(long freeBytes, long totalBytes) {}
