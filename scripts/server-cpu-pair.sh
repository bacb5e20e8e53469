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
# Timing, not a test: the two servers share the machine with whatever else runs on it.
#
#   apt-get install -y wrk
#   scripts/server-cpu-pair.sh --a A.jar --b B.jar [--layers L,..] [--formats F,..] [--users 32]
#       [--count 200] [--rounds 8] [--window 2] [--warmup 6] [--static yes|no] [--raw FILE]
#
# --raw FILE keeps the windows, one a line: "round layer format server kind requests ticks" (server
# a or b, kind wfs or static; a failed point's windows left out); FILE must not exist.
# `scripts/server-cpu-pair.py FILE yes|no` prints the table again from it.
#
# Exit 0: measured; 1: a point failed (answers differ, non-2xx, socket errors, no requests) or the
# servers never went idle; 2: could not run.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ME=server-cpu-pair
. "$ROOT/scripts/lib/server-cpu-common.sh"
A="" B="" LAYERS=osm_mainroads,osm_places FORMATS=gml32,gml2,geojson
USERS=32 COUNT=200 ROUNDS=8 WINDOW=2 WARMUP=6 STATIC=no RAW=""
usage() { echo "server-cpu-pair: $1 (see the comment at the top of scripts/server-cpu-pair.sh)" >&2; exit 2; }
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || usage "$1 needs a value"
  case $1 in
    --a) A=$2 ;; --b) B=$2 ;; --layers) LAYERS=$2 ;; --formats) FORMATS=$2 ;; --users) USERS=$2 ;;
    --count) COUNT=$2 ;; --rounds) ROUNDS=$2 ;; --window) WINDOW=$2 ;; --warmup) WARMUP=$2 ;;
    --static) STATIC=$2 ;; --raw) RAW=$2 ;;
    *) usage "unknown option $1" ;;
  esac
  shift 2
done
[ -n "$A" ] && [ -n "$B" ] || usage "--a JAR and --b JAR are both needed"
for j in "$A" "$B"; do [ -f "$j" ] || usage "no jar $j"; done
for n in "$USERS" "$COUNT" "$WINDOW" "$WARMUP"; do
  [[ $n =~ ^[1-9][0-9]{0,5}$ ]] || usage "--users, --count, --window and --warmup take 1..999999, not '$n'"
