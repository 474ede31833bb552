#!/usr/bin/env bash
# One call on the GPU host (device tool): unpack the bundle from .device/, run the GPU tests, then the SSB
# flat bench with the cuda and the optix engine at the given scale factors, every answer checked against
# DuckDB by the bench itself. Logs and reports go to $OUT (at most 8 files come back); a short table last.
#   bash native/bundle/device-run.sh [SF ...]          e.g. bash native/bundle/device-run.sh 1 10
# DEADLINE_S (default 560) stops starting new steps, so the call ends inside the device tool's 600 s.
# ENGINES (default "cuda optix") and OPTIX_QUERIES (e.g. q1.2,q3.4; default all) narrow the benches: at SF 10
# one bench spends about 5 minutes building the offload's host-side encodings before its first timing.
# SKIP_TESTS=1 skips the GPU tests.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${OUT:-/tmp/raydb-out}"; mkdir -p "$out"
deadline=$(( $(date +%s) + ${DEADLINE_S:-560} ))
log="$out/log.txt"
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

say "GPU"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee -a "$log"
work=/tmp/raydb && rm -rf "$work" && mkdir -p "$work"
tar -C "$work" -xJf "$root/.device/raydb-gpu-bundle.tar.xz"
run="$work/raydb-gpu-bundle/run"
export RAYDB_JAVA_OPTS="-Xmx64g -Draydb.gpu.trace=true"
cd "$work"

if [[ -z ${SKIP_TESTS:-} ]]; then
  step 60 240 "GPU tests" "$run" test-gpu
  grep -E "tests (successful|failed|skipped|aborted)|MethodSource|SKIPPED|=> " "$log" | tail -20
fi

for sf in "${@:-1}"; do
  db="/tmp/ssb-sf$sf.duckdb"
  step 30 300 "generate SF $sf" "$run" generate --sf "$sf" --db "$db" || continue
  for engine in ${ENGINES:-cuda optix}; do
    subset=()
    [[ $engine == optix && -n ${OPTIX_QUERIES:-} ]] && subset=(--queries "$OPTIX_QUERIES")
    if step 20 480 "bench SF $sf $engine" "$run" bench --db "$db" --form flat --engine "$engine" --offload force --reps 10 "${subset[@]}"; then :; fi
    [[ -f target/bench/latest.json ]] && cp target/bench/latest.json "$out/bench-sf$sf-$engine.json"
    rm -f target/bench/latest.json
  done
done

say "summary"
grep -E "^(q[0-9]\.[0-9]|query ) |answers matched|raydb.gpu gas|tests (successful|failed)" "$log" | tail -70
