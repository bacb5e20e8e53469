#!/usr/bin/env bash
# Where a WFS GetFeature's server CPU goes beyond its encoding (issue 27): one point profiled twice
# by async-profiler (itimer), `serve` under wrk and the codec alone in `encode-loop` (the same jar,
# GeoEncodingBenchmark's validated inputs, 2 threads, the benchmark's JVM flags), each after its own
# warm-up, and each side's CPU split by what its samples were doing, in ms a request (server) and
# ms an encode (loop): the encoding itself (frames under a codec's encode, less the network writes
# made from inside it when a piece fills), the network writes, the request's own Java work, Jetty,
# and the JVM's own threads (JIT, GC). A sample's ms = the process's /proc CPU over the profiled
# window ÷ the window's samples; so the split is a profile's proportions scaled to a measured total.
# The encoding's top frames come side by side: the same code costing more in the server than alone
# shows up there (JIT choices, cache misses, another process on the cores).
# Timing, not a test: run it on a quiet machine; one JVM a side, so a few per cent is noise.
#
#   scripts/encode-vs-server.sh --jar J --out DIR [--layer osm_mainroads] [--format gml32]
#       [--users 32] [--count 200] [--warmup 20] [--seconds 12]
#
# DIR must not exist; it gets server.html and loop.html (flame graphs), server.collapsed and
# loop.collapsed, server.txt / loop.txt ("ops cpu_ms" of the profiled window) and split.txt (the
# table, also printed). `scripts/encode-vs-server.py DIR` prints the table again.
# Exit 0: profiled; 1: a side failed (non-2xx, no requests, the loop refused); 2: could not run.
#
# Needs bash 4.1 or later (macOS's /bin/bash is 3.2: `brew install bash`); older: exit 2.
((BASH_VERSINFO[0] * 100 + BASH_VERSINFO[1] >= 401)) || { echo "encode-vs-server: needs bash 4.1 or later, this is bash ${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}" >&2; exit 2; }
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ME=encode-vs-server
. "$ROOT/scripts/lib/server-cpu-common.sh"
JAR="" OUT="" LAYER=osm_mainroads FORMAT=gml32 USERS=32 COUNT=200 WARMUP=20 SECONDS_=12
usage() { echo "encode-vs-server: $1 (see the comment at the top of scripts/encode-vs-server.sh)" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in -h | --help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;; esac
  [ $# -ge 2 ] || usage "$1 needs a value"
  case $1 in
    --jar) JAR=$2 ;; --out) OUT=$2 ;; --layer) LAYER=$2 ;; --format) FORMAT=$2 ;; --users) USERS=$2 ;;
    --count) COUNT=$2 ;; --warmup) WARMUP=$2 ;; --seconds) SECONDS_=$2 ;;
    *) usage "unknown option $1" ;;
  esac
  shift 2
done
[ -n "$JAR" ] && [ -n "$OUT" ] || usage "--jar JAR and --out DIR are both needed"
[ -f "$JAR" ] || usage "no jar $JAR"
check_seconds --warmup "$WARMUP" "$LOOP_MAX_S" "the codec loop's longest window"
check_seconds --seconds "$SECONDS_" "$LOOP_MAX_S" "the codec loop's longest window"
check_count
check_connections --users "$USERS"
[[ $LAYER =~ ^[a-z0-9_]+$ ]] || usage "--layer takes a layer name a-z0-9_, not '$LAYER'"
output_format "$FORMAT" > /dev/null
check_layers "$JAR" "$LAYER"
[ ! -e "$OUT" ] && [ -d "$(dirname "$OUT")" ] || usage "--out $OUT exists or its folder does not (a run folder is never changed)"
command -v wrk > /dev/null || usage "wrk is missing; apt-get install wrk"
command -v jcmd > /dev/null || usage "jcmd (a JDK) is missing"
find_async_profiler "$ME"
JAR=$(cd "$(dirname "$JAR")" && pwd)/$(basename "$JAR")
mkdir "$OUT"
OUT=$(cd "$OUT" && pwd)
TMP=$(mktemp -d /tmp/wirebench-encode-vs-server.XXXXXX)
LIB=$(unpack_async_profiler "$TMP")
SPID=""
trap '[ -z "$SPID" ] || { kill $SPID 2> /dev/null || true; wait $SPID 2> /dev/null || true; }; rm -rf "$TMP"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
hz=$(getconf CLK_TCK)
# profile PID start|finish SIDE: async-profiler attached to PID; finish writes SIDE's profile twice
profile() {
  if [ "$2" = start ]; then
    jcmd "$1" JVMTI.agent_load "$LIB" '"start,event=itimer,interval=1ms"' > /dev/null
  else
    jcmd "$1" JVMTI.agent_load "$LIB" "\"dump,file=$OUT/$3.collapsed,collapsed\"" > /dev/null
    jcmd "$1" JVMTI.agent_load "$LIB" "\"stop,file=$OUT/$3.html\"" > /dev/null
  fi
}

