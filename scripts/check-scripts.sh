#!/usr/bin/env bash
# The scripts' own refusals, 263 cases in about 2 minutes of CPU (measured 2026-11-28: 1 min 44 s
# user and system; 1 min 28 s wall with nothing else running; each case starts a
# python3 or a JVM): every script's -h/--help prints its header and exits 0, and bad usage or
# input (a missing, unreadable, non-UTF-8, empty or malformed file or folder, a number such as
# '²0', a run given twice, an unknown layer) exits 2 with one line on stderr and no traceback.
# Starts no server and no wrk: the scripts that would are given only arguments they refuse first;
# a refusal of what the server or wrk cannot do (--count past the server's large page, fewer
# connections than wrk's threads, ...) is checked for its reason, and
# the scripts' copies of the Java side's bounds (scripts/lib/server-cpu-common.sh) against the
# source. Needs bash and python3; the unknown-layer cases need a built jar (JAR, default
# bench-core/target/benchmarks.jar) and are skipped without one. Also: no bash script
# expands a whole array unguarded (an error under set -u in bash < 4.4 when it is empty), every bash
# script using one of the bash 4 features listed below (a text check, not a parser) refuses an older
# bash (macOS's 3.2) in one line at its top, none uses a listed feature of bash 4.2 or later, and
# every scripts/lib file a script sources as "$ROOT/scripts/lib/…" is there (only that form, with
# or without braces or quotes, is read: a lib sourced otherwise is not checked).
# `./mvnw verify` runs it in bench-core's verify phase against the jar it built (skipped there
# without python3).
#
#   scripts/check-scripts.sh
#
# Exit 0: every case as expected; 1: a case not (listed); 2: could not run (no python3).
set -euo pipefail
case ${1:-} in -h | --help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;; esac
[ $# -eq 0 ] || { echo "check-scripts: takes no arguments" >&2; exit 2; }
command -v python3 > /dev/null || { echo "check-scripts: python3 is missing" >&2; exit 2; }
ROOT=$(cd "$(dirname "$0")/.." && pwd)
S=$ROOT/scripts
JAR=${JAR:-$ROOT/bench-core/target/benchmarks.jar}
W=$(mktemp -d /tmp/wirebench-check-scripts.XXXXXX)
trap 'rm -rf "$W"' EXIT
failed=0 cases=0

# expect CODE CMD..: CMD exits CODE; with CODE 2, one line on stderr and no traceback
expect() {
  local want=$1 got=0
  shift
  cases=$((cases + 1))
  timeout 60 "$@" > "$W/out" 2> "$W/err" < /dev/null || got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL (exit $got, not $want): $* :: $(head -c 300 "$W/err" | tr '\n' ' ')"
    failed=1
  elif [ "$want" = 2 ] && { [ "$(wc -l < "$W/err")" != 1 ] || grep -q Traceback "$W/err"; }; then
    echo "FAIL (not one line on stderr): $* :: $(head -c 300 "$W/err" | tr '\n' ' ')"
    failed=1
  fi
}

# said TEXT: the last case's stderr holds TEXT (a refusal for the reason meant, not an earlier one)
said() {
  grep -qF -- "$1" "$W/err" || { echo "FAIL (stderr lacks '$1'): $(head -c 300 "$W/err" | tr '\n' ' ')"; failed=1; }
}

# Bash before 4.4 (macOS ships 3.2) calls an empty array's "${a[@]}" an unbound variable under
# set -u, so every whole-array expansion in the bash scripts is written ${a[@]+"${a[@]}"}, empty or
# not. A line is read with its guarded expansions removed; any "${a[@]}", "${!a[@]}" or "${a[*]}"
# left is unguarded. (${#a[@]} and ${a[*]:+...} are safe in every bash and not matched.) Comment
# lines are skipped; this script, which holds the patterns as text and no array, is not read.
unguarded() {
  grep -nH '' "$@" \
    | grep -vE '^[^:]*:[0-9]+:[[:space:]]*#' \
    | sed -E 's/\$\{([A-Za-z_][A-Za-z0-9_]*)\[@\]\+"\$\{!?\1\[@\]\}"\}//g' \
    | grep -E '"\$\{!?[A-Za-z_][A-Za-z0-9_]*\[[@*]\]\}"' || true
}
cases=$((cases + 1))
scanned=()
for f in "$S"/*.sh "$S"/lib/*.sh "$ROOT/wirebench" "$ROOT/.ci/run"; do
  [ "$f" = "$S/check-scripts.sh" ] || scanned+=("$f")
done
bad=$(unguarded ${scanned[@]+"${scanned[@]}"})
[ -z "$bad" ] || { echo "FAIL: an array expansion without its \${a[@]+...} guard (bash < 4.4):"; echo "$bad"; failed=1; }
# the check can fail: an unguarded expansion is found, a guarded one is not
printf 'a=()\nexec "${a[@]}" x\nexec ${a[@]+"${a[@]}"} "${b[@]}"\nexec ${a[@]+"${a[@]}"} x\n' > "$W/arrays.sh"
[ "$(unguarded "$W/arrays.sh" | cut -d: -f2 | tr '\n' ' ')" = "2 3 " ] \
  || { echo "FAIL: the array-guard check does not find lines 2 and 3 of $W/arrays.sh"; failed=1; }

# Bash 4 features fail on macOS's bash 3.2 with bash's own cryptic error ("declare: -A: invalid
# option", "mapfile: command not found"), so a script using one, itself or through a scripts/lib
# file it sources, has GUARD as its first line after the header comment: bash < 4.1 is refused
# there in one line, exit 2. Checked as text (bash 3 is not here to run them); the guard's own
# refusal is run with BASH_VERSINFO renamed, as that array is read-only. 4.1, not 4: the scripts
# open files on {fd}. Features of bash 4.2 and later would need a higher guard: refused outright.
# The features are matched as text, those listed here; comment lines are not read; this script,
# which holds the patterns as text, is not read.
GUARD='((BASH_VERSINFO[0] * 100 + BASH_VERSINFO[1] >= 401)) || { echo "NAME: needs bash 4.1 or later, this is bash ${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}" >&2; exit 2; }'
# A command's name is matched only where a command starts: at the line's start, after ; & | ! { (
# or a backquote, or after a keyword that a command follows (if then elif else do while until time,
# and command or builtin), each with assignments (IFS= read) before it, so an option in a message
# ("cannot read the file given with -i") or another command's argument (go test -v) is not a use.
CMD='(^|[;&|!{(`]|(^|[^A-Za-z0-9_-])(if|then|elif|else|do|while|until|time|command|builtin)[[:space:]])[[:space:]]*([A-Za-z_][A-Za-z0-9_]*=[^[:space:]]*[[:space:]]+)*'
# associative, lower/upper-case declarations; mapfile, readarray, coproc; ${x^^} ${x,,}; {fd}>;
# |& and &>>; case's ;& and ;;&; shopts and brace steps (of numbers or letters) or zero padding of
# bash 4; $BASHPID; read's fractional -t and its -i; ${1,,} and ${@^^} too
BASH4="$CMD"'(declare|local|typeset)[[:space:]]+-[a-zA-Z]*[Alu]|'"$CMD"'(mapfile|readarray|coproc)([[:space:]]|$)|\$\{([A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?|[0-9]+|[@*])[\^,]|\$\{?BASHPID|'"$CMD"'read([[:space:]]+[^;|&<>]*)?[[:space:]]-[A-Za-z]*(t[[:space:]]*[0-9]*\.[0-9]|i)|\{[A-Za-z]\.\.[A-Za-z]\.\.|(^|[^$A-Za-z0-9_])\{[A-Za-z_][A-Za-z0-9_]*\}[<>]|\|&|&>>|;;&|;&[[:space:]]*$|'"$CMD"'shopt[[:space:]]+-s.*(globstar|autocd|checkjobs|dirspell)|\{-?[0-9]+\.\.-?[0-9]+\.\.|\{-?0[0-9]+\.\.'
# namerefs and globals, [[ -v ]], [ -v ] and test -v, wait -n, negative subscripts and substring
# lengths (${x:0:-1}), ${x@Q}, local -, printf %(..)T, mapfile -d and readarray -d (4.4), $'\u...',
# bash 5's variables
NEWER="$CMD"'(declare|local|typeset)[[:space:]]+-[a-zA-Z]*[gn]|'"$CMD"'local[[:space:]]+-([[:space:];]|$)|(\[\[?|'"$CMD"'test)[[:space:]]+(![[:space:]]+)?-v[[:space:]]|\$\{([A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?|[0-9]+|[@*]):([^-+=?}:][^}:]*)?:[[:space:]]*-|'"$CMD"'(mapfile|readarray)([[:space:]]+[^;|&<>]*)?[[:space:]]-[A-Za-z]*d|\$'\''[^'\'']*\\[uU]|'"$CMD"'wait[[:space:]]+-[npf]|\$\{[A-Za-z_][A-Za-z0-9_]*\[-[0-9]|\$\{[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?@[QEPAKaUuLk]\}|%\([^)]*\)T|inherit_errexit|lastpipe|EPOCHSECONDS|EPOCHREALTIME|SRANDOM|BASH_ARGV0'
code_lines() { grep -vE '^[[:space:]]*#' "$1" || true; }
# bash4 FILE...: "FILE: why" for each script using a bash 4 feature (or sourcing a lib that does)
# whose first line after its header is not GUARD with its own name, for each using a feature newer
# than the guard's 4.1 (libs included), and for each sourcing a lib that is not there. "$ROOT" is
# read as the nearest folder at or above the script's holding scripts/ (./wirebench's own, the
# parent of scripts/'s and of .ci/'s).
bash4() {
  local f root lib uses want first
  for f in "$@"; do
    root=$(cd "$(dirname "$f")" && pwd)
    while [ ! -d "$root/scripts" ] && [ "$root" != / ]; do root=$(dirname "$root"); done
    uses=""
    code_lines "$f" | grep -qE "$BASH4" && uses=itself
    code_lines "$f" | grep -qE "$NEWER" && echo "$f: uses a feature of bash 4.2 or later"
    for lib in $(code_lines "$f" | sed -nE 's#^[[:space:]]*(\.|source)[[:space:]]+"?\$\{?ROOT\}?/(scripts/lib/[A-Za-z0-9_.-]+)"?.*#\2#p'); do
      if [ ! -f "$root/$lib" ]; then
        echo "$f: sources $lib, which is not at $root/$lib"
      elif code_lines "$root/$lib" | grep -qE "$BASH4|$NEWER"; then
        uses="${uses:+$uses }$lib"
      fi
    done
    # a lib is sourced, never run: the scripts sourcing it carry the guard
    [ -n "$uses" ] && [[ $f != */scripts/lib/* ]] || continue
    want=${GUARD/NAME/$(basename "$f" .sh)}
    first=$(awk 'NR > 1 && !/^#/ && !/^[[:space:]]*$/ {print; exit}' "$f")
    [ "$first" = "$want" ] || echo "$f: uses bash 4 ($uses) without the bash 4.1 guard as its first line after the header"
  done
}
cases=$((cases + 1))
bad=$(bash4 ${scanned[@]+"${scanned[@]}"})
[ -z "$bad" ] || { echo "FAIL: a script needing bash 4 without its guard (bash 3.2 errs cryptically):"; echo "$bad"; failed=1; }
# the check can fail: each kind of feature without the guard, a lib's, one newer than 4.1; not a
# guarded script, a script without any, or a feature in a comment
mkdir -p "$W/b4/scripts/lib"
printf '%s\n' 'x() { :; }' 'exec {fd}> /dev/null' > "$W/b4/scripts/lib/fd.sh"
printf '%s\n' '#!/usr/bin/env bash' '# a header' '# declare -A x' 'set -eu' 'echo "${x[@]:-}"' > "$W/b4/scripts/none.sh"
printf '%s\n' '#!/usr/bin/env bash' '# a header' '' "${GUARD/NAME/ok}" 'declare -A x' 'mapfile -t y < /dev/null' > "$W/b4/scripts/ok.sh"
n=0
for line in 'declare -A x' 'local -A x' 'mapfile -t y < /dev/null' 'readarray y' 'coproc C { :; }' 'echo ${x^^}' \
  'echo ${y[0],,}' 'exec {fd}> /dev/null' 'x |& y' 'x &>> log' 'shopt -s globstar' 'echo {1..9..2}' \
  'echo {01..10}' '  a) x ;;&' '  a) x ;&' '. "$ROOT/scripts/lib/fd.sh"' 'echo "$BASHPID"' \
  'read -r -t 0.5 x' 'read -t .5 x' 'read -e -i yes x' 'echo "${1,,}"' 'set -- "${@^^}"' 'echo {a..z..2}' \
  'IFS= read -e -i yes x' 'while read -t 0.5 x; do :; done' 'f() { local -A m; }' 'x | mapfile -t y' \
  'if true; then shopt -s globstar; fi'; do
  n=$((n + 1))
  printf '%s\n' '#!/usr/bin/env bash' '# a header' 'set -eu' "$line" > "$W/b4/scripts/bad$n.sh"
done
# a guarded script using a feature newer than 4.1, or sourcing a lib that is not there, is still
# refused
for line in 'declare -n r=x' '[[ -v x ]]' '[ -v x ]' 'test -v x' 'if [ ! -v x ]; then :; fi' 'wait -n' \
  'echo ${a[-1]}' 'echo ${x@Q}' 'echo "${x:0:-1}"' 'echo "${x: 1 : -2}"' 'mapfile -d "" -t y < /dev/null' \
  'readarray -t -d , y < /dev/null' "printf '%s' \$'\\u00e9'" '. "$ROOT/scripts/lib/missing.sh"' \
  'if test -v x; then :; fi' 'true && test ! -v x' 'x=$(wait -n)' 'for i in 1; do local -n r=x; done'; do
  n=$((n + 1))
  printf '%s\n' '#!/usr/bin/env bash' "${GUARD/NAME/bad$n}" "$line" > "$W/b4/scripts/bad$n.sh"
done
# none of these is a feature of bash 4 or later: defaults, alternatives and substrings (with a ':' or
# a '-' in them), a read with a whole -t, an option -v or -i elsewhere, a command's name and option
# outside command position (in a message, as another command's argument)
printf '%s\n' '#!/usr/bin/env bash' '# a header' 'echo "${x:-a:-b}" "${x:+a:-b}" "${x:1:2}" "${x: -2}"' \
  'read -r -t 5 x' 'read -r x < <(grep -v -i x y | sort -d)' 'echo "${1:-}" "${@:2}"' \
  'go test -v ./...' './mvnw test -v -o' 'die "cannot read the file given with -i"' \
  'echo "no mapfile here, no coproc either"' 'echo "wait -n and declare -n are bash 4.3"' \
  'echo "a shopt -s globstar and local -A would need the guard"' \
  'echo "read -t 0.5 waits half a second"' > "$W/b4/scripts/plain.sh"
# a script at the root, as ./wirebench is, sourcing a lib: "$ROOT" is its own folder
printf '%s\n' '#!/usr/bin/env bash' '# a header' '. "$ROOT/scripts/lib/fd.sh"' > "$W/b4/top"
found=$(bash4 "$W/b4/scripts/"*.sh "$W/b4/top" | cut -d: -f1 | sed 's#.*/##' | sort -u | tr '\n' ' ')
want=$({ echo top; for i in $(seq $n); do echo "bad$i.sh"; done; } | sort | tr '\n' ' ')
[ "$found" = "$want" ] || { echo "FAIL: the bash-4 check finds [$found], not [$want] in $W/b4/scripts"; failed=1; }
# and the guard refuses: run with BASH_VERSINFO renamed, bash 3.2 exits 2 with one line, 4.1 passes
g=${GUARD//BASH_VERSINFO/V}
expect 2 bash -c "V=(3 2 57 1 release x); ${g/NAME/g}; echo past"
grep -qx 'g: needs bash 4.1 or later, this is bash 3.2' "$W/err" || { echo "FAIL: the guard said: $(cat "$W/err")"; failed=1; }
expect 0 bash -c "V=(4 1 0 1 release x); ${g/NAME/g}"
expect 0 bash -c "V=(5 0 0 1 release x); ${g/NAME/g}"
expect 2 bash -c "V=(4 0 0 1 release x); ${g/NAME/g}"

for f in "$S"/*.sh "$S"/*.py; do
  for h in -h --help; do
    if [[ $f == *.py ]]; then expect 0 python3 "$f" $h; else expect 0 bash "$f" $h; fi
    [ -s "$W/out" ] || { echo "FAIL: $f $h printed nothing"; failed=1; }
  done
done

# files of every bad kind
printf '\xff\xfe' > "$W/nonutf"
: > "$W/empty"
mkdir "$W/run" "$W/norun" "$W/badrun"
printf '\xff' > "$W/badrun/report.md"
printf '| study | claim | A ÷ B | claimed | measured | verdict |\n|---|---|---|---:|---:|---:|\n| c | row | x | ≥ 2 | 1.1 | holds |\n| c | row2 | x | ≥ 2 | 1.1 | holds |\n\n# next\n' > "$W/run/report.md"
printf '# nothing\n' > "$W/norun/report.md"

V=$S/verdict-stability.py
expect 2 python3 "$V"
expect 2 python3 "$V" "$W/run"
expect 2 python3 "$V" "$W/missing" "$W/run"
expect 2 python3 "$V" "$W/nonutf" "$W/run"
expect 2 python3 "$V" "$W" "$W/run"
expect 2 python3 "$V" "$W/badrun" "$W/run"
expect 2 python3 "$V" "$W/norun" "$W/run"
expect 2 python3 "$V" "$W/run" "$W/run/"
expect 2 python3 "$V" --at no-such-rev-xyz "$W/run" "$W/norun"
expect 2 python3 "$V" --bogus "$W/run" "$W/norun"
cp -r "$W/run" "$W/run2"
expect 0 python3 "$V" "$W/run" "$W/run2"
# a "|" in a cell, which the report writes as "\|", is no cell's end (the row was refused as cut)
mkdir "$W/pipe"
sed 's/| row2 |/| a \\| b |/' "$W/run/report.md" > "$W/pipe/report.md"
grep -qF '| a \| b |' "$W/pipe/report.md" || { echo "check-scripts: the pipe case's report.md was not made"; exit 1; }
cp -r "$W/pipe" "$W/pipe2"
expect 0 python3 "$V" "$W/pipe" "$W/pipe2"
# a report.md cut short is refused, not counted with its last rows "not in that run"
mkdir "$W/cut"
head -c -12 "$W/run/report.md" > "$W/cut/report.md" # mid-line
expect 2 python3 "$V" "$W/run" "$W/cut"
head -n 3 "$W/run/report.md" > "$W/cut/report.md" # at a line's end, inside the table
expect 2 python3 "$V" "$W/run" "$W/cut"
head -n 3 "$W/run/report.md" > "$W/cut/report.md" && printf '| c | row2 | x | ≥ 2 |\n\n' >> "$W/cut/report.md"
expect 2 python3 "$V" "$W/run" "$W/cut"
# a report.md that is no file of the run's own: a link (to a copy of a run's report: was counted as
# that run), a FIFO (open() waited for a writer)
mkdir "$W/linked" && ln -s "$W/run2/report.md" "$W/linked/report.md"
expect 2 python3 "$V" "$W/run" "$W/linked"
said "is a link, not a file of the run"
rm "$W/linked/report.md" && mkfifo "$W/linked/report.md"
expect 2 python3 "$V" "$W/run" "$W/linked"
said "is not a file"

# a copy of a run (the same env.json and files) is that run again (was counted as a second run
# that agrees)
mkdir "$W/vrun" && cp "$W/run/report.md" "$W/vrun/" && echo '{"startedUtc": "2026-11-28T00:00:00.123456789Z"}' > "$W/vrun/env.json"
cp -r "$W/vrun" "$W/vcopy"
expect 2 python3 "$V" "$W/vrun" "$W/vcopy"
said "is a copy of"

A=$S/aa-compares.py
# two runs of compare's fixtures (jmh.json only), the second less one result; a run whose env.json is not JSON
mkdir "$W/aa"
cp -r "$ROOT/src/test/runs/compare/base1" "$W/aa/one"
cp -r "$W/aa/one" "$W/aa/less"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d.pop(); json.dump(d, open(sys.argv[1], "w"))' "$W/aa/less/jmh.json"
# another run: its own start time (a copy, the same env.json, is the same run)
sed -i 's/"startedUtc" : "2026-11-22T05:11:39/"startedUtc" : "2026-11-22T05:11:40/' "$W/aa/less/env.json"
cp -r "$W/aa/one" "$W/aa/copy"
cp -r "$W/aa/less" "$W/aa/onecore"
sed -i 's/"cores" : 2,/"cores" : 1,/' "$W/aa/onecore/env.json"
cmp -s "$W/aa/one/env.json" "$W/aa/less/env.json" && { echo "check-scripts: the aa-compares fixtures' env.json were not made"; exit 1; }
cp -r "$W/aa/one" "$W/aa/bad"
echo '{' > "$W/aa/bad/env.json"
expect 2 python3 "$A"
expect 2 python3 "$A" "$W/aa/one"
expect 2 python3 "$A" --bogus "$W/aa/one" "$W/aa/less"
expect 2 python3 "$A" "$W/missing" "$W/aa/one"
said "no such run folder"
expect 2 python3 "$A" "$W/nonutf" "$W/aa/one"
said "a file, not a run folder"
expect 2 python3 "$A" "$W/aa/one" "$W/aa/less/../one/"
said "the same run as"
ln -s "$W/aa/one" "$W/aa/link"
expect 2 python3 "$A" "$W/aa/one" "$W/aa/link"
said "the same run as"
expect 2 env JAR="$W/no.jar" python3 "$A" "$W/aa/one" "$W/aa/less"
said "no jar at"
# refused before any compare (were: a folder that is no run after the pairs ahead of it were
# compared and printed; a file that is no jar as 'printed no JSON'; JAVA_HOME as its java's path)
expect 2 env JAR="$W/nonutf" python3 "$A" "$W/aa/one" "$W/aa/less"
said "not a wirebench jar"
expect 2 env JAVA_HOME="$W/missing" python3 "$A" "$W/aa/one" "$W/aa/less"
said "JAVA_HOME="
expect 2 python3 "$A" "$W/aa/one" "$W/aa/less" "$W/run"
said "has no env.json"
[ ! -s "$W/out" ] || { echo "FAIL: aa-compares compared runs before refusing a folder that is no run"; failed=1; }
expect 2 python3 "$A" "$W/aa/one" "$W/aa"
said "(a folder of"
# a copy of a run is that run again (was compared with it as an A/A pair that flags nothing)
expect 2 python3 "$A" "$W/aa/one" "$W/aa/less" "$W/aa/copy"
said "is a copy of"
if [ -f "$JAR" ]; then
  # compare's own refusal of a run it cannot read is passed on in its one line
  expect 2 env JAR="$JAR" python3 "$A" "$W/aa/one" "$W/aa/bad"
  said "is not JSON"
  # no pair left to count when every pair's hardware differs (was exit 0, "compared: 0")
  expect 2 env JAR="$JAR" python3 "$A" "$W/aa/one" "$W/aa/onecore"
  said "no A/A pair to count"
  # compare's exit 1 for a result missing in NEW is no regression (was counted as one)
  expect 0 env JAR="$JAR" python3 "$A" "$W/aa/one" "$W/aa/less"
  grep -q "a regression (exit 1): 0; a result missing in NEW (exit 1, not counted as a flag): 1" "$W/out" \
    || { echo "FAIL: aa-compares counts a result missing in NEW as a regression: $(tr '\n' ' ' < "$W/out")"; failed=1; }
fi

P=$S/server-cpu-pair.py
printf '1 1 osm_places gml32 a wfs 1000 50\n1 1 osm_places gml32 b wfs 1000 45\n1 2 osm_places gml32 a wfs 1000 52\n1 2 osm_places gml32 b wfs 1000 44\n' > "$W/raw"
expect 0 python3 "$P" "$W/raw" no
expect 2 python3 "$P"
expect 2 python3 "$P" "$W/missing" no
expect 2 python3 "$P" "$W" no
expect 2 python3 "$P" "$W/nonutf" no
expect 2 python3 "$P" "$W/empty" no
for line in '1 1 osm_places gml32 a wfs ²0 50' '1 1 osm_places gml32 a wfs 00 50' '1 1 osm_places gml32 a static 10 5' \
  '1 1 osm_places gml32 b codec 10 5' '1 2 osm_places gml32 b wfs 1000 44' '1 1 osm_places gml32 c wfs 10 5'; do
  { cat "$W/raw"; echo "$line"; } > "$W/raw2"
  expect 2 python3 "$P" "$W/raw2" no
done

E=$S/encode-vs-server.py
expect 2 python3 "$E"
expect 2 python3 "$E" "$W/missing"
expect 2 python3 "$E" "$W/raw"
mkdir "$W/evs"
printf '1²0 50\n' > "$W/evs/server.txt"
expect 2 python3 "$E" "$W/evs"

R=$S/pair-replay.py
if python3 -c 'import scipy' 2> /dev/null; then
  expect 2 python3 "$R"
  expect 2 python3 "$R" "$W/missing"
  expect 2 python3 "$R" "$W/raw"
  expect 2 python3 "$R" "$W/norun"
  printf '\xff' > "$W/norun/pairs.json"
  expect 2 python3 "$R" "$W/norun"
  echo '{"settings": 3}' > "$W/norun/pairs.json"
  expect 2 python3 "$R" "$W/norun"
  expect 2 python3 "$R" --sims x "$W/norun"
  # a committed run's pairs.json edited the ways PairedRuns.read refuses: never a ratio of them,
  # never a traceback (a cost of 0 was a ZeroDivisionError, unequal rounds were zipped short)
  P1=$ROOT/src/test/runs/calibration-v4/cal1
  python3 "$R" --sims 3 "$P1" > /dev/null || { echo "FAIL: pair-replay does not read $P1"; failed=1; }
  expect 2 python3 "$R" --sims 3 --orders bogus "$P1"
  expect 2 python3 "$R" --sims 3 --orders wide, "$P1"
  expect 2 python3 "$R" --sims 3 --trim 0.5 "$P1"
  expect 2 python3 "$R" --sims 3 --trim -0.1 "$P1"
  expect 2 python3 "$R" --sims 3 --fork-seconds nogroup=5 "$P1"
  said "--fork-seconds: no group 'nogroup'"
  expect 2 python3 "$R" --sims 3 --fork-seconds backend=0 "$P1"
  said "--fork-seconds: backend takes seconds above 0"
  expect 2 python3 "$R" --sims 3 --fork-seconds backend=５ "$P1"
  expect 2 python3 "$R" --sims 3 --fork-seconds backend=5,backend=6 "$P1"
  said "--fork-seconds names backend twice"
  python3 "$R" --sims 3 --trim 0.2 "$P1" > /dev/null || { echo "FAIL: pair-replay --trim 0.2 does not read $P1"; failed=1; }
  # version 4 as PairedRuns writes it, and as it was first written (the settings' warm-up null, which
  # Jackson reads as absent): read, not refused
  for e in 'del d["settings"]["warmupMs"]' 'd["settings"]["warmupMs"] = None'; do
    rm -rf "$W/v4" && mkdir "$W/v4"
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); d["formatVersion"] = 4; d["settings"]["trimShare"] = 0.2
exec(sys.argv[3])
for x in d["groups"]: x["warmupMs"] = 300
json.dump(d, open(sys.argv[2], "w"))' "$P1/pairs.json" "$W/v4/pairs.json" "$e"
    cases=$((cases + 1))
    python3 "$R" --sims 3 "$W/v4" > /dev/null || { echo "FAIL: pair-replay does not read version 4 ($e)"; failed=1; }
  done
  # forks pooled only when warmed alike: a version 4 run's groups' own warm-up against an older
  # run's settings' one (600 ms in $P1)
  for ms in 600 300; do
    rm -rf "$W/v4" && mkdir "$W/v4"
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); d["formatVersion"] = 4; d["settings"]["trimShare"] = 0
del d["settings"]["warmupMs"]
for x in d["groups"]: x["warmupMs"] = int(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))' "$P1/pairs.json" "$W/v4/pairs.json" "$ms"
    if [ "$ms" = 600 ]; then
      cases=$((cases + 1))
      python3 "$R" --sims 3 "$P1" "$W/v4" > /dev/null || { echo "FAIL: pair-replay does not pool runs warmed alike"; failed=1; }
    else
      expect 2 python3 "$R" --sims 3 "$P1" "$W/v4"
      said "group calibration warmed 300 ms a variant, $P1 600 ms: pool runs of one warm-up only"
    fi
  done
  # numbers as the Java command line reads them: Python's int() and float() took other scripts'
  # digits, '_' between digits ('0_1' was 1) and white space at either end
  for v in '--sims|٣' '--sims|1_0' '--sims| 3' '--trim|٠.٢' '--trim|0_1' '--budget|١٠'; do
    expect 2 python3 "$R" "${v%%|*}" "${v#*|}" "$P1"
    said "is not a"
  done
  # a copy of a run (the same env.json and files) is that run again: its forks were pooled twice
  cp -r "$P1" "$W/cal1copy"
  expect 2 python3 "$R" --sims 3 "$P1" "$W/cal1copy"
  said "is a copy of"
  for e in 'g[1]["forks"][0]["nsPerOp"][0][0] = 0' 'g[1]["forks"][0]["nsPerOp"][0][0] = -3' \
      'g[1]["forks"][0]["nsPerOp"][0][0] = "x"' 'g[1]["forks"][0]["nsPerOp"][0].pop()' \
      'g[1]["forks"][0]["nsPerOp"] = [r[:1] for r in g[1]["forks"][0]["nsPerOp"]]' \
      'd["formatVersion"] = 99' 'd["claims"][1]["a"] = "nope"' 'd["claims"][1]["band"] = -1' \
      'g.append(g[1])' 'd["claims"].append(d["claims"][1])' 'g[1]["elapsedMs"] = "5"' \
      'd["settings"]["trimShare"] = 0.2' 'd["formatVersion"] = 3' \
      'd["formatVersion"] = 3; d["settings"]["trimShare"] = 0.5' \
      'd["formatVersion"] = 3; d["settings"]["trimShare"] = "0.2"' \
      'd["formatVersion"] = 4; d["settings"]["trimShare"] = 0.2' 'g[1]["warmupMs"] = 300' \
      'd["formatVersion"] = 4; d["settings"]["trimShare"] = 0.2; del d["settings"]["warmupMs"]' \
      'd["formatVersion"] = 4; d["settings"]["trimShare"] = 0.2; del d["settings"]["warmupMs"]; [x.__setitem__("warmupMs", -1) for x in g]' \
      'd["settings"]["minForks"] = 0' 'd["settings"]["minForks"] = 2.5' 'd["settings"]["maxForks"] = 3' \
      'd["settings"]["minForks"] = 99; d["settings"]["maxForks"] = 99' \
      'g[1]["variants"][0]["id"] = ["x"]' 'd["claims"][1]["b"] = d["claims"][1]["a"]' \
      'd["claims"] = [c for c in d["claims"] if c["group"] != g[1]["id"]]' \
      'd["claims"][1]["kind"] = "NO_DIFFERENCE"' 'g[1]["elapsedMs"] = 0'; do
    rm -rf "$W/edited" && mkdir "$W/edited"
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); g = d["groups"]
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))' "$P1/pairs.json" "$W/edited/pairs.json" "$e"
    expect 2 python3 "$R" --sims 3 "$W/edited"
    expect 2 python3 "$R" --sims 3 "$P1" "$W/edited"
  done
  # a format version or a field PairedRuns.read does not know, refused by its rule (ResultFiles,
  # StrictJson) with the reason it gives: each was once replayed, the field ignored
  while IFS='|' read -r e why; do
    rm -rf "$W/edited" && mkdir "$W/edited"
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); g = d["groups"]
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))' "$P1/pairs.json" "$W/edited/pairs.json" "$e"
    expect 2 python3 "$R" --sims 3 "$W/edited"
    said "$why"
  done << 'EDITS'
d["formatVersion"] = 5|has format version 5; this script reads versions 1..4: update wirebench
d["formatVersion"] = "2"|has formatVersion "2", not a version number 1..4: not written by wirebench
d["formatVersion"] = 2.0|has formatVersion 2.0, not a version number
del d["formatVersion"]|has no formatVersion: not written by wirebench
d["settings"]["trimshare"] = 0.2|at settings.trimshare: unknown field "trimshare"
d["extra"] = 1|at extra: unknown field "extra"
g[1]["forks"][2]["cpu"] = [1]|at groups[1].forks[2].cpu: unknown field "cpu"
g[0]["variants"][1]["param"] = {}|at groups[0].variants[1].param: unknown field "param"
d["claims"][0]["note"] = "x"|at claims[0].note: unknown field "note"
EDITS
  # a benchmark's params are free keys, not fields: read
  rm -rf "$W/edited" && mkdir "$W/edited"
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); d["groups"][1]["variants"][0]["params"]["anyParam"] = "1"
json.dump(d, open(sys.argv[2], "w"))' "$P1/pairs.json" "$W/edited/pairs.json"
  python3 "$R" --sims 3 "$W/edited" > /dev/null || { echo "FAIL: pair-replay refuses a free key of params"; failed=1; }
  # the newest version it reads is the Java reader's
  java_newest=$(sed -n 's/.*int FORMAT_VERSION = \([0-9]*\);.*/\1/p' "$ROOT/results/src/main/java/org/wirebench/results/PairedRuns.java")
  py_newest=$(sed -n 's/^PAIRS_NEWEST = \([0-9]*\) .*/\1/p' "$S/lib/run_files.py")
  [ -n "$java_newest" ] && [ "$java_newest" = "$py_newest" ] \
    || { echo "FAIL: pair-replay reads versions 1..$py_newest, PairedRuns writes $java_newest"; failed=1; }
  # what is no JSON to PairedRuns.read (a key given twice: json kept the last; NaN as a bare word)
  # and a pairs.json that is no file of the run's own (a link, a folder, a FIFO: open() waited)
  rm -rf "$W/edited" && mkdir "$W/edited"
  sed '0,/"rounds" : 20,/s//"rounds" : 20, "rounds" : 21,/' "$P1/pairs.json" > "$W/edited/pairs.json"
  expect 2 python3 "$R" --sims 3 "$W/edited"
  said "key 'rounds' given twice"
  sed '0,/"confidence" : 0.99/s//"confidence" : NaN/' "$P1/pairs.json" > "$W/edited/pairs.json"
  expect 2 python3 "$R" --sims 3 "$W/edited"
  said "NaN is not a JSON value"
  rm "$W/edited/pairs.json" && ln -s "$P1/pairs.json" "$W/edited/pairs.json"
  expect 2 python3 "$R" --sims 3 "$W/edited"
  said "is a link, not a file of the run"
  rm "$W/edited/pairs.json" && mkdir "$W/edited/pairs.json"
  expect 2 python3 "$R" --sims 3 "$W/edited"
  rmdir "$W/edited/pairs.json" && mkfifo "$W/edited/pairs.json"
  expect 2 python3 "$R" --sims 3 "$W/edited"
  said "is not a file"
  # runs pooled under the first one's settings, claims and variant order: refused when they differ
  for e in 'd["settings"]["confidence"] = 0.5' 'g[1]["variants"].reverse()' 'd["claims"][1]["claimed"] = 9'; do
    rm -rf "$W/edited" && mkdir "$W/edited"
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); g = d["groups"]
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))' "$P1/pairs.json" "$W/edited/pairs.json" "$e"
    expect 2 python3 "$R" --sims 3 "$P1" "$W/edited"
  done
