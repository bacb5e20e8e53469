#!/usr/bin/env python3
"""How many claim rows keep their verdict across runs (docs/measuring.md, "One answer a claim").

Reads the pairs table ("Claims measured as pairs") of each run's report.md — or, with --at REV, the
report.md committed at REV, to count with the verdicts an older commit rendered — and prints, per
row, its verdict in each run (the columns numbered as the runs are in the header), then how many rows
have one answer in all runs and how many one finer verdict. The answer is the verdict cell up to its
colon (holds, does not hold, inconclusive, target met / missed); the finer verdict is the cell
without its interval ("does not hold: smaller than claimed or no difference"). Reports rendered
before the answer existed have one verdict a row (no difference, inconclusive, ...): both counts are
then that verdict's.

  scripts/verdict-stability.py jmh-results/20261126-0{51151,54022,55626}-vm-732d583-quick-jdk17
  scripts/verdict-stability.py --at 3793c4e jmh-results/20261126-0{51151,54022,55626}-vm-732d583-quick-jdk17

Exit 0: counted; 2: could not count (fewer than two runs, a run given twice or copied, a run or its report.md
missing, unreadable, cut short or without a pairs table, a link or no regular file, an unknown
REV). One line on stderr, no traceback.
"""
import os, re, signal, subprocess, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from run_files import check_run_file, distinct_runs  # noqa: E402  (scripts/lib, beside this script)

# a reader that stops early (| head) ends the table quietly, not with a BrokenPipeError
signal.signal(signal.SIGPIPE, signal.SIG_DFL)

USAGE = "usage: scripts/verdict-stability.py [--at REV] RUN RUN [RUN..]"


def refuse(msg):
    print(f"verdict-stability: {msg}", file=sys.stderr)
    sys.exit(2)


args, at = sys.argv[1:], None
if args and args[0] in ("-h", "--help"):
    print(__doc__.strip())
    sys.exit(0)
if args and args[0] == "--at" or args and args[0].startswith("--at="):
    if args[0] == "--at":
        if len(args) < 2:
            refuse("--at needs a revision; " + USAGE)
        at, args = args[1], args[2:]
    else:
        at, args = args[0][5:], args[1:]
bad = [x for x in args if x.startswith("-")]
if bad:
    refuse(f"unknown option {bad[0]}; " + USAGE)
if len(args) < 2:
    refuse(f"needs two runs or more to compare, got {len(args)}; " + USAGE)


# the same run given twice (another spelling of one folder, a copy of it) would count as two runs
# that agree; at REV, a run is its path in the commit
distinct_runs(args, refuse, key=os.path.normpath if at else os.path.realpath, copies=not at)

if at:
    try:
        rev = subprocess.run(["git", "rev-parse", "--verify", "--quiet", at + "^{commit}"],
                             capture_output=True, text=True)
    except OSError as e:
        refuse(f"--at {at}: cannot run git: {e}")
    if rev.returncode != 0:
        refuse(f"--at {at}: no such commit in this repository")


def report(run):
    if at:
        path = os.path.normpath(run) + "/report.md"
        got = subprocess.run(["git", "show", f"{at}:{path}"], capture_output=True)
        if got.returncode != 0:
            refuse(f"{path}: not in commit {at} (give run folders as paths from the repository's root)")
        data = got.stdout
    else:
        path = check_run_file(run, "report.md", refuse)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            refuse(f"{run}: no report.md: not a run folder")
        except OSError as e:
            refuse(f"{path}: cannot read: {e.strerror}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        refuse(f"{path}: not UTF-8 (byte {e.start})")


HEADER = "| study | claim | A ÷ B | claimed | measured | verdict |"


def cells(line):
    """A table row's cells: the report's Markdown writes a "|" inside a cell as "\\|", which is no
    cell's end."""
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]


def table_lines(run, text):
    """The pairs table's rows; a report.md cut short (a copy or a write that did not finish) is
    refused, not counted with its last rows "not in that run": it ends mid-line, the table runs to
    the end of the file, or a row of it lacks cells."""
    where = f"{run}: report.md{' at ' + at if at else ''}"
    if text and not text.endswith("\n"):
        refuse(f"{where} ends mid-line: cut short")
    lines = text.split("\n")
    out = []
    for k, line in enumerate(lines):
        if line.strip() != HEADER:
            continue
        j = k + 1
        while j < len(lines) and lines[j].startswith("|"):
            if len(cells(lines[j])) != 6:
                refuse(f"{where}: line {j + 1} of the pairs table has not its 6 cells: cut short or edited")
            out.append(lines[j])
            j += 1
        if j >= len(lines) - 1:
            refuse(f"{where}: the pairs table runs to the end of the file: cut short")
    return out


rows, order = {}, []
for i, run in enumerate(args):
    found = 0
    for line in table_lines(run, report(run)):
        row = cells(line)
        if len(row) == 6 and re.match(r"(≥|≤) ", row[3]):
            found += 1
            key = (row[0], row[1])
            if key not in rows:
                rows[key] = [None] * len(args)
                order.append(key)
            elif rows[key][i] is not None:
                refuse(f"{run}: the row '{key[0]} | {key[1]}' twice in its pairs table")
            rows[key][i] = row[5]
    if not found:
        refuse(f"{run}: no pairs table (\"Claims measured as pairs\") in its report.md{' at ' + at if at else ''}")


def answer(v):
    return v.split(": ", 1)[0]


def finer(v):
    return re.sub(r" \(the interval .*\)$", "", v)


print(f"# runs{' (report.md at ' + at + ')' if at else ''}: " + ", ".join(f"{i + 1} = {r}" for i, r in enumerate(args)))
print("# * = not one answer in every run, o = not one finer verdict; - = the row is not in that run")
print("#    claim | row | " + " | ".join(f"run {i + 1}" for i in range(len(args))))
counts = {}
for key in order:
    vs = rows[key]
    one_answer = None not in vs and len({answer(v) for v in vs}) == 1
    one_finer = None not in vs and len({finer(v) for v in vs}) == 1
    kind = "targets" if key[0] == "target" else "claims"
    for k in (kind, "all"):
        c = counts.setdefault(k, [0, 0, 0])
        c[0] += 1
        c[1] += one_answer
        c[2] += one_finer
    mark = "  " if one_answer else "* "
    print(mark + ("  " if one_finer else "o ") + key[0] + " | " + key[1] + " | " + " | ".join(map(finer, (v or "-" for v in vs))))
for k in ("claims", "targets", "all"):
    n, ans, fin = counts.get(k, [0, 0, 0])
    print(f"{k}: {n} rows; one answer in {len(args)} runs: {ans}; one finer verdict: {fin}")
