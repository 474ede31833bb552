/**
 * A job over several devices: the table's rows split into contiguous partitions in proportion to each device's
 * share ({@link org.raydb.offload.engine.partition.PartitionLayout}), every device answering for its own at
 * once, the partial groups merged exactly, and a device that fails handing its partitions to the others
 * ({@link org.raydb.offload.engine.partition.PartitionedRun}). Engine-neutral: the GPU engines run it over their
 * GPUs, the cpu engine over simulated devices.
 */
package org.raydb.offload.engine.partition;