fi

T=$S/thread-cpu.py
expect 2 python3 "$T"
expect 2 python3 "$T" snap ²1 "$W/snap"
expect 2 python3 "$T" split "$W/missing" "$W/missing" 10
echo '[1]' > "$W/snap"
expect 2 python3 "$T" split "$W/snap" "$W/snap" 10

expect 2 python3 "$S/wfs-same-bytes.py" ² 2
expect 2 python3 "$S/wfs-same-bytes.py" 0 70000
H=$S/http-floor-peer.py
expect 2 python3 "$H" --rounds 0
said "--rounds takes 1..100"
expect 2 python3 "$H" --window ²0
expect 2 python3 "$H" --points osm_places:xml
said "FORMAT one of gml32, gml2, geojson"
expect 2 python3 "$H" --points osm_places:gml2,osm_places:gml2
said "names osm_places:gml2 twice"
expect 2 python3 "$H" --jar "$W/missing.jar"
said "no jar at"
expect 2 python3 "$H" --rounds
G=$S/gdal-wfs-compare.py
expect 2 python3 "$G"
expect 2 python3 "$G" diff "$W/missing" "$W/raw"
expect 2 python3 "$G" diff "$W/nonutf" "$W/raw"

expect 2 bash "$S/planted-trials.sh"
expect 2 env JAR="$W/no.jar" bash "$S/warmup-trace.sh" backend 900 1
said "warmup-trace: no $W/no.jar"
if [ -f "$JAR" ]; then
  # each refused by the tracer itself before any JVM is forked (one JVM start each)
  expect 2 env JAR="$JAR" bash "$S/warmup-trace.sh"
  said "takes 3 arguments, was 0"
  expect 2 env JAR="$JAR" bash "$S/warmup-trace.sh" nogroup 900 1
  said "no pair group 'nogroup'; the groups: calibration, wfs-osm_mainroads"
  expect 2 env JAR="$JAR" bash "$S/warmup-trace.sh" backend 299 1
  said "TRACE_MS must be 300..60000"
  expect 2 env JAR="$JAR" bash "$S/warmup-trace.sh" backend ９００ 1
  said "TRACE_MS must be 300..60000 (ms of cost a variant), was '９００'"
  expect 2 env JAR="$JAR" bash "$S/warmup-trace.sh" backend 900 21
  said "JVMS must be 1..20, was '21'"
  expect 2 env JAR="$JAR" bash "$S/warmup-trace.sh" --one nogroup 900
  said "no pair group 'nogroup'"
  expect 2 env JAR="$JAR" bash "$S/warmup-trace.sh" --one backend x
  said "TRACE_MS must be 300..60000"
