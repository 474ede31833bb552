// Generated in the style of jextract from native/optix/raydb_optix.h (our own header only), written by
// hand because jextract is in no package registry. To regenerate with jextract 22+:
//   jextract --target-package org.raydb.offload.gpu.optix.internal --header-class-name raydb_optix_h \
//     --output rt-offload/src/main/java --include-function raydb_optix_* \
//     --include-constant RAYDB_OPTIX_* native/optix/raydb_optix.h
// then keep the symbol lookup below (the library is loaded by OptixLibrary, not by jextract's --library).
// Do not edit by hand except to follow a change of raydb_optix.h.

package org.raydb.offload.gpu.optix.internal;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

@SuppressWarnings({"unused", "restricted"}) // downcalls are what this class is for
public final class raydb_optix_h {

    private raydb_optix_h() {
    }

    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

    /** Symbols of libraries loaded with System.load by this class loader (OptixLibrary loads the shim). */
    static final SymbolLookup SYMBOL_LOOKUP = SymbolLookup.loaderLookup();

    static MemorySegment findOrThrow(String symbol) {
        return SYMBOL_LOOKUP.find(symbol)
                .orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: " + symbol));
    }

    private static final int RAYDB_OPTIX_OK = (int) 0L;

    public static int RAYDB_OPTIX_OK() {
        return RAYDB_OPTIX_OK;
    }

    private static final int RAYDB_OPTIX_ERROR_UNAVAILABLE = (int) 1L;

    public static int RAYDB_OPTIX_ERROR_UNAVAILABLE() {
        return RAYDB_OPTIX_ERROR_UNAVAILABLE;
    }

    private static final int RAYDB_OPTIX_ERROR_INVALID_ARGUMENT = (int) 2L;

    public static int RAYDB_OPTIX_ERROR_INVALID_ARGUMENT() {
        return RAYDB_OPTIX_ERROR_INVALID_ARGUMENT;
    }

    private static final int RAYDB_OPTIX_ERROR_OPTIX = (int) 3L;

    public static int RAYDB_OPTIX_ERROR_OPTIX() {
        return RAYDB_OPTIX_ERROR_OPTIX;
    }

    private static final int RAYDB_OPTIX_ERROR_CUDA = (int) 4L;

    public static int RAYDB_OPTIX_ERROR_CUDA() {
        return RAYDB_OPTIX_ERROR_CUDA;
    }

    private static final int RAYDB_OPTIX_ERROR_OUT_OF_MEMORY = (int) 5L;

    public static int RAYDB_OPTIX_ERROR_OUT_OF_MEMORY() {
        return RAYDB_OPTIX_ERROR_OUT_OF_MEMORY;
    }

    private static final int RAYDB_OPTIX_PROPERTY_RTCORE_VERSION = (int) 0L;

    public static int RAYDB_OPTIX_PROPERTY_RTCORE_VERSION() {
        return RAYDB_OPTIX_PROPERTY_RTCORE_VERSION;
    }

    private static final int RAYDB_OPTIX_PROPERTY_MAX_PRIMITIVES_PER_GAS = (int) 1L;

    public static int RAYDB_OPTIX_PROPERTY_MAX_PRIMITIVES_PER_GAS() {
        return RAYDB_OPTIX_PROPERTY_MAX_PRIMITIVES_PER_GAS;
    }

    private static final int RAYDB_OPTIX_PROPERTY_MAX_TRACE_DEPTH = (int) 2L;

    public static int RAYDB_OPTIX_PROPERTY_MAX_TRACE_DEPTH() {
        return RAYDB_OPTIX_PROPERTY_MAX_TRACE_DEPTH;
    }

