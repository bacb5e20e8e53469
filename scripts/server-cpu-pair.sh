#!/usr/bin/env bash
# Server CPU per WFS GetFeature of two builds side by side (issue 27, measured as issue 23's pairs):
# starts `serve` from each jar on its own port, checks both answer every point alike (status 200
# and the same length; with --static yes their /static/N twin too, N that length), warms every point
# on both, then in each round measures every point's windows — A and B (and their static twins) —
# in a random order (RMIT), one server loaded by wrk (-t2, USERS connections, identity) at a time
# for WINDOW seconds. A window's CPU ms a request = the loaded server's utime + stime
# (/proc/PID/stat: every thread, JIT and collector included) over the window ÷ wrk's requests.
# Per point it prints A's and B's median, B ÷ A as the geometric mean of the rounds' ratios with its
# 99% t-interval over the rounds, and a verdict: B cheaper if the interval lies below 1, B costlier
# if above, else "same within ±X%", X the interval's farther end from 1. Drift of the machine
# between rounds cancels in each round's ratio; drift within a round is spread over A and B by the
# random order. With --static yes, also the static twin's ratio (the server's HTTP and kernel cost
# for the same bytes) and the WFS request's own part: each server's WFS window less its static
# window of the same round (scripts/server-cpu-pair.py). --a X --b X (one jar twice) is the A/A
# check: every interval should hold 1, and its width is what the method can tell apart.
# With --codec yes, issue 27's target ratio side by side too: per point one `encode-loop` of B's jar
# (GeoEncodingBenchmark's inputs for that layer, codec = format, --count, validated as the benchmark
# validates them; 2 worker threads, the benchmark's JVM flags: a pre-touched 1 GiB heap a point)
# gets its own window in every round, shuffled in with the servers' windows, while no server is
# loaded; its CPU is counted as a server's, the process's /proc ticks (GC and JIT included) over the
# window ÷ its encodes. Rows: codec (median ms an encode) and target = B's WFS ms a request ÷ the
# codec's ms an encode of the same round, geometric mean with its 99% t-interval, verdict against
# the issue's 1.5: met (interval ≤ 1.5), missed (wholly above), else inconclusive.
# With --forks N the whole of it — fresh JVMs of both servers (and of the codec loops), checks,
# warm-up, ROUNDS rounds — runs N times, and each ratio's interval is over the forks: a fork's
# geometric mean of its rounds' ratios, the interval a 99% t over those N means (df = N − 1). Two
# server JVMs of one jar differ by up to 12% on a point (each compiles its own way), which rounds
# within one pair of JVMs cannot show; with one fork the interval is over the rounds and holds only
# the machine's drift, not that. --jvm-a / --jvm-b give a side's server JVM flags (e.g. an A/B of
# flags with one jar; each word -X… or -D…, tried with `java FLAGS -version` first).
# --split-cores yes gives the servers and the codec loops CPU 0 and wrk CPU 1 (taskset), as a server
# with a core of its own and its clients elsewhere: on the 2 shared cores otherwise, wrk's threads
# and the server's are scheduled across each other's caches, which the server's CPU a request
# counts (docs/results.md, "One core for the server"). Needs 2 CPUs or more.
# Timing, not a test: the two servers share the machine with whatever else runs on it.
#
#   apt-get install -y wrk
#   scripts/server-cpu-pair.sh --a A.jar --b B.jar [--layers L,..] [--formats F,..] [--users 32]
#       [--count 200] [--rounds 8] [--window 2] [--warmup 6] [--static yes|no] [--codec yes|no]
#       [--forks 1] [--jvm-a FLAGS] [--jvm-b FLAGS] [--split-cores yes|no] [--raw FILE]
#
# --raw FILE keeps the windows, one a line: "fork round layer format server kind requests ticks" (server
# a or b, kind wfs or static; or b codec, requests = encodes; a failed point's windows left out);
# FILE must not exist. `scripts/server-cpu-pair.py FILE STATIC CODEC` (yes|no each) prints the
# table again from it.
#
# Exit 0: measured; 1: a point failed (answers differ, non-2xx, socket errors, no requests) or the
# servers never went idle; 2: could not run.
#
# Needs bash 4.1 or later (macOS's /bin/bash is 3.2: `brew install bash`); older: exit 2.
((BASH_VERSINFO[0] * 100 + BASH_VERSINFO[1] >= 401)) || { echo "server-cpu-pair: needs bash 4.1 or later, this is bash ${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}" >&2; exit 2; }
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ME=server-cpu-pair
. "$ROOT/scripts/lib/server-cpu-common.sh"
A="" B="" LAYERS=osm_mainroads,osm_places FORMATS=gml32,gml2,geojson
JVM_A="" JVM_B="" FORKS=1 USERS=32 COUNT=200 ROUNDS=8 WINDOW=2 WARMUP=6 STATIC=no CODEC=no RAW="" SPLIT=no
usage() { echo "server-cpu-pair: $1 (see the comment at the top of scripts/server-cpu-pair.sh)" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in -h | --help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;; esac
  [ $# -ge 2 ] || usage "$1 needs a value"
  case $1 in
    --a) A=$2 ;; --b) B=$2 ;; --layers) LAYERS=$2 ;; --formats) FORMATS=$2 ;; --users) USERS=$2 ;;
    --count) COUNT=$2 ;; --rounds) ROUNDS=$2 ;; --window) WINDOW=$2 ;; --warmup) WARMUP=$2 ;;
    --static) STATIC=$2 ;; --codec) CODEC=$2 ;; --raw) RAW=$2 ;; --forks) FORKS=$2 ;;
    --jvm-a) JVM_A=$2 ;; --jvm-b) JVM_B=$2 ;; --split-cores) SPLIT=$2 ;;
    *) usage "unknown option $1" ;;
  esac
  shift 2