fi
expect 2 bash "$S/gdal-codecs.sh" x
expect 2 bash "$S/gdal-wfs.sh"
expect 2 bash "$S/check-report.sh" "$W/missing"
expect 2 bash "$S/wms-peers.sh" nonsense
expect 2 bash "$S/server-cpu-pair.sh" --a "$W/missing" --b "$W/missing"
expect 2 bash "$S/server-cpu-pair.sh" --rounds
# any existing file passes the jar check, so the refusal is --split-cores's own
expect 2 bash "$S/server-cpu-pair.sh" --a "$S/server-cpu-pair.sh" --b "$S/server-cpu-pair.sh" --split-cores maybe
expect 2 bash "$S/driver-vs-wrk.sh" --rounds 0
# what the server or wrk cannot do is refused before anything starts, for that reason (no jar is
# needed: these come first); any existing file passes server-cpu-pair's jar check
X=$S/server-cpu-pair.sh
for script in "server-cpu.sh" "server-cpu-pair.sh --a $X --b $X" "encode-vs-server.sh --jar $X --out $W/evs-new"; do
  # shellcheck disable=SC2086 # the script and its arguments, word-split on purpose
  set -- $script
  expect 2 bash "$S/$1" "${@:2}" --count 10001
  said "--count takes 1..10000 features (the fixture server's large page"
  expect 2 bash "$S/$1" "${@:2}" --count 0
  said "--count takes 1..10000"
  expect 2 bash "$S/$1" "${@:2}" --users 1
  said "--users takes 2 or more connections (wrk -t2"
  expect 2 bash "$S/$1" "${@:2}" --users 999999
  said "ulimit -n allows"
