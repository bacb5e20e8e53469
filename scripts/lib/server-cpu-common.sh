# Sourced by scripts/server-cpu.sh and scripts/server-cpu-pair.sh (issue 27): a study point's WFS
# URL, a JVM's CPU ticks, starting `serve` and waiting until it listens and until it is idle.
# The caller sets ME (its name in messages), COUNT (features a page) and defines usage() (one line
# to stderr, exit 2).

# The JVM flags GeoEncodingBenchmark's forks run with (StudyBenchmark's jvmArgsAppend): a codec loop
# timed beside a server runs with them, so that its cost is the benchmark's
CODEC_JVM="-Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages"

# find_async_profiler WHAT: the async-profiler jar the build fetched (the newest in ~/.m2) in
# APJAR, else usage "WHAT: ..." (exit 2); call it with the other checks, before any work
find_async_profiler() {
  APJAR=$(ls "$HOME"/.m2/repository/tools/profiler/async-profiler/*/async-profiler-*.jar 2> /dev/null | tail -1)
  [ -n "$APJAR" ] || usage "$1: no async-profiler jar in ~/.m2 (the build fetches it)"
}

# unpack_async_profiler DIR: APJAR's library for this machine into DIR, its absolute path printed
unpack_async_profiler() {
  unzip -o -q -j "$APJAR" "linux-$(uname -m | sed 's/x86_64/x64/;s/aarch64/arm64/')/libasyncProfiler.so" -d "$1"
  echo "$(cd "$1" && pwd)/libasyncProfiler.so"
}

# Bounds of the Java side that the scripts check before they start anything (each a copy:
# scripts/check-scripts.sh fails when one no longer agrees with the source it names).
# The fixture server's large page (HeavyQueries.LARGE_PAGE): a page of more features is a heavy
# query to it, run one a core at a time and answered 503 beyond its few places, so a window of them
# under wrk's connections measures 503s.
LARGE_PAGE=10000
# The load driver's users (ScenarioOptions' --users, 1..10000) and its longest phase
# (LoadCommand.MAX_PHASE, 1 h: --warmup and --duration).
DRIVER_MAX_USERS=10000
DRIVER_MAX_PHASE_S=3600
# encode-loop's longest window ('go MILLIS', EncodeLoopCommand.MAX_WINDOW_MS: 3,600,000 ms).
LOOP_MAX_S=3600

# check_seconds OPTION VALUE MAX: usage unless VALUE is 1..MAX seconds, saying why MAX (the rest)
check_seconds() {
  [[ $2 =~ ^[1-9][0-9]{0,5}$ ]] && (($2 <= $3)) || usage "$1 takes 1..$3 seconds (${*:4}), not '$2'"
}

# check_list OPTION A,B,..: usage unless each name is given once and none is empty (a point given
# twice would be measured twice and its rows share a key; an empty list measures nothing)
check_list() {
  local seen=, n
  [[ $2 =~ ^[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$ ]] || usage "$1 takes names (A-Z a-z 0-9 _ . -) separated by commas, none empty, not '$2'"
  for n in ${2//,/ }; do
    [[ $seen != *",$n,"* ]] || usage "$1 names $n twice"
    seen+="$n,"
  done
}

# check_count: usage unless COUNT is 1..LARGE_PAGE features
check_count() {
  [[ $COUNT =~ ^[1-9][0-9]{0,5}$ ]] && ((COUNT <= LARGE_PAGE)) \
    || usage "--count takes 1..$LARGE_PAGE features (the fixture server's large page: a larger one is a heavy query, run one a core at a time and answered 503 under load), not '$COUNT'"
}

# check_connections OPTION N: usage unless `wrk -t2 -cN` can run: N at least 2 (wrk refuses fewer
# connections than threads) and N connections within the file descriptors it may open (ulimit -n;
# wrk does not raise it, and beyond it counts each connection it could not open as a socket error)
check_connections() {
  local limit
  [[ $2 =~ ^[1-9][0-9]{0,5}$ ]] && (($2 >= 2)) || usage "$1 takes 2 or more connections (wrk -t2 needs one a thread), not '$2'"
  limit=$(ulimit -n)
  [ "$limit" = unlimited ] || (($2 + 16 <= limit)) \
    || usage "$1 $2: wrk would need $(($2 + 16)) open files, ulimit -n allows $limit (raise it with ulimit -n, or give fewer)"
}

# the GetFeature outputFormat of a study format, URL-encoded
output_format() {
  case $1 in
    gml32) echo "application/gml%2Bxml%3B%20version%3D3.2" ;;
    gml31) echo "text/xml%3B%20subtype%3Dgml%2F3.1.1" ;;
    gml2) echo "text/xml%3B%20subtype%3Dgml%2F2.1.2" ;;
    geojson) echo "application/json" ;;
    *) usage "format '$1' is not one of gml32, gml31, gml2, geojson" ;;
  esac
}

# wfs_url PORT LAYER FORMAT: the study's WFS 2.0 GetFeature, COUNT features in EPSG:4326
wfs_url() {
  echo "http://127.0.0.1:$1/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:$2&count=$COUNT&srsName=EPSG:4326&outputFormat=$(output_format "$3")"
}

# ticks PID..: the processes' CPU time so far, utime + stime of /proc/PID/stat (every thread, the
# ones that ended included), in clock ticks (getconf CLK_TCK a second)
ticks() {
  local pid sum=0
  for pid in "$@"; do
    sum=$((sum + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
  done
  echo $sum
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# The fds of pipes to the script's long-lived children (each server's stdin, each codec loop's
# FIFOs): a child ends at its pipe's end, so every other child the script starts closes them all
# first (close_kept), else it would hold another's pipe open after the script has gone.
KEPT_FDS=""
close_kept() {
  local fd
  for fd in $KEPT_FDS; do eval "exec $fd>&-"; done
}

# start_server CLASSPATH PORT LOG [JVM_FLAGS]: `serve` in the background (java JVM_FLAGS, word-split), its pid in SERVER_PID; waits until
# it listens (up to a minute); exit 2 with its log if it ends or never listens. Its stdin is a pipe
# only this shell writes (kept in KEPT_FDS), and `serve --exit-with-parent` stops at that pipe's
# end: when the script ends, even killed with SIGKILL, which no trap sees (a child still running,
# such as wrk, holds the pipe until it ends too).
# the command a server JVM starts under: none, or `taskset -c 0` (server-cpu-pair.sh --split-cores)
PIN_SERVER=()
start_server() {
  local stdin
  exec {stdin}> >(
    close_kept
    # shellcheck disable=SC2086 # JVM flags, word-split on purpose
    exec ${PIN_SERVER[@]+"${PIN_SERVER[@]}"} java ${4:-} -cp "$1" org.wirebench.bench.cli.WirebenchCli serve --exit-with-parent --port "$2" > "$3" 2>&1
  )
  SERVER_PID=$!
  KEPT_FDS+=" $stdin"
  for _ in $(seq 120); do
    (exec 3<> "/dev/tcp/127.0.0.1/$2") 2> /dev/null && return 0
    kill -0 $SERVER_PID 2> /dev/null || { cat "$3" >&2; echo "$ME: the server did not start" >&2; exit 2; }
    sleep 0.5
  done
  kill $SERVER_PID 2> /dev/null || true
  echo "$ME: the server did not listen on port $2 within a minute (its log: $3)" >&2
  exit 2
}

# wait_idle PID..: the WFS builds its layers' spatial indexes on its first request (~15 s of CPU,
# see get_capabilities): wait until the servers together use under a
# tenth of a core over a second, up to 3 minutes; status 1 if they never do
wait_idle() {
  local hz t
  hz=$(getconf CLK_TCK)
  for _ in $(seq 180); do
    t=$(ticks "$@")
    sleep 1
    [ $(($(ticks "$@") - t)) -lt $((hz / 10)) ] && return 0
  done
  return 1
}

# get_capabilities PORT: the first WFS request, which builds the spatial indexes
get_capabilities() {
  curl -s -o /dev/null "http://127.0.0.1:$1/ows?service=WFS&version=2.0.0&request=GetCapabilities"
}

# check_layers CLASSPATH LAYER,..: usage (exit 2) unless that build's WFS serves every layer, before
# any server starts (an unknown layer would otherwise fail only after the start and the warm-up,
# as a 400, exit 1). Its layers are its datasets (the capabilities list them all), which its
# `schema` command names when it refuses an unknown one: one short JVM, nothing served.
check_layers() {
  local out known layer
  out=$(java -cp "$1" org.wirebench.bench.cli.WirebenchCli schema --dataset no-such-layer --format gml32 2>&1 > /dev/null) || true
  [[ $out =~ valid:\ ([a-z0-9_]+(,\ [a-z0-9_]+)*) ]] || usage "could not list the layers of $1 (its schema command said '${out%%$'\n'*}')"
  known=${BASH_REMATCH[1]}
  for layer in ${2//,/ }; do
    [[ ", $known, " == *", $layer, "* ]] || usage "no layer '$layer' in $1; its layers: $known"
  done
}
