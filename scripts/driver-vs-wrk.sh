#!/usr/bin/env bash
# The load driver beside wrk on the same endpoint (issue 27's target: the driver ≥ 0.9 of wrk at 32
# and 512 connections, closed and open model). Starts one `serve` on a free port, warms it with wrk,
# then per round and connection count: wrk -t2 -cN, the driver closed (--users N), and the driver's
# open model at 0.9 of that round's wrk rate (--rate, N connections). Prints one line a point:
# wrk's req/s, the driver's closed req/s and its ratio, the open model's asked and got rates, its
# p99 and errors. Timing, not a test: run it on a quiet machine.
#
#   apt-get install -y wrk
#   ./mvnw -q -o -DskipTests package -pl bench-core -am
#   scripts/driver-vs-wrk.sh [--rounds 2] [--connections 32,512] [--seconds 10] [--warmup 15]
#       [--path /static/1024] [--out DIR]
#
# --connections: each 2 (wrk -t2 needs one a thread) to 10000 (the driver's --users), once;
# --seconds and --warmup 1..3600 (the driver's longest phase); --out DIR must not exist (a
# temporary folder without it). The server ends with the script, even on SIGKILL.
# Exit 0: measured; 1: a point failed (the driver exited non-zero); 2: could not run.
#
# Needs bash 4.1 or later (macOS's /bin/bash is 3.2: `brew install bash`); older: exit 2.
((BASH_VERSINFO[0] * 100 + BASH_VERSINFO[1] >= 401)) || { echo "driver-vs-wrk: needs bash 4.1 or later, this is bash ${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}" >&2; exit 2; }
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ME=driver-vs-wrk
. "$ROOT/scripts/lib/server-cpu-common.sh"
JAR=$ROOT/bench-core/target/benchmarks.jar
ROUNDS=2 CONNS=32,512 SECS=10 WARMUP=15 TPATH=/static/1024 OUT=""
usage() { echo "driver-vs-wrk: $1 (see the comment at the top of scripts/driver-vs-wrk.sh)" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in -h | --help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;; esac
  [ $# -ge 2 ] || usage "$1 needs a value"
  case $1 in
    --rounds) ROUNDS=$2 ;; --connections) CONNS=$2 ;; --seconds) SECS=$2 ;; --warmup) WARMUP=$2 ;;
    --path) TPATH=$2 ;; --out) OUT=$2 ;;
    *) usage "unknown option $1" ;;
  esac
  shift 2
done
[[ $ROUNDS =~ ^[1-9][0-9]{0,4}$ ]] || usage "--rounds takes 1..99999, not '$ROUNDS'"
check_seconds --seconds "$SECS" "$DRIVER_MAX_PHASE_S" "the driver's --duration is at most 1h"
check_seconds --warmup "$WARMUP" "$DRIVER_MAX_PHASE_S" "the driver's --warmup is at most 1h"
[[ $CONNS =~ ^[1-9][0-9]{0,5}(,[1-9][0-9]{0,5})*$ ]] || usage "--connections takes counts like 32,512, not '$CONNS'"
check_list --connections "$CONNS"
for c in ${CONNS//,/ }; do
  ((c <= DRIVER_MAX_USERS)) || usage "--connections takes 2..$DRIVER_MAX_USERS each (the driver's --users), not $c"
  check_connections --connections "$c"
done
[[ $TPATH =~ ^/[A-Za-z0-9/._-]*$ ]] || usage "--path takes a plain path like /static/1024, not '$TPATH'"
[ -z "$OUT" ] || { [ ! -e "$OUT" ] && [ -d "$(dirname "$OUT")" ]; } \
  || usage "--out $OUT exists or its folder does not (its files are never replaced: give a new folder)"
command -v wrk > /dev/null || usage "wrk is missing; apt-get install wrk"
[ -f "$JAR" ] || usage "no $JAR; build it with ./mvnw -q -o -DskipTests package -pl bench-core -am"
if [ -z "$OUT" ]; then OUT=$(mktemp -d /tmp/wirebench-driver-vs-wrk.XXXXXX); else mkdir "$OUT"; fi
PORT=$(free_port)
PID=""
trap '[ -z "$PID" ] || { kill $PID 2> /dev/null || true; wait $PID 2> /dev/null || true; }' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
start_server "$JAR" "$PORT" "$OUT/serve.log"
PID=$SERVER_PID
URL=http://127.0.0.1:$PORT$TPATH
curl -sf -o /dev/null "$URL" || usage "$URL does not answer 200"
(close_kept; exec wrk -t2 -c32 -d5s "$URL") > /dev/null
drive() { (close_kept; exec java -cp "$JAR" org.wirebench.bench.cli.WirebenchCli load --target "$URL" "$@"); }
field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['$2'] if '$2' in d else d['latencyMs']['p99'])" "$1"; }
status=0
printf '%-5s %5s %10s %12s %8s %12s %12s %9s %7s\n' round conns wrk_req/s closed_req/s ÷wrk open_asked open_got open_p99 errors
for r in $(seq "$ROUNDS"); do
  for c in ${CONNS//,/ }; do
    w=$(close_kept; wrk -t2 -c"$c" -d"${SECS}s" "$URL" | awk '/Requests\/sec/ {print $2}')
    [ -n "$w" ] || { echo "driver-vs-wrk: wrk gave no rate at $c connections" >&2; status=1; continue; }
    if ! drive --users "$c" --warmup "${WARMUP}s" --duration "${SECS}s" --json "$OUT/closed-c$c-r$r.json" > "$OUT/closed-c$c-r$r.log" 2>&1; then
      echo "driver-vs-wrk: the closed driver failed at $c connections (see $OUT/closed-c$c-r$r.log)" >&2; status=1; continue
    fi
    rate=$(python3 -c "print(int(0.9 * $w))")
    # --rate 0 is the closed model: an open model's row would be a second closed one
    ((rate >= 1)) || { echo "driver-vs-wrk: 0.9 of wrk's $w req/s at $c connections is under 1 request/s: no open model to run" >&2; status=1; continue; }
    if ! drive --users "$c" --rate "$rate" --timeout 10s --warmup "${WARMUP}s" --duration "${SECS}s" --json "$OUT/open-c$c-r$r.json" > "$OUT/open-c$c-r$r.log" 2>&1; then
      echo "driver-vs-wrk: the open model failed at $c connections, $rate/s (see $OUT/open-c$c-r$r.log)" >&2; status=1
    fi
    closed=$(field "$OUT/closed-c$c-r$r.json" throughput)
    got=$([ -f "$OUT/open-c$c-r$r.json" ] && printf "%.0f" "$(field "$OUT/open-c$c-r$r.json" throughput)" || echo -)
    p99=$([ -f "$OUT/open-c$c-r$r.json" ] && field "$OUT/open-c$c-r$r.json" p99 || echo -)
    errs=$([ -f "$OUT/open-c$c-r$r.json" ] && python3 -c "import json,sys; print(sum(v for v in json.load(open(sys.argv[1]))['errors'].values()))" "$OUT/open-c$c-r$r.json" || echo -)
    printf '%-5s %5s %10.0f %12.0f %8.3f %12s %12s %9s %7s\n' "$r" "$c" "$w" "$closed" "$(python3 -c "print($closed / $w)")" "$rate" "$got" "$p99" "$errs"
  done
done
echo "files: $OUT"
exit $status