done
[ ! -e "$W/evs-new" ] || { echo "FAIL: encode-vs-server.sh made --out before refusing"; failed=1; }
# a run whose pairs.json PairedRuns.read refuses (an unknown version or field) is refused before
# any load, not read for its costs after it (was: read, the field ignored)
mkdir "$W/cpu-run" && : > "$W/cpu-run/jmh.json"
echo '{"formatVersion": 5, "settings": {}, "groups": [], "claims": []}' > "$W/cpu-run/pairs.json"
expect 2 bash "$S/server-cpu.sh" --jar "$X" --jmh "$W/cpu-run"
said "server-cpu: $W/cpu-run/pairs.json has format version 5; this script reads versions 1..4"
echo '{"formatVersion": 3, "settings": {}, "groups": [{"id": "g", "cost": 1}], "claims": []}' > "$W/cpu-run/pairs.json"
expect 2 bash "$S/server-cpu.sh" --jar "$X" --jmh "$W/cpu-run"
said "at groups[0].cost: unknown field \"cost\""
expect 2 bash "$S/server-cpu.sh" --layers osm_places,osm_places
said "--layers names osm_places twice"
expect 2 bash "$S/server-cpu.sh" --formats ''
said "--formats takes names"
expect 2 bash "$S/server-cpu-pair.sh" --a "$X" --b "$X" --formats gml32,gml2,gml32
said "--formats names gml32 twice"
expect 2 bash "$S/server-cpu-pair.sh" --a "$X" --b "$X" --codec yes --window 3601
said "--window takes 1..3600 seconds"
expect 2 bash "$S/encode-vs-server.sh" --jar "$X" --out "$W/evs-new" --warmup 3601
said "--warmup takes 1..3600 seconds"
mkdir "$W/profiled"
expect 2 bash "$S/server-cpu.sh" --profile "$W/profiled"
said "--profile $W/profiled exists"
for bad in "--connections 1" "--connections 32,32" "--connections 10001" "--seconds 3601" "--warmup 3601" "--out $W/profiled"; do
  # shellcheck disable=SC2086 # an option and its value
  expect 2 bash "$S/driver-vs-wrk.sh" $bad
  said "${bad%% *}"
