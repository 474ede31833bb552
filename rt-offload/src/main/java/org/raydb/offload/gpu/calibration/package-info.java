/** The cost model's device calibration: a short measurement on the GPU at first use, cached per model and driver. */
package org.raydb.offload.gpu.calibration;
