#!/usr/bin/env bash
# Makes dist/raydb-gpu-bundle.tar.xz (must stay under 60 MiB) for a GPU host without Java, Maven or
# network: a jlinked JDK runtime, the project's jars and runtime dependencies, DuckDB's native library
# (stripped, outside its jar, loaded through java.library.path), JCuda's driver binding, the native
# outputs (the raydb-native jar), the GPU self-test and diagnostics (raydb-gpu-selftest), the GPU tests
# with the JUnit console launcher, a `run` script, and an AOT cache that a training run of the bundle writes.
# Expects the modules to be packaged (./raydb bundle runs `mvn install -DskipTests` first). RAYDB_TARGET
# names the build folder the modules were packaged into (default target; e.g. target-gpu after
# `mvn -Draydb.target=target-gpu package -DskipTests`), so a second build of the tree can be bundled.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

limit_mib=60
name=raydb-gpu-bundle
version="$(sed -n 's:^  <version>\(.*\)</version>:\1:p' pom.xml | head -1)"
junit_version="$(sed -n 's:.*<junit.version>\(.*\)</junit.version>.*:\1:p' pom.xml)"
java_home="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
m2="${MAVEN_REPO:-$HOME/.m2/repository}"
target="${RAYDB_TARGET:-target}"
stage="$root/.bundle/$target/$name"
mvn=(mvn -B -ntp -q)

say() { echo "make-bundle: $*"; }
die() { echo "make-bundle: $*" >&2; exit 1; }

[[ -x "$java_home/bin/jlink" ]] || die "no jlink in $java_home (set JAVA_HOME to a JDK 25)"
rm -rf "$stage" && mkdir -p "$stage/lib/native" "$stage/test" dist

# jdk.zipfs: the JUnit console launcher scans test jars through the zip file system; jdk.management:
# the bench reads the machine's memory and CPU through com.sun.management; jdk.jfr: profiles of the cold
# start on the GPU host (-XX:StartFlightRecording in RAYDB_JAVA_OPTS). --generate-cds-archive: a jlinked runtime has
# no class-data-sharing archive unless asked, so every JVM of the bundle parsed and verified the JDK's classes itself.
say "jlink runtime"
"$java_home/bin/jlink" --add-modules java.base,java.sql,java.logging,java.management,jdk.management,jdk.unsupported,java.naming,jdk.zipfs,jdk.jfr \
  --compress=zip-0 --strip-debug --no-header-files --no-man-pages --generate-cds-archive --output "$stage/runtime"
find "$stage/runtime" -name '*.so' -exec strip --strip-unneeded {} +

say "project jars"
for module in driver:raydb-jdbc arrow-bridge:raydb-arrow-bridge native:raydb-native rt-offload:raydb-rt-offload \
              gpu-selftest:raydb-gpu-selftest ssb-tests:raydb-ssb; do
  jar="${module%%:*}/$target/${module##*:}-$version.jar"
  [[ -f "$jar" ]] || die "$jar is missing: build first (./raydb bundle does)"
  cp "$jar" "$stage/lib/"
done
# The listing read whole: under pipefail, grep -q leaving early made unzip's SIGPIPE fail the check at times.
[[ "$(unzip -l "native/$target/raydb-native-$version.jar")" == *gpu/native/query.ptx* ]] \
  || die "raydb-native was built without kernels (-Draydb.kernels=skip): a GPU bundle needs them"

say "runtime dependencies"
if [[ -d ssb-tests/$target/lib ]]; then
  deps=ssb-tests/$target/lib
else
  deps="$root/.bundle/$target/deps" && rm -rf "$deps"
  "${mvn[@]}" -o -f ssb-tests/pom.xml dependency:copy-dependencies -DincludeScope=runtime \
    -DexcludeGroupIds=org.raydb -DoutputDirectory="$deps"
