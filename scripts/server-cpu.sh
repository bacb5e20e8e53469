#!/usr/bin/env bash
# Server CPU per request beside the encoder's JMH time (issue 27): starts `serve` on a free port,
# puts wrk load (-t2, USERS connections, identity) on the study's WFS 2.0 GetFeature (COUNT features,
# EPSG:4326) of each layer × format, and reads the server JVM's CPU time (utime + stime of
# /proc/PID/stat: every thread, JIT and collector included) before and after each measured window.
# Prints one line a point: requests, req/s, server CPU ms per request and, given a run folder, the
# codec's cost for the same layer, codec and count (from its pairs.json when it has the layer's
# group: CPU time, many forks; else GeoEncodingBenchmark.encode in jmh.json; the column says which)
# and the ratio;
# then where that CPU went, ms per request, from each thread's /proc/PID/task/TID/stat over the
# same window (scripts/thread-cpu.py): Jetty's pool threads (requests and selectors) in user and in
# system time (the kernel: loopback TCP both ways runs in the sender's writev), the JIT compilers,
# the collector, and the rest (VM thread, threads that ended; the total minus the other four).
# With --profile DIR (a new folder), async-profiler (its library from the Maven Central jar the build uses, cpu by
# itimer) samples each measured window into DIR/cpu-LAYER-FORMAT.html (those windows' CPU is then
# the profiled server's). Timing, not a test: run it on a quiet machine; compare two builds with
# scripts/server-cpu-pair.sh, side by side in random order (--classes puts a build's classes before
# the jar's, e.g. fixtures-server/target/classes).
#
#   apt-get install -y wrk
#   ./mvnw -q -o -DskipTests package -pl bench-core -am
#   scripts/server-cpu.sh [--jmh jmh-results/RUN] [--layers L,..] [--formats F,..] [--users 32]
#       [--count 200] [--warmup 10] [--seconds 15] [--profile DIR] [--classes DIR] [--jar JAR]
#       [--static yes]
#
# Every point is first loaded once for WARMUP seconds, all of them, before any is measured (the JIT
# compiles the code every point shares on the first; the jit column shows what is left). With
# --static yes each point also loads /static/N, N the WFS answer's own length: the same bytes with
# no WFS work, the server's HTTP and kernel cost for that answer (static_ms), and wfs_own_ms = the
# WFS request's CPU less it, the part a WFS request adds to serving its bytes.
#
# Exit 0: measured; 1: a point failed (non-2xx answers, no requests); 2: could not run.
#
# Needs bash 4.1 or later (macOS's /bin/bash is 3.2: `brew install bash`); older: exit 2.
((BASH_VERSINFO[0] * 100 + BASH_VERSINFO[1] >= 401)) || { echo "server-cpu: needs bash 4.1 or later, this is bash ${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}" >&2; exit 2; }
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ME=server-cpu
. "$ROOT/scripts/lib/server-cpu-common.sh"
JAR=$ROOT/bench-core/target/benchmarks.jar
LAYERS=osm_mainroads,osm_places
FORMATS=gml32,gml2,geojson
USERS=32 COUNT=200 WARMUP=10 SECONDS_=15 JMH="" PROFILE="" CLASSES="" STATIC=no
usage() { echo "server-cpu: $1 (see the comment at the top of scripts/server-cpu.sh)" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in -h | --help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;; esac
  [ $# -ge 2 ] || usage "$1 needs a value"
  case $1 in
    --jmh) JMH=$2 ;; --layers) LAYERS=$2 ;; --formats) FORMATS=$2 ;; --users) USERS=$2 ;;
    --count) COUNT=$2 ;; --warmup) WARMUP=$2 ;; --seconds) SECONDS_=$2 ;; --profile) PROFILE=$2 ;;
    --classes) CLASSES=$2 ;; --jar) JAR=$2 ;; --static) STATIC=$2 ;;
    *) usage "unknown option $1" ;;
  esac
  shift 2
done
for n in "$WARMUP" "$SECONDS_"; do
  [[ $n =~ ^[1-9][0-9]{0,5}$ ]] || usage "--warmup and --seconds take 1..999999, not '$n'"
done
check_count
check_connections --users "$USERS"
check_list --layers "$LAYERS"
check_list --formats "$FORMATS"
[[ $STATIC == yes || $STATIC == no ]] || usage "--static takes yes or no, not '$STATIC'"
[ -z "$PROFILE" ] || { [ ! -e "$PROFILE" ] && [ -d "$(dirname "$PROFILE")" ]; } \
  || usage "--profile $PROFILE exists or its folder does not (its flame graphs are never replaced: give a new folder)"
