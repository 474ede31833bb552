#!/usr/bin/env bash
# Runs on the GPU host through the device tool (600 s per call), from the bundle in .device/. Logs and
# reports go to $OUT (at most 8 files come back); a short table comes last.
#
#   bash native/bundle/device-run.sh [SF ...]            GPU tests, then per SF: generate, bench per ENGINES
#                                                        (default "cuda optix"); small SFs, one call
#   bash native/bundle/device-run.sh tests               GPU tests and the copy bandwidth only
#   bash native/bundle/device-run.sh prepare SF          copy bandwidth, then generate SF into /tmp (kept
#                                                        when already there); meant as its own call at SF 20
#   bash native/bundle/device-run.sh bench SF [ENGINE...] bench SF per engine (default cuda): --breakdown,
#                                                        the copy bandwidth, and at SF 20 the h100-sf20 anchors
#
# /tmp survives between calls while the machine stays warm (the device tool's idle release), so `prepare`
# and `bench` can be separate calls; `bench` says so when the data is gone. Environment:
#   DEADLINE_S (default 570)   no new step starts after it, so the call ends inside the 600 s
#   REPS (10), QUERIES (e.g. q1.1,q3.4; default all), OFFLOAD (force; auto for engine auto),
#   TIMING (the bench's --timing: blocks, the default, or alternating)
#   OPTIX_QUERIES              the optix bench's subset in the legacy mode
#   COPY_BANDWIDTH_GBS         skip the measurement and use this figure
#   JAVA_HEAP (64g)            the bench's -Xmx; RAYDB_TRACE=1 adds -Draydb.gpu.trace=true -Draydb.offload.trace=true
#   RAYDB_PROPS                more -D options for the JVM (e.g. -Draydb.cuda.tagged=false, to compare)
#   SKIP_TESTS=1               the legacy mode without the GPU tests
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${OUT:-/tmp/raydb-out}"; mkdir -p "$out"
deadline=$(( $(date +%s) + ${DEADLINE_S:-570} ))
log="$out/log.txt"
work=/tmp/raydb
run="$work/raydb-gpu-bundle/run"
bandwidth_file=/tmp/raydb-copy-bandwidth-gbs
say() { echo "== $* ($(date -u +%H:%M:%S))" | tee -a "$log"; }
left() { echo $(( deadline - $(date +%s) )); }
step() { # step SECONDS_NEEDED TIMEOUT NAME command...
  local need=$1 limit=$2 name=$3; shift 3
  if (( $(left) < need )); then say "SKIP $name: $(left) s left"; return 1; fi
  (( limit > $(left) )) && limit=$(left)
  say "$name"
  timeout "$limit" "$@" >>"$log" 2>&1; local rc=$?
  say "$name: rc=$rc"
  return $rc
}

# Unpacks the bundle unless this very bundle is unpacked already (a warm machine keeps /tmp).
unpack() {
  local bundle="$root/.device/raydb-gpu-bundle.tar.xz" sum
  sum=$(sha256sum "$bundle" | cut -c1-16)
  if [[ -x $run && "$(cat "$work/.bundle-sum" 2>/dev/null)" == "$sum" ]]; then
    say "bundle $sum already unpacked"
  else
    rm -rf "$work" && mkdir -p "$work" && tar -C "$work" -xJf "$bundle" && echo "$sum" > "$work/.bundle-sum"
    say "bundle $sum unpacked"
  fi
  export RAYDB_JAVA_OPTS="-Xmx${JAVA_HEAP:-64g}${RAYDB_TRACE:+ -Draydb.gpu.trace=true -Draydb.offload.trace=true}${RAYDB_PROPS:+ $RAYDB_PROPS}"
  cd "$work" || exit 2
}

gpu_info() {
  say "GPU"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee -a "$log"
}