# the server under wrk
PORT=$(free_port)
start_server "$JAR" "$PORT" "$TMP/serve.log"
SPID=$SERVER_PID
get_capabilities "$PORT"
wait_idle "$SPID" || { echo "$ME: the server was still busy after 3 minutes" >&2; exit 1; }
URL=$(wfs_url "$PORT" "$LAYER" "$FORMAT")
(close_kept; exec wrk -t2 -c"$USERS" -d"${WARMUP}s" "$URL") > /dev/null
profile "$SPID" start
t0=$(ticks "$SPID")
out=$(close_kept; wrk -t2 -c"$USERS" -d"${SECONDS_}s" "$URL" 2>&1)
t1=$(ticks "$SPID")
profile "$SPID" finish server
requests=$(echo "$out" | awk '/requests in/ {print $1}')
if [ -z "$requests" ] || [ "$requests" = 0 ] || grep -q -e Non-2xx -e 'Socket errors' <<< "$out"; then
  echo "$ME: $URL: not every answer good: $out" >&2
  exit 1
fi
echo "$requests $(((t1 - t0) * 1000 / hz))" > "$OUT/server.txt"
kill "$SPID"
wait "$SPID" 2> /dev/null || true
SPID=""

# the codec alone: its input is this script's pipe, so it ends with the script
# shellcheck disable=SC2086 # the benchmark's JVM flags, word-split on purpose
coproc LOOP { close_kept; exec java $CODEC_JVM \
  -cp "$JAR" org.wirebench.bench.cli.WirebenchCli encode-loop --dataset "$LAYER" --codec "$FORMAT" \
  --count "$COUNT" --threads 2 2> "$TMP/loop.log"; }
SPID=$LOOP_PID
go() {
  local reply
  echo "go $1" >&"${LOOP[1]}"
  # the profiler, attached, says "Profiling started" on the loop's standard output too
  while IFS= read -r -t $(($1 / 1000 + 60)) reply <&"${LOOP[0]}" && [[ $reply == "Profiling started" ]]; do :; done || reply=""
  [[ $reply =~ ^([1-9][0-9]*)\ [0-9]+$ ]] || { echo "$ME: the codec loop answered '$reply': $(cat "$TMP/loop.log")" >&2; exit 1; }
  echo "${BASH_REMATCH[1]}"
}
IFS= read -r -t 180 ready <&"${LOOP[0]}" || ready=""
[[ $ready =~ ^ready\ [0-9]+$ ]] || { echo "$ME: the codec loop did not start: $(cat "$TMP/loop.log")" >&2; exit 1; }
go $((WARMUP * 1000)) > /dev/null
profile "$SPID" start
t0=$(ticks "$SPID")
encodes=$(go $((SECONDS_ * 1000)))
t1=$(ticks "$SPID")
profile "$SPID" finish loop
echo "$encodes $(((t1 - t0) * 1000 / hz))" > "$OUT/loop.txt"
echo "# $ME: $JAR, $LAYER $FORMAT, $COUNT features; server: wrk -t2 -c$USERS ${SECONDS_}s after ${WARMUP}s; loop: encode-loop 2 threads ${SECONDS_}s after ${WARMUP}s; $(java -version 2>&1 | head -1)" > "$OUT/split.txt"
python3 "$ROOT/scripts/encode-vs-server.py" "$OUT" >> "$OUT/split.txt"
cat "$OUT/split.txt"