[ -f "$JAR" ] || usage "no $JAR; build it with ./mvnw -q -o -DskipTests package -pl bench-core -am"
[ -z "$JMH" ] || [ -f "$JMH/jmh.json" ] || usage "no jmh.json in $JMH"
# the run's pairs.json, read after the load when it has one: a version or a field PairedRuns.read
# refuses is refused now, before any load, not taken for costs it may not hold
[ -z "$JMH" ] || [ ! -e "$JMH/pairs.json" ] || python3 "$ROOT/scripts/lib/run_files.py" server-cpu pairs "$JMH" || exit 2
[ -z "$CLASSES" ] || [ -d "$CLASSES" ] || usage "no classes folder $CLASSES"
[[ $LAYERS =~ ^[a-z0-9_]+(,[a-z0-9_]+)*$ ]] || usage "--layers takes layer names a-z0-9_ separated by commas, not '$LAYERS'"
for f in ${FORMATS//,/ }; do output_format "$f" > /dev/null; done
check_layers "${CLASSES:+$CLASSES:}$JAR" "$LAYERS"
command -v wrk > /dev/null || usage "wrk is missing; apt-get install wrk"
LIB=""
if [ -n "$PROFILE" ]; then
  command -v jcmd > /dev/null || usage "--profile needs jcmd (a JDK)"
  find_async_profiler --profile
  mkdir -p "$PROFILE/lib"
  LIB=$(unpack_async_profiler "$PROFILE/lib")
fi

PORT=$(free_port)
LOG=$(mktemp /tmp/wirebench-server-cpu.XXXXXX)
PID=""
trap '[ -z "$PID" ] || { kill $PID 2> /dev/null || true; wait $PID 2> /dev/null || true; }' EXIT
start_server "${CLASSES:+$CLASSES:}$JAR" "$PORT" "$LOG"
PID=$SERVER_PID
hz=$(getconf CLK_TCK)
get_capabilities "$PORT"
wait_idle $PID || true
# the codec's CPU cost, µs, and where it came from: the run's pairs (pairs.json, group wfs-LAYER,
# variant FORMAT: the median of its forks' median rounds, thread CPU time, the same clock as the
# server's) when it has them, else GeoEncodingBenchmark.encode's JMH score (one fork in a quick run)
encode_us() {
  [ -n "$JMH" ] || return 0
  python3 - "$JMH" "$1" "$2" "$COUNT" << 'EOF'
import json, os, statistics, sys
run, layer, codec, count = sys.argv[1:5]
pairs = os.path.join(run, "pairs.json")
if os.path.exists(pairs):
    for g in json.load(open(pairs))["groups"]:
        ids = [v["id"] for v in g["variants"]]
        if g["id"] == "wfs-" + layer and codec in ids:
            i = ids.index(codec)
            if g["variants"][i]["params"].get("count") == count:
                print(statistics.median(statistics.median(f["nsPerOp"][i]) for f in g["forks"]) / 1000, "pairs")
                sys.exit(0)
for r in json.load(open(os.path.join(run, "jmh.json"))):
    p = r.get("params", {})
    if r["benchmark"].endswith("GeoEncodingBenchmark.encode") and (p.get("dataset"), p.get("codec"), p.get("count")) == (layer, codec, count):
        m = r["primaryMetric"]
        print(m["score"] * {"us/op": 1, "ns/op": 1e-3, "ms/op": 1e3}[m["scoreUnit"]], "jmh")
EOF
}
status=0
SNAP=$(mktemp -d /tmp/wirebench-server-cpu-threads.XXXXXX)
trap 'kill $PID 2> /dev/null || true; wait $PID 2> /dev/null || true; rm -rf "$SNAP"' EXIT
# one warm-up pass over every point (and its static twin) before any is measured
for layer in ${LAYERS//,/ }; do
  for format in ${FORMATS//,/ }; do
    wrk -t2 -c"$USERS" -d"${WARMUP}s" "$(wfs_url "$PORT" "$layer" "$format")" > /dev/null
    if [ "$STATIC" = yes ]; then
      size=$(curl -s -o /dev/null -w '%{size_download}' "$(wfs_url "$PORT" "$layer" "$format")")
      wrk -t2 -c"$USERS" -d"${WARMUP}s" "http://127.0.0.1:$PORT/static/$size" > /dev/null
    fi
  done
done
# CPU ms a request of the server over a measured window of wrk on URL: "requests cpu_ms rate"
window() {
  local t0 t1 out requests rate
  t0=$(ticks $PID)
  out=$(wrk -t2 -c"$USERS" -d"${SECONDS_}s" "$1")
  t1=$(ticks $PID)
  requests=$(echo "$out" | awk '/requests in/ {print $1}')
  rate=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  if [ -z "$requests" ] || [ "$requests" = 0 ] || echo "$out" | grep -q Non-2xx; then
    echo "server-cpu: $1: no good answers: $out" >&2
    return 1
  fi
  echo "$requests $(python3 -c "print(f'{($t1 - $t0) / $hz * 1000 / $requests:.3f}')") $rate"
}
printf '%-14s %-8s %9s %9s %12s %10s %6s %9s %9s %7s %7s %7s %9s %10s %8s\n' layer format requests req/s cpu_ms/req \
  encode_ms:src ratio serve_usr serve_sys jit gc other static_ms wfs_own_ms own÷enc
for layer in ${LAYERS//,/ }; do
  for format in ${FORMATS//,/ }; do
    url=$(wfs_url "$PORT" "$layer" "$format")
    wrk -t2 -c"$USERS" -d3s "$url" > /dev/null
    [ -z "$LIB" ] || jcmd $PID JVMTI.agent_load "$LIB" '"start,event=itimer,interval=1ms"' > /dev/null
    t0=$(ticks $PID)
    python3 "$ROOT/scripts/thread-cpu.py" snap $PID "$SNAP/before.json"
    out=$(wrk -t2 -c"$USERS" -d"${SECONDS_}s" "$url")
    t1=$(ticks $PID)
    python3 "$ROOT/scripts/thread-cpu.py" snap $PID "$SNAP/after.json"
    [ -z "$LIB" ] || jcmd $PID JVMTI.agent_load "$LIB" "\"stop,file=$(cd "$PROFILE" && pwd)/cpu-$layer-$format.html\"" > /dev/null
    requests=$(echo "$out" | awk '/requests in/ {print $1}')
    rate=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    if [ -z "$requests" ] || [ "$requests" = 0 ] || echo "$out" | grep -q Non-2xx; then
      echo "server-cpu: $layer $format: no good answers: $out" >&2
      status=1
      continue
    fi
    cpu=$(python3 -c "print(f'{($t1 - $t0) / $hz * 1000 / $requests:.3f}')")
    enc= enc_src=
    read -r enc enc_src <<< "$(encode_us "$layer" "$format")" || true
    ratio=$([ -n "$enc" ] && python3 -c "print(f'{$cpu / ($enc / 1000):.2f}')" || echo -)
    # the split's total is its own reading of the same counters (a few ms later), so it may differ
    # from cpu_ms/req in the last digit; the other columns add up to it
    read -r _ su ss jit gc other <<< "$(python3 "$ROOT/scripts/thread-cpu.py" split "$SNAP/before.json" "$SNAP/after.json" "$requests")"
    static_ms=- own=- own_ratio=-
    if [ "$STATIC" = yes ]; then
      size=$(curl -s -o /dev/null -w '%{size_download}' "$url")
      wrk -t2 -c"$USERS" -d3s "http://127.0.0.1:$PORT/static/$size" > /dev/null
      if read -r _ static_ms _ <<< "$(window "http://127.0.0.1:$PORT/static/$size")"; then
        own=$(python3 -c "print(f'{$cpu - $static_ms:.3f}')")
        own_ratio=$([ -n "$enc" ] && python3 -c "print(f'{($cpu - $static_ms) / ($enc / 1000):.2f}')" || echo -)
      else
        status=1
      fi
    fi
    printf '%-14s %-8s %9s %9s %12s %10s %6s %9s %9s %7s %7s %7s %9s %10s %8s\n' "$layer" "$format" "$requests" "$rate" "$cpu" \
      "$([ -n "$enc" ] && python3 -c "print(f'{$enc / 1000:.3f}:$enc_src')" || echo -)" "$ratio" "$su" "$ss" "$jit" "$gc" "$other" \
      "$static_ms" "$own" "$own_ratio"
  done
done
exit $status