done
[[ $ROUNDS =~ ^[1-9][0-9]{0,2}$ && $ROUNDS -ge 2 ]] || usage "--rounds takes 2..999 (an interval needs two), not '$ROUNDS'"
[[ $STATIC == yes || $STATIC == no ]] || usage "--static takes yes or no, not '$STATIC'"
[[ $LAYERS =~ ^[a-z0-9_]+(,[a-z0-9_]+)*$ ]] || usage "--layers takes layer names a-z0-9_ separated by commas, not '$LAYERS'"
[[ $FORMATS =~ ^[a-z0-9]+(,[a-z0-9]+)*$ ]] || usage "--formats takes formats separated by commas, not '$FORMATS'"
for f in ${FORMATS//,/ }; do output_format "$f" > /dev/null; done
[ -z "$RAW" ] || { [ ! -e "$RAW" ] && [ -d "$(dirname "$RAW")" ]; } || usage "--raw $RAW exists or its folder does not"
command -v wrk > /dev/null || usage "wrk is missing; apt-get install wrk"
command -v shuf > /dev/null || usage "shuf (coreutils) is missing"
A=$(cd "$(dirname "$A")" && pwd)/$(basename "$A")
B=$(cd "$(dirname "$B")" && pwd)/$(basename "$B")

declare -A PID PORT
PID[a]="" PID[b]=""
TMP=$(mktemp -d /tmp/wirebench-server-cpu-pair.XXXXXX)
stop() {
  local s
  for s in a b; do
    [ -z "${PID[$s]}" ] || { kill "${PID[$s]}" 2> /dev/null || true; wait "${PID[$s]}" 2> /dev/null || true; }
  done
}
trap 'stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
PORT[a]=$(free_port)
PORT[b]=$(free_port)
while [ "${PORT[b]}" = "${PORT[a]}" ]; do PORT[b]=$(free_port); done
start_server "$A" "${PORT[a]}" "$TMP/a.log"
PID[a]=$SERVER_PID
start_server "$B" "${PORT[b]}" "$TMP/b.log"
PID[b]=$SERVER_PID
get_capabilities "${PORT[a]}"
get_capabilities "${PORT[b]}"
wait_idle "${PID[a]}" "${PID[b]}" || { echo "$ME: the two servers were still busy after 3 minutes" >&2; exit 1; }

# the URL of one window: url SERVER KIND LAYER FORMAT (the static twin's length from SIZE)
declare -A SIZE
url() {
  if [ "$2" = wfs ]; then wfs_url "${PORT[$1]}" "$3" "$4"; else echo "http://127.0.0.1:${PORT[$1]}/static/${SIZE[$3 $4]}"; fi
}
KINDS=wfs
[ "$STATIC" = no ] || KINDS="wfs static"
# both servers answer each point (and its twin) with 200 and the same length, or there is nothing to compare
for layer in ${LAYERS//,/ }; do
  for format in ${FORMATS//,/ }; do
    SIZE[$layer $format]=0
    for kind in $KINDS; do
      got_a=$(curl -s -o /dev/null -w '%{http_code} %{size_download}' "$(url a "$kind" "$layer" "$format")" || true)
      got_b=$(curl -s -o /dev/null -w '%{http_code} %{size_download}' "$(url b "$kind" "$layer" "$format")" || true)
      if [ "$got_a" != "$got_b" ] || [ "${got_a%% *}" != 200 ]; then
        echo "$ME: $layer $format $kind: A answered '$got_a', B '$got_b' (status, bytes): both must answer 200 with the same length to be compared" >&2
        exit 1
      fi
      SIZE[$layer $format]=${got_a#* }
    done
  done
done

hz=$(getconf CLK_TCK)
AA=""
! cmp -s "$A" "$B" || AA="  — A/A check: the same jar twice, every interval should hold 1"
echo "# $ME: A = $A, B = $B$AA"
echo "# wrk -t2 -c$USERS, $COUNT features, EPSG:4326, identity; $WARMUP s of warm-up a point on each server, then $ROUNDS rounds of $WINDOW s windows, each round's windows of a point in random order, one server loaded at a time"
echo "# CPU = the loaded server's utime + stime (/proc/PID/stat); one tick = $((1000 / hz)) ms (CLK_TCK $hz): a $WINDOW s window of a server busy on both cores holds $((2 * WINDOW * hz)) ticks, so a tick is $(python3 -c "print(f'{100 / (2 * $WINDOW * $hz):.2g}')")% of it (min ticks: the fewest in any window of the row)"
echo "# B÷A: geometric mean of the rounds' ratios, 99% t-interval over the rounds (log scale, df = rounds − 1); verdict: interval below 1 = B cheaper, above 1 = B costlier, else same within ±X%, X its farther end from 1"
[ "$STATIC" = no ] || echo "# static: /static/N, the same bytes with no WFS work; wfs-own: a server's wfs less its static ms/req of the same round, the ratio of those (none if a round's part is ≤ 0)"

for layer in ${LAYERS//,/ }; do
  for format in ${FORMATS//,/ }; do
    for s in a b; do
      for kind in $KINDS; do
        wrk -t2 -c"$USERS" -d"${WARMUP}s" "$(url $s "$kind" "$layer" "$format")" > /dev/null \
          || { echo "$ME: $layer $format $kind: wrk failed on ${s^^}'s warm-up" >&2; exit 1; }
      done
    done
  done
done

# window SERVER URL: "requests ticks" of one window of wrk on URL, ticks of that server alone
window() {
  local t0 t1 out requests
  t0=$(ticks "${PID[$1]}")
  out=$(wrk -t2 -c"$USERS" -d"${WINDOW}s" "$2" 2>&1) || { echo "$ME: $2: wrk failed: $out" >&2; return 1; }
  t1=$(ticks "${PID[$1]}")
  requests=$(echo "$out" | awk '/requests in/ {print $1}')
  if [ -z "$requests" ] || [ "$requests" = 0 ] || grep -q -e Non-2xx -e 'Socket errors' <<< "$out"; then
    echo "$ME: $2: not every answer good: $out" >&2
    return 1
  fi
  echo "$requests $((t1 - t0))"
}
status=0
declare -A FAILED
for round in $(seq "$ROUNDS"); do
  for layer in ${LAYERS//,/ }; do
    for format in ${FORMATS//,/ }; do
      [ -z "${FAILED[$layer $format]:-}" ] || continue
      for item in $(for k in $KINDS; do echo "a:$k b:$k"; done | tr ' ' '\n' | shuf); do
        s=${item%:*} kind=${item#*:}
        if got=$(window "$s" "$(url "$s" "$kind" "$layer" "$format")"); then
          echo "$round $layer $format $s $kind $got" >> "$TMP/raw"
        else
          echo "$ME: $layer $format: failed in round $round" >&2
          FAILED[$layer $format]=1
          status=1
          break
        fi
      done
    done
  done
done
[ -s "$TMP/raw" ] || exit 1
if [ $status = 1 ]; then
  # a failed point's windows are left out of the table
  for key in "${!FAILED[@]}"; do
    awk -v l="${key% *}" -v f="${key#* }" '!($2 == l && $3 == f)' "$TMP/raw" > "$TMP/raw2" && mv "$TMP/raw2" "$TMP/raw"
  done
fi
[ -z "$RAW" ] || cp "$TMP/raw" "$RAW"
[ ! -s "$TMP/raw" ] || python3 "$ROOT/scripts/server-cpu-pair.py" "$TMP/raw" "$STATIC"
exit $status