done
[ -n "$A" ] && [ -n "$B" ] || usage "--a JAR and --b JAR are both needed"
for j in "$A" "$B"; do [ -f "$j" ] || usage "no jar $j"; done
for n in "$WINDOW" "$WARMUP"; do
  [[ $n =~ ^[1-9][0-9]{0,5}$ ]] || usage "--window and --warmup take 1..999999, not '$n'"
done
check_count
check_connections --users "$USERS"
check_list --layers "$LAYERS"
check_list --formats "$FORMATS"
[[ $ROUNDS =~ ^[1-9][0-9]{0,2}$ && $ROUNDS -ge 2 ]] || usage "--rounds takes 2..999 (an interval needs two), not '$ROUNDS'"
[[ $FORKS =~ ^[1-9][0-9]?$ ]] || usage "--forks takes 1..99, not '$FORKS'"
for side in a b; do
  flags=JVM_${side^^}
  [ -z "${!flags}" ] || [[ ${!flags} =~ ^-[XD][^[:space:]]*([[:space:]]+-[XD][^[:space:]]*)*$ ]] \
    || usage "--jvm-$side takes JVM flags, each -X… or -D…, not '${!flags}'"
  # shellcheck disable=SC2086 # JVM flags, word-split on purpose
  [ -z "${!flags}" ] || java ${!flags} -version > /dev/null 2>&1 || usage "java refuses --jvm-$side '${!flags}'"
done
[[ $STATIC == yes || $STATIC == no ]] || usage "--static takes yes or no, not '$STATIC'"
[[ $CODEC == yes || $CODEC == no ]] || usage "--codec takes yes or no, not '$CODEC'"
if [ "$CODEC" = yes ]; then
  check_seconds --window "$WINDOW" "$LOOP_MAX_S" "with --codec yes: the codec loop's longest window"
  check_seconds --warmup "$WARMUP" "$LOOP_MAX_S" "with --codec yes: the codec loop's longest window"