done
# the scripts' copies of the Java side's bounds (scripts/lib/server-cpu-common.sh) agree with it
# agree NAME FILE ERE SCALE: the lib's NAME is the number ERE's group reads in FILE, times SCALE
agree() {
  local lib java
  cases=$((cases + 1))
  lib=$(sed -nE "s/^$1=([0-9]+)$/\\1/p" "$S/lib/server-cpu-common.sh")
  java=$(sed -nE "s/.*$3.*/\\1/p" "$2" | head -1 | tr -d _)
  [ -n "$java" ] && [ -n "$lib" ] && [ "$lib" = "$(python3 -c "print(round($java * $4))")" ] \
    || { echo "FAIL: scripts/lib/server-cpu-common.sh's $1=$lib is not $2's ${java:-(not found)} × $4"; failed=1; }
}
J=$ROOT/fixtures-server/src/main/java/org/wirebench/server
agree LARGE_PAGE "$J/wfs/HeavyQueries.java" 'static final int LARGE_PAGE = ([0-9_]+);' 1
agree DRIVER_MAX_USERS "$J/load/scenario/ScenarioOptions.java" 'if \(n < 1 \|\| n > ([0-9_]+)\)' 1
agree DRIVER_MAX_PHASE_S "$J/load/cli/LoadCommand.java" 'MAX_PHASE = Duration.ofHours\(([0-9]+)\);' 3600
agree LOOP_MAX_S "$ROOT/bench-core/src/main/java/org/wirebench/bench/cli/EncodeLoopCommand.java" \
  'MAX_WINDOW_MS = ([0-9_]+);' 0.001
