/** The exact reference engine: the GPU ray jobs' geometry, rays and float32 hit tests, on the CPU. */
package org.raydb.offload.engine.cpu;