fi
[[ $SPLIT == yes || $SPLIT == no ]] || usage "--split-cores takes yes or no, not '$SPLIT'"
PIN_CLIENT=() SPLIT_JVM="" CPU_SERVER="" CPU_CLIENT=""
if [ "$SPLIT" = yes ]; then
  command -v taskset > /dev/null || usage "--split-cores yes needs taskset (util-linux)"
  # the first two CPUs this process may run on: under a cpuset (a container's, or taskset's) they
  # need not be 0 and 1, and pinning to a CPU outside it fails
  read -r CPU_SERVER CPU_CLIENT < <(python3 -c 'import os; print(*sorted(os.sched_getaffinity(0))[:2])')
  [ -n "$CPU_CLIENT" ] || usage "--split-cores yes needs 2 CPUs, this process may run on $(nproc)"
  PIN_SERVER=(taskset -c "$CPU_SERVER") PIN_CLIENT=(taskset -c "$CPU_CLIENT")
  # a JVM that can run on one CPU only sizes itself for one: the serial collector instead of G1,
  # fewer GC and compiler threads. Told the CPUs it has when not split, it picks what it picks
  # there, so that only where it runs differs between the two settings
  SPLIT_JVM="-XX:ActiveProcessorCount=$(nproc)"
fi
[[ $LAYERS =~ ^[a-z0-9_]+(,[a-z0-9_]+)*$ ]] || usage "--layers takes layer names a-z0-9_ separated by commas, not '$LAYERS'"
[[ $FORMATS =~ ^[a-z0-9]+(,[a-z0-9]+)*$ ]] || usage "--formats takes formats separated by commas, not '$FORMATS'"
for f in ${FORMATS//,/ }; do output_format "$f" > /dev/null; done
for j in "$A" "$B"; do check_layers "$j" "$LAYERS"; done
[ -z "$RAW" ] || { [ ! -e "$RAW" ] && [ -d "$(dirname "$RAW")" ]; } || usage "--raw $RAW exists or its folder does not"
command -v wrk > /dev/null || usage "wrk is missing; apt-get install wrk"
command -v shuf > /dev/null || usage "shuf (coreutils) is missing"
A=$(cd "$(dirname "$A")" && pwd)/$(basename "$A")
B=$(cd "$(dirname "$B")" && pwd)/$(basename "$B")

declare -A PID PORT
PID[a]="" PID[b]=""
# the codec loops (--codec yes), by "layer format": pid, the fds of its standard input and output
declare -A CPID CIN COUT CLOG
TMP=$(mktemp -d /tmp/wirebench-server-cpu-pair.XXXXXX)
# stop: ends this fork's JVMs (servers and codec loops) and closes the pipes kept to them
stop() {
  local s
  for s in a b; do
    [ -z "${PID[$s]}" ] || { kill "${PID[$s]}" 2> /dev/null || true; wait "${PID[$s]}" 2> /dev/null || true; }
    PID[$s]=""
  done
  for s in ${CPID[@]+"${!CPID[@]}"}; do
    kill "${CPID[$s]}" 2> /dev/null || true
    wait "${CPID[$s]}" 2> /dev/null || true
  done
  CPID=() CIN=() COUT=() CLOG=()
  close_kept
  KEPT_FDS=""
}
trap 'stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# start_codec LAYER FORMAT: B's encode-loop for the point, talked to through two FIFOs. It ends at
# the end of its standard input, so with this script even on SIGKILL; the codec loops started
# after it, and wrk, close its FIFOs' ends (close_kept), else they would hold its input open.
NCODEC=0
start_codec() {
  local n=$((NCODEC++)) fd
  mkfifo "$TMP/codec$n.in" "$TMP/codec$n.out"
  # shellcheck disable=SC2086 # the benchmark's JVM flags (StudyBenchmark), word-split on purpose
  (close_kept; exec ${PIN_SERVER[@]+"${PIN_SERVER[@]}"} java $CODEC_JVM $SPLIT_JVM -cp "$B" org.wirebench.bench.cli.WirebenchCli encode-loop \
    --dataset "$1" --codec "$2" --count "$COUNT" --threads 2) \
    < "$TMP/codec$n.in" > "$TMP/codec$n.out" 2> "$TMP/codec$n.log" &
  CPID[$1 $2]=$!
  CLOG[$1 $2]=$TMP/codec$n.log
  exec {fd}> "$TMP/codec$n.in"
  CIN[$1 $2]=$fd
  exec {fd}< "$TMP/codec$n.out"
  COUT[$1 $2]=$fd
  KEPT_FDS+=" ${CIN[$1 $2]} $fd"
}
# codec_ready LAYER FORMAT: its "ready BYTES" line within 3 minutes (it validates the codec's
# output first), BYTES in CBYTES; exit as the loop did (2: could not run) with its log if it ended
declare -A CBYTES
codec_ready() {
  local reply code=0
  if IFS= read -r -t 180 reply <&"${COUT[$1 $2]}" && [[ $reply =~ ^ready\ ([0-9]+)$ ]]; then
    CBYTES[$1 $2]=${BASH_REMATCH[1]}
    return 0
  fi
  kill "${CPID[$1 $2]}" 2> /dev/null || true
  wait "${CPID[$1 $2]}" || code=$?
  cat "${CLOG[$1 $2]}" >&2
  echo "$ME: $1 $2: B's encode-loop did not start${reply:+ (it said '$reply')}; does B's jar have it?" >&2
  [ "$code" = 1 ] && exit 1
  exit 2
}
# codec_window "LAYER FORMAT" MILLIS: "encodes ticks" of one window of the point's codec loop
codec_window() {
  local t0 t1 reply
  t0=$(ticks "${CPID[$1]}")
  # in a subshell: if the loop has ended, SIGPIPE ends the subshell, not this script
  (echo "go $2" >&"${CIN[$1]}") 2> /dev/null || { echo "$ME: $1: the codec loop has ended: $(cat "${CLOG[$1]}")" >&2; return 1; }
  IFS= read -r -t $(($2 / 1000 + 60)) reply <&"${COUT[$1]}" || reply=""
  t1=$(ticks "${CPID[$1]}")
  if ! [[ $reply =~ ^([1-9][0-9]*)\ [0-9]+$ ]]; then
    echo "$ME: $1: the codec loop answered '$reply' to 'go $2': $(cat "${CLOG[$1]}")" >&2
    return 1
  fi
  echo "${BASH_REMATCH[1]} $((t1 - t0))"
}
# the URL of one window: url SERVER KIND LAYER FORMAT (the static twin's length from SIZE)
declare -A SIZE
url() {
  if [ "$2" = wfs ]; then wfs_url "${PORT[$1]}" "$3" "$4"; else echo "http://127.0.0.1:${PORT[$1]}/static/${SIZE[$3 $4]}"; fi
}
KINDS=wfs
[ "$STATIC" = no ] || KINDS="wfs static"

# start_fork FORK: both servers (and the codec loops) fresh, indexes built, idle; both answer each
# point (and its twin) with 200 and the same length as each other and as in the first fork, or there
# is nothing to compare
start_fork() {
  local layer format kind got_a got_b
  PORT[a]=$(free_port)
  PORT[b]=$(free_port)
  while [ "${PORT[b]}" = "${PORT[a]}" ]; do PORT[b]=$(free_port); done
  start_server "$A" "${PORT[a]}" "$TMP/a$1.log" "$SPLIT_JVM $JVM_A"
  PID[a]=$SERVER_PID
  start_server "$B" "${PORT[b]}" "$TMP/b$1.log" "$SPLIT_JVM $JVM_B"
  PID[b]=$SERVER_PID
  if [ "$CODEC" = yes ]; then
    for layer in ${LAYERS//,/ }; do
      for format in ${FORMATS//,/ }; do start_codec "$layer" "$format"; done
    done
  fi
  get_capabilities "${PORT[a]}"
  get_capabilities "${PORT[b]}"
  if [ "$CODEC" = yes ]; then
    for layer in ${LAYERS//,/ }; do
      for format in ${FORMATS//,/ }; do codec_ready "$layer" "$format"; done
    done
  fi
  # shellcheck disable=SC2046 # pids, one word each
  wait_idle "${PID[a]}" "${PID[b]}" $(printf '%s ' ${CPID[@]+"${CPID[@]}"}) \
    || { echo "$ME: fork $1: the two servers${CPID[*]:+ and the codec loops} were still busy after 3 minutes" >&2; exit 1; }
  for layer in ${LAYERS//,/ }; do
    for format in ${FORMATS//,/ }; do
      [ "$1" -gt 1 ] || SIZE[$layer $format]=0
      for kind in $KINDS; do
        got_a=$(curl -s -o /dev/null -w '%{http_code} %{size_download}' "$(url a "$kind" "$layer" "$format")" || true)
        got_b=$(curl -s -o /dev/null -w '%{http_code} %{size_download}' "$(url b "$kind" "$layer" "$format")" || true)
        if [ "$got_a" != "$got_b" ] || [ "${got_a%% *}" != 200 ]; then
          echo "$ME: fork $1: $layer $format $kind: A answered '$got_a', B '$got_b' (status, bytes): both must answer 200 with the same length to be compared" >&2
          exit 1
        fi
        [ "$1" -gt 1 ] || [ "$kind" = static ] || SIZE[$layer $format]=${got_a#* }
        if [ "$1" -gt 1 ] && [ "$kind" = wfs ] && [ "${got_a#* }" != "${SIZE[$layer $format]}" ]; then
          echo "$ME: fork $1: $layer $format: the answers are ${got_a#* } bytes, ${SIZE[$layer $format]} in fork 1" >&2
          exit 1
        fi
      done
    done
  done
}

header() {
  local layer format
  hz=$(getconf CLK_TCK)
  # a split server has one core to be busy on
  local ncores=2 cores="both cores"
  [ "$SPLIT" = no ] || ncores=1 cores="its one core"
  AA=""
  ! cmp -s "$A" "$B" || [ "$JVM_A" != "$JVM_B" ] || AA="  — A/A check: the same jar twice, every interval should hold 1"
  echo "# $ME: A = $A${JVM_A:+ (java $JVM_A)}, B = $B${JVM_B:+ (java $JVM_B)}$AA"
  [ "$SPLIT" = no ] || echo "# split cores: the servers and codec loops on CPU $CPU_SERVER, wrk on CPU $CPU_CLIENT (taskset); their JVMs run with $SPLIT_JVM, so they pick the collector and threads they pick unsplit"
  echo "# wrk -t2 -c$USERS, $COUNT features, EPSG:4326, identity; $FORKS fork(s), each: fresh JVMs, $WARMUP s of warm-up a point on each server, then $ROUNDS rounds of $WINDOW s windows, each round's windows of a point in random order, one server loaded at a time"
  echo "# CPU = the loaded server's utime + stime (/proc/PID/stat); one tick = $((1000 / hz)) ms (CLK_TCK $hz): a $WINDOW s window of a server busy on $cores holds $((ncores * WINDOW * hz)) ticks, so a tick is $(python3 -c "print(f'{100 / ($ncores * $WINDOW * $hz):.2g}')")% of it (min ticks: the fewest in any window of the row)"
  if [ "$FORKS" -gt 1 ]; then
    echo "# B÷A: geometric mean of the forks' ratios (each the geometric mean of its rounds'), 99% t-interval over the forks (log scale, df = forks − 1); verdict: interval below 1 = B cheaper, above 1 = B costlier, else same within ±X%, X its farther end from 1"
  else
    echo "# B÷A: geometric mean of the rounds' ratios, 99% t-interval over the rounds (log scale, df = rounds − 1: one pair of JVMs, their own difference not in it); verdict: interval below 1 = B cheaper, above 1 = B costlier, else same within ±X%, X its farther end from 1"
  fi
  [ "$STATIC" = no ] || echo "# static: /static/N, the same bytes with no WFS work; wfs-own: a server's wfs less its static ms/req of the same round, the ratio of those (none if a round's part is ≤ 0)"
  if [ "$CODEC" = yes ]; then
    echo "# codec: B's encode-loop (GeoEncodingBenchmark's inputs, validated; 2 threads; java $CODEC_JVM), a window a round shuffled in with the servers', no server loaded; ms an encode = its /proc ticks ÷ encodes, GC and JIT included"
    echo "# target: B's wfs ms/req ÷ the codec's ms an encode of the same round (its A column: the codec's ms), geometric mean, 99% t-interval; met if the interval is ≤ 1.5 (issue 27), missed if wholly above, else inconclusive"
    for layer in ${LAYERS//,/ }; do
      for format in ${FORMATS//,/ }; do
        echo "# codec $layer $format: ${CBYTES[$layer $format]} bytes an encode; B's WFS answer ${SIZE[$layer $format]} bytes"
      done
    done
  fi
}

warm_up() {
  local layer format s kind
  for layer in ${LAYERS//,/ }; do
    for format in ${FORMATS//,/ }; do
      for s in a b; do
        for kind in $KINDS; do
          (close_kept; exec ${PIN_CLIENT[@]+"${PIN_CLIENT[@]}"} wrk -t2 -c"$USERS" -d"${WARMUP}s" "$(url $s "$kind" "$layer" "$format")") > /dev/null \
            || { echo "$ME: $layer $format $kind: wrk failed on ${s^^}'s warm-up" >&2; exit 1; }
        done
      done
      [ "$CODEC" = no ] || codec_window "$layer $format" $((WARMUP * 1000)) > /dev/null \
        || { echo "$ME: $layer $format: the codec loop failed in its warm-up" >&2; exit 1; }
    done
  done
}

# window SERVER URL: "requests ticks" of one window of wrk on URL, ticks of that server alone
window() {
  local t0 t1 out requests
  t0=$(ticks "${PID[$1]}")
  out=$(close_kept; ${PIN_CLIENT[@]+"${PIN_CLIENT[@]}"} wrk -t2 -c"$USERS" -d"${WINDOW}s" "$2" 2>&1) || { echo "$ME: $2: wrk failed: $out" >&2; return 1; }
  t1=$(ticks "${PID[$1]}")
  requests=$(echo "$out" | awk '/requests in/ {print $1}')
  if [ -z "$requests" ] || [ "$requests" = 0 ] || grep -q -e Non-2xx -e 'Socket errors' <<< "$out"; then
    echo "$ME: $2: not every answer good: $out" >&2
    return 1
  fi
  echo "$requests $((t1 - t0))"
}

# rounds FORK: the fork's rounds, a line a window in $TMP/raw; a point that fails is left out from then on
status=0
declare -A FAILED
rounds() {
  local round layer format item s kind got
  for round in $(seq "$ROUNDS"); do
    for layer in ${LAYERS//,/ }; do
      for format in ${FORMATS//,/ }; do
        [ -z "${FAILED[$layer $format]:-}" ] || continue
        for item in $({ for k in $KINDS; do echo "a:$k b:$k"; done; [ "$CODEC" = no ] || echo b:codec; } | tr ' ' '\n' | shuf); do
          s=${item%:*} kind=${item#*:}
          if [ "$kind" = codec ]; then
            got=$(codec_window "$layer $format" $((WINDOW * 1000))) || got=""
          else
            got=$(window "$s" "$(url "$s" "$kind" "$layer" "$format")") || got=""
          fi
          if [ -n "$got" ]; then
            echo "$1 $round $layer $format $s $kind $got" >> "$TMP/raw"
          else
            echo "$ME: $layer $format: failed in fork $1, round $round" >&2
            FAILED[$layer $format]=1
            status=1
            break
          fi
        done
      done
    done
  done
}

for fork in $(seq "$FORKS"); do
  start_fork "$fork"
  [ "$fork" -gt 1 ] || header
  warm_up
  rounds "$fork"
  stop
done
[ -s "$TMP/raw" ] || exit 1
if [ $status = 1 ]; then
  # a failed point's windows are left out of the table
  for key in ${FAILED[@]+"${!FAILED[@]}"}; do
    awk -v l="${key% *}" -v f="${key#* }" '!($3 == l && $4 == f)' "$TMP/raw" > "$TMP/raw2" && mv "$TMP/raw2" "$TMP/raw"
  done
fi
[ -z "$RAW" ] || cp "$TMP/raw" "$RAW"
[ ! -s "$TMP/raw" ] || python3 "$ROOT/scripts/server-cpu-pair.py" "$TMP/raw" "$STATIC" "$CODEC"
exit $status