fi
for jar in "$deps"/*.jar; do
  case "$(basename "$jar")" in raydb-*) ;; *) cp "$jar" "$stage/lib/" ;; esac
done

say "DuckDB native library out of its jar"
duckdb_jar="$(ls "$stage"/lib/duckdb_jdbc-*.jar)"
unzip -p "$duckdb_jar" libduckdb_java.so_linux_amd64 > "$stage/lib/native/libduckdb_java.so"
strip --strip-unneeded "$stage/lib/native/libduckdb_java.so"
zip -q -d "$duckdb_jar" 'libduckdb_java.so_*'

say "JCuda: keep only the driver API binding"
for jar in "$stage"/lib/jcuda-natives-*.jar; do
  zip -q -d "$jar" 'lib/libJNvPTXCompiler*' 'lib/libJNvrtc*' 'lib/libJCudaRuntime*' || true
done

say "GPU tests"
for module in rt-offload:raydb-rt-offload gpu-selftest:raydb-gpu-selftest; do
  classes="${module%%:*}/$target/test-classes"
  [[ -d "$classes" ]] || die "$classes missing: build with test compilation"
  "$java_home/bin/jar" --create --file "$stage/test/${module##*:}-tests.jar" -C "$classes" .
done
console="$m2/org/junit/platform/junit-platform-console-standalone/$junit_version/junit-platform-console-standalone-$junit_version.jar"
if [[ ! -f "$console" ]]; then
  "${mvn[@]}" dependency:get -Dartifact="org.junit.platform:junit-platform-console-standalone:$junit_version"
fi
cp "$console" "$stage/test/junit-platform-console-standalone.jar"

cp native/bundle/run "$stage/run"
cp LICENSE NOTICE "$stage/"
cp -r licenses "$stage/licenses"
chmod +x "$stage/run"
git rev-parse --short HEAD > "$stage/VERSION" 2>/dev/null || echo "$version" > "$stage/VERSION"

# The AOT cache (JDK 25, JEP 483): the bundle's own run script, so that flags and class path are the ones every later
# run has, runs the bench at SF 0.01 on the cpu engine (DuckDB, Arrow, the driver and the offload's planning; the
# GPU's classes load on a GPU host as before), and the JVM writes what it loaded and linked at exit. Without the
# training's method profiles (AOTRecordTraining off): replayed, they had the JIT compile at once, beside a new
# process's first statement, what the cpu engine ran hot (build machine: opening 331-409 ms with them, 250-335 without).
say "AOT cache (a training run)"
train="$root/.bundle/$target/aot-training" && rm -rf "$train" && mkdir -p "$train"
opts="-XX:+UnlockDiagnosticVMOptions -XX:-AOTRecordTraining -XX:AOTCacheOutput=$stage/lib/raydb.aot"
(cd "$train" && RAYDB_JAVA_OPTS="$opts" "$stage/run" bench --sf 0.01 --engine cpu --reps 1) \
  > "$train/run.log" 2>&1 || die "the AOT training run failed: $train/run.log"
[[ -f "$stage/lib/raydb.aot" ]] || die "the AOT training run wrote no cache: $train/run.log"
# The jars it was trained with, for run to compare (the JVM checks only the runtime's modules against the cache).
(cd "$stage/lib" && export LC_ALL=C && stat -c '%n %s %Y' -- *.jar) > "$stage/lib/raydb.aot.jars"
rm -rf "$train"

say "xz"
out="dist/$name.tar.xz"
XZ_OPT="-${XZ_LEVEL:-9} -T0" tar -C "$root/.bundle/$target" -cJf "$out" "$name"
bytes=$(stat -c %s "$out")
mib=$(awk "BEGIN { printf \"%.1f\", $bytes / 1048576 }")
say "$out: $mib MiB (limit $limit_mib MiB); unpacked $(du -sh "$stage" | cut -f1)"
(( bytes < limit_mib * 1048576 )) || die "$out is $mib MiB, over the $limit_mib MiB limit"
