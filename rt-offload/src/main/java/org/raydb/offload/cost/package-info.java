/**
 * The cost model behind {@code engine=auto}: per-engine estimates of one prepared job in microseconds
 * ({@link org.raydb.offload.cost.CostModel}), device constants calibrated once per GPU model and driver
 * ({@link org.raydb.offload.cost.DeviceConstants}, cached by {@link org.raydb.offload.cost.CalibrationCache}),
 * DuckDB's host scan rate measured once per table snapshot ({@link org.raydb.offload.cost.HostScanRate}),
 * and the choice itself, corrected by measured run times ({@link org.raydb.offload.cost.CostChoice}).
 */
package org.raydb.offload.cost;
