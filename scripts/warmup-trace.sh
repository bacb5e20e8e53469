#!/usr/bin/env bash
# How long a pair group's variants need to warm up before a fork's measured rounds (docs/measuring.md,
# "A group's warm-up, measured"): JVMS fresh JVMs with the forks' flags each warm GROUP's variants
# interleaved as a fork does (20 ms batches, an order shuffled each round, the cost clock) for
# TRACE_MS of cost a variant; for each of the group's claims, one line gives its ratio in each window
# of warm-up divided by its ratio in the trace's last fifth, one figure a JVM, and the first window
# from which every JVM stays within ±5%. Set a group's warm-up (bench-core's Warmups) from it when
# a group or a variant is added. A WFS group of 8 variants takes about 15 s a JVM at 1500.
#
#   ./mvnw -q -o -DskipTests package -pl bench-core -am   # bench-core/target/benchmarks.jar
#   scripts/warmup-trace.sh GROUP TRACE_MS(300..60000) JVMS(1..20)   # e.g. backend 4000 3
#
# Exit 0: traced; 1: a JVM failed; 2: could not run (bad arguments, no jar or java), in one line.
set -euo pipefail
case ${1:-} in -h | --help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;; esac
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAR=${JAR:-$ROOT/bench-core/target/benchmarks.jar}
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
command -v "$JAVA" > /dev/null || { echo "warmup-trace: no java to run ($JAVA)" >&2; exit 2; }
[ -f "$JAR" ] || { echo "warmup-trace: no $JAR; build it with ./mvnw -q -o -DskipTests package -pl bench-core -am" >&2; exit 2; }
exec "$JAVA" -cp "$JAR" org.wirebench.bench.pair.WarmupTrace "$@"