# The device copy bandwidth for the kernels' floors, measured once per warm machine.
bandwidth() {
  if [[ -n ${COPY_BANDWIDTH_GBS:-} ]]; then
    echo "$COPY_BANDWIDTH_GBS" > "$bandwidth_file"
  elif [[ ! -s $bandwidth_file ]]; then
    step 20 60 "copy bandwidth" "$run" bandwidth
    grep -o 'RAYDB_COPY_BANDWIDTH_GBS=[0-9.]*' "$log" | tail -1 | cut -d= -f2 > "$bandwidth_file"
  fi
  [[ -s $bandwidth_file ]] && export RAYDB_COPY_BANDWIDTH_GBS="$(cat "$bandwidth_file")"
  say "copy bandwidth: ${RAYDB_COPY_BANDWIDTH_GBS:-unknown} GB/s"
}

generate() { # generate SF: reuses the file when it already holds that SF (the CLI checks its provenance)
  step 30 "$(left)" "generate SF $1" "$run" generate --sf "$1" --db "/tmp/ssb-sf$1.duckdb"
}

bench() { # bench SF ENGINE [extra args]: reports to $OUT as bench-sfSF-ENGINE.{json,html}
  local sf=$1 engine=$2; shift 2
  local db="/tmp/ssb-sf$sf.duckdb" offload=${OFFLOAD:-force} args=()
  [[ $engine == auto ]] && offload=${OFFLOAD:-auto}
  [[ -n ${QUERIES:-} ]] && args+=(--queries "$QUERIES")
  [[ $sf == 20 ]] && args+=(--anchors h100-sf20)
  [[ -n ${TIMING:-} ]] && args+=(--timing "$TIMING")
  step 20 "$(left)" "bench SF $sf $engine (offload $offload)" "$run" bench --db "$db" --form flat \
    --engine "$engine" --offload "$offload" --reps "${REPS:-10}" --breakdown "${args[@]}" "$@"
  local rc=$?
  for ext in json html; do
    [[ -f target/bench/latest.$ext ]] && mv target/bench/latest.$ext "$out/bench-sf$sf-$engine.$ext"
  done
  return $rc
}

summary() {
  say "summary"
  grep -E "^(q[0-9]\.[0-9]|query |where the time|against the|cold start|goals|  (PASS|FAIL|n/a) )|answers matched|copy bandwidth|tests (successful|failed)|^== .*rc=" "$log" | tail -90
}

gpu_tests() {
  step 60 240 "GPU tests" "$run" test-gpu
  grep -E "tests (successful|failed|skipped|aborted)|MethodSource|SKIPPED|=> " "$log" | tail -20
}

case "${1:-}" in
  tests)
    gpu_info; unpack; gpu_tests; bandwidth
    ;;
  prepare)
    sf=${2:?usage: device-run.sh prepare SF}
    gpu_info; unpack; bandwidth; generate "$sf"
    ls -la "/tmp/ssb-sf$sf.duckdb" | tee -a "$log"; df -h /tmp | tee -a "$log"
    ;;
  bench)
    sf=${2:?usage: device-run.sh bench SF [ENGINE ...]}; shift 2
    gpu_info; unpack
    if [[ ! -f /tmp/ssb-sf$sf.duckdb ]]; then
      say "no /tmp/ssb-sf$sf.duckdb: the machine went idle and was replaced; run 'device-run.sh prepare $sf' first"
      exit 3
    fi
    bandwidth
    for engine in "${@:-cuda}"; do bench "$sf" "$engine"; done
    ;;
  *)
    gpu_info; unpack
    [[ -z ${SKIP_TESTS:-} ]] && gpu_tests
    bandwidth
    for sf in "${@:-1}"; do
      generate "$sf" || continue
      for engine in ${ENGINES:-cuda optix}; do
        subset=()
        [[ $engine == optix && -n ${OPTIX_QUERIES:-} ]] && subset=(--queries "$OPTIX_QUERIES")
        bench "$sf" "$engine" "${subset[@]}"
      done
    done
    ;;
esac
summary
