package org.raydb.offload;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * The lowest CPU priority the system has (Linux: nice 19), for a build's gentle run ({@link BackgroundBuilds}): where
 * the application's statements keep the cores busy, DuckDB's threads answering them run first and the build takes the
 * time they leave, within its steps too (its check points give way only between them), its export's readers included.
 * Threads a lowered thread starts inherit its priority, and a thread cannot raise it again without privileges: only
 * threads that do nothing but build are lowered. Elsewhere (or where the JVM does not let the offload call native
 * code) threads keep their priority.
 */
final class LowPriority {

    /** Linux's lowest priority: a thread at nice 19 weighs 15 against a default thread's 1024. */
    static final int NICE = 19;

    private static final MethodHandle SETPRIORITY = setpriority();

    private LowPriority() {}

    /** Lowers the calling thread's CPU priority, where the system lets it. */
    static void lowerThisThread() {
        if (SETPRIORITY == null) return;
        try {
            // PRIO_PROCESS (0) with who = 0: on Linux the calling thread alone.
            int _ = (int) SETPRIORITY.invokeExact(0, 0, NICE);
        } catch (Throwable e) {
            // a priority is advice: the thread runs as it was
        }
    }

    private static MethodHandle setpriority() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")
                || !LowPriority.class.getModule().isNativeAccessEnabled()) {
            return null;
        }
        try {
            Linker linker = Linker.nativeLinker();
            return linker.defaultLookup()
                    .find("setpriority")
                    .map(f -> linker.downcallHandle(
                            f,
                            FunctionDescriptor.of(
                                    ValueLayout.JAVA_INT,
                                    ValueLayout.JAVA_INT,
                                    ValueLayout.JAVA_INT,
                                    ValueLayout.JAVA_INT)))
                    .orElse(null);
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }
}