    private static final class raydb_optix_last_error {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_last_error");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static MemorySegment raydb_optix_last_error() {
        var mh$ = raydb_optix_last_error.HANDLE;
        try {
            return (MemorySegment) mh$.invokeExact();
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_abi_version {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_abi_version");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static int raydb_optix_abi_version() {
        var mh$ = raydb_optix_abi_version.HANDLE;
        try {
            return (int) mh$.invokeExact();
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_init {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_init");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static int raydb_optix_init() {
        var mh$ = raydb_optix_init.HANDLE;
        try {
            return (int) mh$.invokeExact();
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_context_create {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_LONG, C_INT, C_POINTER);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_context_create");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static int raydb_optix_context_create(long cuContext, int logLevel, MemorySegment out) {
        var mh$ = raydb_optix_context_create.HANDLE;
        try {
            return (int) mh$.invokeExact(cuContext, logLevel, out);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_context_property {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT, C_POINTER);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_context_property");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static int raydb_optix_context_property(MemorySegment ctx, int property, MemorySegment out) {
        var mh$ = raydb_optix_context_property.HANDLE;
        try {
            return (int) mh$.invokeExact(ctx, property, out);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_context_destroy {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_context_destroy");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static int raydb_optix_context_destroy(MemorySegment ctx) {
        var mh$ = raydb_optix_context_destroy.HANDLE;
        try {
            return (int) mh$.invokeExact(ctx);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_gas_build_triangles {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_LONG, C_LONG, C_INT, C_INT, C_POINTER);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_gas_build_triangles");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static int raydb_optix_gas_build_triangles(MemorySegment ctx, long stream, long vertices, int numTriangles, int compact, MemorySegment out) {
        var mh$ = raydb_optix_gas_build_triangles.HANDLE;
        try {
            return (int) mh$.invokeExact(ctx, stream, vertices, numTriangles, compact, out);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_gas_build_aabbs {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_LONG, C_LONG, C_INT, C_INT, C_POINTER);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_gas_build_aabbs");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static int raydb_optix_gas_build_aabbs(MemorySegment ctx, long stream, long aabbs, int numAabbs, int compact, MemorySegment out) {
        var mh$ = raydb_optix_gas_build_aabbs.HANDLE;
        try {
            return (int) mh$.invokeExact(ctx, stream, aabbs, numAabbs, compact, out);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_gas_handle {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_LONG, C_POINTER);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_gas_handle");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static long raydb_optix_gas_handle(MemorySegment gas) {
        var mh$ = raydb_optix_gas_handle.HANDLE;
        try {
            return (long) mh$.invokeExact(gas);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_gas_sizes {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_gas_sizes");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static int raydb_optix_gas_sizes(MemorySegment gas, MemorySegment resident, MemorySegment uncompacted, MemorySegment temporary) {
        var mh$ = raydb_optix_gas_sizes.HANDLE;
        try {
            return (int) mh$.invokeExact(gas, resident, uncompacted, temporary);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_gas_destroy {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_gas_destroy");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static int raydb_optix_gas_destroy(MemorySegment gas) {
        var mh$ = raydb_optix_gas_destroy.HANDLE;
        try {
            return (int) mh$.invokeExact(gas);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_pipeline_create {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_LONG, C_POINTER, C_LONG, C_POINTER, C_POINTER, C_POINTER, C_POINTER, C_POINTER);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_pipeline_create");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static int raydb_optix_pipeline_create(MemorySegment ctx, MemorySegment module, long moduleSize, MemorySegment paramsName, long paramsSize, MemorySegment raygen, MemorySegment miss, MemorySegment anyhit, MemorySegment intersection, MemorySegment out) {
        var mh$ = raydb_optix_pipeline_create.HANDLE;
        try {
            return (int) mh$.invokeExact(ctx, module, moduleSize, paramsName, paramsSize, raygen, miss, anyhit, intersection, out);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_pipeline_launch {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_LONG, C_LONG, C_INT, C_INT, C_INT);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_pipeline_launch");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static int raydb_optix_pipeline_launch(MemorySegment pipeline, long stream, long params, int width, int height, int depth) {
        var mh$ = raydb_optix_pipeline_launch.HANDLE;
        try {
            return (int) mh$.invokeExact(pipeline, stream, params, width, height, depth);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final class raydb_optix_pipeline_destroy {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
        static final MemorySegment ADDR = findOrThrow("raydb_optix_pipeline_destroy");
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    public static int raydb_optix_pipeline_destroy(MemorySegment pipeline) {
        var mh$ = raydb_optix_pipeline_destroy.HANDLE;
        try {
            return (int) mh$.invokeExact(pipeline);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }
    }
}
