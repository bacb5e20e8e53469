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
# Exit 0: measured; 1: a point failed (the driver exited non-zero); 2: could not run.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
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
for n in "$ROUNDS" "$SECS" "$WARMUP"; do
  [[ $n =~ ^[1-9][0-9]{0,4}$ ]] || usage "--rounds, --seconds and --warmup take 1..99999, not '$n'"
done
[[ $CONNS =~ ^[1-9][0-9]{0,4}(,[1-9][0-9]{0,4})*$ ]] || usage "--connections takes counts like 32,512, not '$CONNS'"
[[ $TPATH =~ ^/[A-Za-z0-9/._-]*$ ]] || usage "--path takes a plain path like /static/1024, not '$TPATH'"
command -v wrk > /dev/null || usage "wrk is missing; apt-get install wrk"
[ -f "$JAR" ] || usage "no $JAR; build it with ./mvnw -q -o -DskipTests package -pl bench-core -am"
if [ -z "$OUT" ]; then OUT=$(mktemp -d /tmp/wirebench-driver-vs-wrk.XXXXXX); else mkdir -p "$OUT"; fi
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
java -cp "$JAR" org.wirebench.bench.cli.WirebenchCli serve --port "$PORT" > "$OUT/serve.log" 2>&1 &
PID=$!
trap 'kill $PID 2> /dev/null || true; wait $PID 2> /dev/null || true' EXIT
URL=http://127.0.0.1:$PORT$TPATH
for _ in $(seq 120); do
  curl -sf -o /dev/null "$URL" && break
  kill -0 $PID 2> /dev/null || { cat "$OUT/serve.log" >&2; echo "driver-vs-wrk: the server did not start" >&2; exit 2; }
  sleep 0.5
done
curl -sf -o /dev/null "$URL" || usage "$URL does not answer 200"
wrk -t2 -c32 -d5s "$URL" > /dev/null
drive() { java -cp "$JAR" org.wirebench.bench.cli.WirebenchCli load --target "$URL" "$@"; }
field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['$2'] if '$2' in d else d['latencyMs']['p99'])" "$1"; }
status=0
printf '%-5s %5s %10s %12s %8s %12s %12s %9s %7s\n' round conns wrk_req/s closed_req/s ÷wrk open_asked open_got open_p99 errors
for r in $(seq "$ROUNDS"); do
  for c in ${CONNS//,/ }; do
    w=$(wrk -t2 -c"$c" -d"${SECS}s" "$URL" | awk '/Requests\/sec/ {print $2}')
    [ -n "$w" ] || { echo "driver-vs-wrk: wrk gave no rate at $c connections" >&2; status=1; continue; }
    if ! drive --users "$c" --warmup "${WARMUP}s" --duration "${SECS}s" --json "$OUT/closed-c$c-r$r.json" > "$OUT/closed-c$c-r$r.log" 2>&1; then
      echo "driver-vs-wrk: the closed driver failed at $c connections (see $OUT/closed-c$c-r$r.log)" >&2; status=1; continue
    fi
    rate=$(python3 -c "print(int(0.9 * $w))")
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
