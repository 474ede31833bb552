#!/usr/bin/env bash
# Builds the native parts with CMake when nvcc is available; called by Maven (native/pom.xml) with the
# module's target directory. Prints one line saying what it used or what it skipped; the full CMake log
# goes to <target>/cmake.log and is shown only when the build fails.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="${1:?usage: build-native.sh <target dir>}"
resources="$target/native-resources"

if command -v nvcc >/dev/null 2>&1; then
  nvcc="$(command -v nvcc)"; where="PATH"
elif [[ -x /usr/local/cuda/bin/nvcc ]]; then
  nvcc=/usr/local/cuda/bin/nvcc; where="/usr/local/cuda/bin"
else
  echo "raydb-native: no nvcc on PATH or in /usr/local/cuda/bin: skipping the CUDA kernels, OptiX programs and shim (the cpu engine still works)"
  exit 0
fi
if ! command -v cmake >/dev/null 2>&1; then
  echo "raydb-native: nvcc found but no cmake: skipping the CUDA kernels, OptiX programs and shim"
  exit 0
fi

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
skipped="$(grep -h '^raydb-native:' "$log" || true)"
version="$("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')"
if [[ -n "$skipped" ]]; then
  echo "$skipped (kernels built with nvcc $version from $where)"
else
  echo "raydb-native: kernels, OptiX programs and shim built with nvcc $version from $where, OptiX headers at $optix_home"
fi
