package org.raydb.offload.gpu.cuda;

import jcuda.driver.CUcontext;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUstream;

/**
 * JCuda handle types that expose their raw native value, which the OptiX shim takes as a 64-bit integer.
 * JCuda 12.6 keeps {@code getNativePointer()} protected, so a subclass is the sanctioned way in; the
 * JCuda call that creates the handle fills the subclass instance in place.
 */
final class RawHandles {

    private RawHandles() {}

    static final class Context extends CUcontext {
        long address() {
            return getNativePointer();
        }
    }

    static final class Stream extends CUstream {
        long address() {
            return getNativePointer();
        }
    }

    static final class Function extends CUfunction {
        long address() {
            return getNativePointer();
        }
    }

    static final class DevicePointer extends CUdeviceptr {
        long address() {
            return getNativePointer();
        }
    }
}
