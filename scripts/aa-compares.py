#!/usr/bin/env python3
"""How often compare flags a change between runs of the same code (docs/measuring.md, "A/A across
whole runs"): every pair of the runs given, the earlier argument as BASE, is compared with
`wirebench compare --format json`, and each row compare calls regressed or improved is printed.
Give only runs of code that measures the same (one commit, or commits that change no measured code):
each pair is then an A/A one, and every flag a false alarm. A pair whose machines differ in hardware
(CPU model or core count, as compare reads them) is no A/A pair: it is listed and not counted.

  scripts/aa-compares.py jmh-results/20261128-1{02159,03546,04947}-vm-fd8878e-quick-jdk17

Prints one line a pair, then the counts: pairs compared, pairs that flag any row, pairs with a
regression (compare's exit 1; its other exit 1, a result missing in NEW, is counted apart: such a
pair's runs did not measure the same rows), and the flagged rows by kind. Needs the jar (JAR, default
bench-core/target/benchmarks.jar; ./wirebench builds it) and java.

Exit 0: counted; 2: could not count (fewer than two runs, a run given twice or copied, a folder
without env.json, no wirebench jar, no java, all refused before any compare; compare could not read
a run: its one line is passed on; every pair's hardware differs: no A/A pair). One line on stderr,
no traceback.
"""
import itertools, json, os, shutil, signal, subprocess, sys, zipfile
from collections import Counter
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from run_files import distinct_runs  # noqa: E402  (scripts/lib, beside this script)

# a reader that stops early (| head) ends the list quietly, not with a BrokenPipeError
signal.signal(signal.SIGPIPE, signal.SIG_DFL)

USAGE = "usage: scripts/aa-compares.py RUN RUN [RUN..]"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAIN = "org.wirebench.bench.cli.WirebenchCli"


def refuse(msg):
    print(f"aa-compares: {msg}", file=sys.stderr)
    sys.exit(2)


args = sys.argv[1:]
if args and args[0] in ("-h", "--help"):
    print(__doc__.strip())
    sys.exit(0)
bad = [x for x in args if x.startswith("-")]
if bad:
    refuse(f"unknown option {bad[0]}; " + USAGE)
if len(args) < 2:
    refuse(f"needs two runs or more, got {len(args)}; " + USAGE)
for run in args:
    if not os.path.isdir(run):
        refuse(f"{run}: " + ("a file, not a run folder" if os.path.exists(run) else "no such run folder"))
    # compare's own mark of a run, checked here so that a bad folder last in the list is refused
    # before the pairs ahead of it are compared and printed
    if not os.path.isfile(os.path.join(run, "env.json")):
        try:
            runs = [d for d in sorted(os.listdir(run)) if os.path.isfile(os.path.join(run, d, "env.json"))]
        except OSError:
            runs = []
        inside = f" (a folder of {len(runs)} runs: give them, e.g. {os.path.join(run, runs[0])})" if runs else ""
        refuse(f"{run} has no env.json: not a wirebench run{inside}")
# the same run twice, or a copy of it (cp -r), would count as an A/A pair that flags nothing
distinct_runs(args, refuse)
jar = os.environ.get("JAR") or os.path.join(ROOT, "bench-core", "target", "benchmarks.jar")
if not os.path.isfile(jar):
    refuse(f"no jar at {jar}: build it first (./wirebench --help builds it)")
try:
    with zipfile.ZipFile(jar) as z:
        z.getinfo(MAIN.replace(".", "/") + ".class")
except (zipfile.BadZipFile, KeyError, OSError):
    refuse(f"{jar} is not a wirebench jar (no {MAIN} in it)")
if os.environ.get("JAVA_HOME"):
    java = os.path.join(os.environ["JAVA_HOME"], "bin", "java")
    if not os.access(java, os.X_OK):
        refuse(f"JAVA_HOME={os.environ['JAVA_HOME']} has no bin/java to run")
else:
    java = shutil.which("java") or refuse("no java on the PATH and no JAVA_HOME")


def compare(base, new):
    cmd = [java, "-cp", jar, MAIN, "compare", "--format", "json", base, new]
    try:
        got = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        refuse(f"cannot run {java}: {e.strerror}")
    doc = None
    if got.returncode in (0, 1):
        try:
            doc = json.loads(got.stdout)
        except ValueError:
            pass
    if doc is None:
        # compare's refusal is its last line; a JVM that could not start says why first
        lines = got.stderr.strip().splitlines()
        why = (lines[-1] if got.returncode == 2 else lines[0]) if lines else f"exit {got.returncode}, no JSON"
        refuse(f"compare {base} {new} could not run: {why}")
    return doc


def interval(row):
    c = row.get("cost") or {}
    if c.get("low") is None:
        return f"{c.get('ratio', float('nan')):.3f}"
    return f"{c['ratio']:.3f} [{c['low']:.3f}, {c['high']:.3f}]"


def kind(row):
    return row.get("pairKind") or row["kind"]


pairs = flagging = regressing = lacking = skipped = 0
by_kind = Counter()
for base, new in itertools.combinations(args, 2):
    doc = compare(base, new)
    machines = doc.get("machines") or {}
    name = f"{os.path.basename(os.path.normpath(base))} -> {os.path.basename(os.path.normpath(new))}"
    if machines.get("hardware"):
        skipped += 1
        print(f"{name}: skipped, the machines' hardware differs ({', '.join(machines['hardware'])})")
        continue
    pairs += 1
    flags = [r for r in doc["results"] if r["verdict"] in ("regressed", "improved")]
    flagging += bool(flags)
    # compare exits 1 on a result missing in NEW as well as on a regression: said apart
    missing = len(doc.get("missingInNew") or [])
    regressing += any(r["verdict"] == "regressed" for r in flags)
    lacking += missing > 0
    differ = "machines DIFFER, " if machines.get("differ") else ""
    gone = f"{missing} result(s) missing in NEW, " if missing else ""
    said = "; ".join(f"{r['verdict']} {r['label']} {interval(r)}" for r in flags) or "nothing flagged"
    print(f"{name}: {differ}exit {doc['exitCode']}, {gone}{said}")
    by_kind.update(f"{kind(r)} {r['verdict']}" for r in flags)
if pairs == 0:
    refuse("no A/A pair to count: in every pair the machines' hardware differs")
print(f"A/A pairs compared: {pairs}; flagging a row: {flagging}; a regression (exit 1): {regressing}"
      + (f"; a result missing in NEW (exit 1, not counted as a flag): {lacking}" if lacking else "")
      + (f"; skipped (hardware differs): {skipped}" if skipped else ""))
if by_kind:
    print("flagged rows: " + ", ".join(f"{k} {n}" for k, n in sorted(by_kind.items())))
