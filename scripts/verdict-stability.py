#!/usr/bin/env python3
"""How many claim rows keep their verdict across runs (docs/measuring.md, "One answer a claim").

Reads the pairs table ("Claims measured as pairs") of each run's report.md — or, with --at REV, the
report.md committed at REV, to count with the verdicts an older commit rendered — and prints, per
row, its verdict in each run, then how many rows have one answer in all runs and how many one finer
verdict. The answer is the verdict cell up to its colon (holds, does not hold, inconclusive, target
met / missed); the finer verdict is the cell without its interval ("does not hold: smaller than
claimed or no difference"). Reports rendered before the answer existed have one verdict a row
(no difference, inconclusive, ...): both counts are then that verdict's.

  scripts/verdict-stability.py jmh-results/20261126-0{51151,54022,55626}-vm-732d583-quick-jdk17
  scripts/verdict-stability.py --at 3793c4e jmh-results/20261126-0{51151,54022,55626}-vm-732d583-quick-jdk17
"""
import argparse, re, subprocess, sys

ap = argparse.ArgumentParser()
ap.add_argument("runs", nargs="+")
ap.add_argument("--at", help="a git revision: read the report.md committed there")
a = ap.parse_args()


def report(run):
    if a.at:
        path = run.rstrip("/") + "/report.md"
        return subprocess.run(["git", "show", f"{a.at}:{path}"], check=True, capture_output=True, text=True).stdout
    return open(run + "/report.md").read()


rows, order = {}, []
for i, run in enumerate(a.runs):
    for line in report(run).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and re.match(r"(≥|≤) ", cells[3]):
            key = (cells[0], cells[1])
            if key not in rows:
                rows[key] = [None] * len(a.runs)
                order.append(key)
            rows[key][i] = cells[5]
if not order:
    sys.exit("no pairs table in these reports")


def answer(v):
    return v.split(": ", 1)[0]


def finer(v):
    return re.sub(r" \(the interval .*\)$", "", v)


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
    print(mark + ("  " if one_finer else "o ") + key[0] + " | " + key[1][:60] + " | " + " | ".join(map(finer, (v or "-" for v in vs))))
for k in ("claims", "targets", "all"):
    n, ans, fin = counts.get(k, [0, 0, 0])
    print(f"{k}: {n} rows; one answer in {len(a.runs)} runs: {ans}; one finer verdict: {fin}")
