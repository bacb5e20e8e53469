#!/usr/bin/env bash
# Does compare see a planted 10% slowdown, and stay quiet on an A/A pair? (docs/measuring.md,
# "A/A and a planted 10%"). Runs GROUP's pairs alone, alternating base and planted runs (planted:
# variant VARIANT does every Nth operation twice, -Dwirebench.plant, which the forks' recorded JVM
# flags show), then compares each planted run with the base run before it, and each base run with
# the next. Prints one line a comparison and the two counts. Needs the jar (./wirebench builds it).
#
# Each trial is two suite runs of about BUDGET each and their JVM starts: 10 trials take ~25 min,
# so TRIALS is never implied: no arguments is refused (exit 2); -h/--help prints this comment.
set -euo pipefail
usage="usage: scripts/planted-trials.sh TRIALS(1..100) [GROUP=wfs-osm_places] [BUDGET=75s] [PLANT=gml2:10]"
refuse() { # MESSAGE: one line, exit 2, before any run
  echo "planted-trials: $1" >&2
  exit 2
}
case ${1:-} in -h | --help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;; esac
[[ $# -gt 0 ]] || refuse "TRIALS is needed: $usage"
[[ $# -le 4 ]] || refuse "takes at most 4 arguments, was $#: $usage"
trials=$1
group=${2:-wfs-osm_places}
budget=${3:-75s}
plant=${4:-gml2:10}
[[ "$trials" =~ ^[1-9][0-9]*$ && "$trials" -le 100 ]] || refuse "TRIALS must be 1..100, was '$trials'"
[[ "$group" =~ ^[a-z0-9_]+(-[a-z0-9_.]+)*$ ]] || refuse "GROUP must be one pair group (e.g. wfs-osm_places), was '$group'"
[[ "$budget" =~ ^([0-9]+(ms|s|m|h))+$ ]] || refuse "BUDGET must be a duration such as 75s or 4m30s, was '$budget'"
[[ "$plant" =~ ^[A-Za-z0-9_.-]+:[1-9][0-9]*$ ]] || refuse "PLANT must be VARIANT:N (N 1..), was '$plant'"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(mktemp -d /tmp/wirebench-planted.XXXXXX)"
cd "$here"

run() { # NAME [PLANT]
  local opts=""
  [[ -n "${2:-}" ]] && opts="-Dwirebench.plant=$2"
  JAVA_TOOL_OPTIONS="$opts" ./wirebench suite --quick --include none --load none \
    --pairs "$group" --pairs-budget "$budget" --name "$1" --out "$out" 2>/dev/null |
    sed -n 's/^results: //p'
}

# the pair rows compare flags, as "verdict claim ratio [low, high]"
flagged() { # BASE NEW
  ./wirebench compare --format json "$1" "$2" 2>/dev/null | /usr/bin/python3 -c '
import json, sys
c = json.load(sys.stdin)
for r in c["results"]:
    if r["group"] == "pair" and r["verdict"] == "regressed":
        k = r["cost"]
        print("regressed", r["label"], "%.3f [%.3f, %.3f]" % (k["ratio"], k["low"], k["high"]))
' || true
}

bases=("$(run base0)")
planted=()
for ((i = 1; i <= trials; i++)); do
  planted+=("$(run "planted$i" "$plant")")
  bases+=("$(run "base$i")")
done
hit=0
aa=0
for ((i = 0; i < trials; i++)); do
  p="$(flagged "${bases[$i]}" "${planted[$i]}")"
  a="$(flagged "${bases[$i]}" "${bases[$((i + 1))]}")"
  [[ -n "$p" ]] && hit=$((hit + 1))
  [[ -n "$a" ]] && aa=$((aa + 1))
  echo "trial $((i + 1)): planted ${p:-not flagged} | A/A ${a:-not flagged}"
done
echo "planted flagged in $hit of $trials; A/A flagged in $aa of $trials (runs under $out)"