# ./wirebench whose build fails ran no command: exit 2, never the 1 of a command's own failure
# (compare's regression, to a CI job); a copy beside a mvnw that fails, so nothing is built
mkdir -p "$W/wb"
cp "$ROOT/wirebench" "$W/wb/wirebench"
printf '#!/usr/bin/env bash\nexit 1\n' > "$W/wb/mvnw"
chmod +x "$W/wb/wirebench" "$W/wb/mvnw"
cases=$((cases + 1))
got=0
"$W/wb/wirebench" compare A B > /dev/null 2> "$W/err" < /dev/null || got=$?
[ "$got" = 2 ] && tail -1 "$W/err" | grep -qF "the build failed, so the command did not run" \
  || { echo "FAIL (exit $got, not 2): ./wirebench with a failing build :: $(tr '\n' ' ' < "$W/err")"; failed=1; }
# no java to run: 2 in one line before any build (was bash's 127 "No such file or directory")
expect 2 env JAVA_HOME="$W/missing" "$W/wb/wirebench" --help
said "has no bin/java to run"
mkdir "$W/nojava"
ln -s "$(command -v dirname)" "$W/nojava/dirname"
expect 2 env -u JAVA_HOME PATH="$W/nojava" "$BASH" "$W/wb/wirebench" --help
said "no java on the PATH"
if [ -f "$JAR" ]; then
  # each for its reason, on a machine with wrk or without (the layer is checked first)
  expect 2 bash "$S/server-cpu-pair.sh" --a "$JAR" --b "$JAR" --layers no_such_layer
  said "no layer 'no_such_layer'"
  expect 2 bash "$S/server-cpu.sh" --jar "$JAR" --layers osm_places,no_such_layer
  said "no layer 'no_such_layer'"
  expect 2 bash "$S/encode-vs-server.sh" --jar "$JAR" --out "$W/evs-out" --layer no_such_layer
  said "no layer 'no_such_layer'"
  [ ! -e "$W/evs-out" ] || { echo "FAIL: encode-vs-server.sh made --out before refusing"; failed=1; }
else
  echo "check-scripts: no $JAR: the unknown-layer cases skipped"
fi
echo "check-scripts: $cases cases, $([ $failed = 0 ] && echo "all as expected" || echo "FAILURES above")"
exit $failed
