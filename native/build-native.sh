#!/usr/bin/env bash
# Builds the native parts with CMake; called by Maven (native/pom.xml) with the module's target directory,
# the folder the jar is made from, and the raydb.kernels property: `required` fails without nvcc or cmake
# (a jar without kernels would only show up as unavailable GPU engines at run time), `skip` builds nothing.
# Prints one line saying what it used or what it skipped; the full CMake log goes to <target>/cmake.log and
# is shown only when the build fails.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="${1:?usage: build-native.sh <target dir> <resource dir> required|skip}"
resources="${2:?usage: build-native.sh <target dir> <resource dir> required|skip}"
mode="${3:-required}"
out="$resources/org/raydb/offload/gpu/native"

case "$mode" in
  skip)
    rm -rf "$out"
    echo "raydb-native: skipped (-Draydb.kernels=skip): no CUDA kernels, OptiX programs or shim; the cpu engine still works"
    exit 0 ;;
  required) ;;
  *) echo "raydb-native: raydb.kernels must be 'required' or 'skip', not '$mode'" >&2; exit 1 ;;
esac

missing() {
  echo "raydb-native: $1: cannot build the CUDA kernels. Install the CUDA toolkit (nvcc) and CMake 3.25+, or build without kernels with -Draydb.kernels=skip" >&2
  exit 1
}
if command -v nvcc >/dev/null 2>&1; then
  nvcc="$(command -v nvcc)"; where="PATH"
elif [[ -x /usr/local/cuda/bin/nvcc ]]; then
  nvcc=/usr/local/cuda/bin/nvcc; where="/usr/local/cuda/bin"
else
  missing "no nvcc on PATH or in /usr/local/cuda/bin"
fi
command -v cmake >/dev/null 2>&1 || missing "nvcc found but no cmake"

optix_home="${OPTIX_HOME:-$here/.optix-sdk}"
log="$target/cmake.log"
mkdir -p "$target"
if ! { cmake -S "$here" -B "$target/cmake" -DCMAKE_BUILD_TYPE=Release -DNVCC="$nvcc" \
         -DOPTIX_HOME="$optix_home" -DRAYDB_RESOURCE_DIR="$resources" --log-level=NOTICE \
       && cmake --build "$target/cmake" -j "$(nproc)"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "raydb-native: the CMake build failed (log above, also in $log)" >&2
  exit 1
fi
for cu in "$here"/kernels/*.cu; do
  k="$(basename "$cu" .cu)"
  [[ -s "$out/$k.ptx" && -s "$out/$k.fatbin" ]] || { echo "raydb-native: $k.ptx or $k.fatbin was not built (log in $log)" >&2; exit 1; }
done
skipped="$(grep -h '^raydb-native:' "$log" || true)"
version="$("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')"
if [[ -n "$skipped" ]]; then
  echo "$skipped (kernels built with nvcc $version from $where)"
else
  echo "raydb-native: kernels, OptiX programs and shim built with nvcc $version from $where, OptiX headers at $optix_home"
fi
