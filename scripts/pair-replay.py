#!/usr/bin/env python3
"""Replays the pairs step's scheduler on recorded forks (docs/measuring.md, "Forks that disagree").

The forks of each group, pooled over the given runs (one commit, one machine), are the population;
each simulated run draws its forks from it without replacement, every fork taking its group's mean
recorded time (or, with --fork-seconds GROUP=S,.., S seconds: what a fork made cheaper, e.g. by a
shorter warm-up, buys in forks and width), under the budget of the runs' settings (or --budget seconds). It compares five
priorities for the free forks — "fewest" (fewest forks first), "modes" (groups whose open claims
have a two-mode variant first, as ForkModes finds them), "answer" (groups with a claim's answer
undecided first, then a finer verdict, then only a wide interval; within each as "modes"), "wide"
(session 22's PairScheduler: groups with an open claim wider than the target first, then the
rest, each tier as "answer"), "wide-own" (PairScheduler's since session 23: as "wide", but a group of
the first tier ranked by how open its wide claims are, not a narrow claim at its bound; --orders
picks some) — and prints how many of the claims' rows have one verdict in three
simulated runs and how many claims end wider than the target (±10%) in a run: the
answer (holds / does not hold / inconclusive, targets met / missed), the finer verdict (the one
region, else "inconclusive", the verdict before the answer existed) and the finer label (the regions
an interval covers, as the report names them); --subsets GROUP prints the verdicts of every subset
of 4, 5, 8 and 12 of that group's pooled forks. A fork's estimate is as its runs took it: the mean of
its rounds' log ratios less the settings' trimShare of them at each end (version 3; 0 before), or
--trim SHARE (0 ≤ SHARE < 0.5) to replay another. Needs scipy (Student's t).

  scripts/pair-replay.py jmh-results/20261126-0{51151,54022,55626}-vm-732d583-quick-jdk17
  scripts/pair-replay.py --orders wide-own --trim 0.2 jmh-results/20261127-08{1408,2718,4050}-vm-538006b-quick-jdk17

Exit 0: replayed; 2: could not (a run missing, a run given twice or copied — the same env.json
and files, whose forks would be pooled twice —, a number not in ASCII decimal digits, a pairs.json that PairedRuns.read would refuse — a
cost not a time, rounds unequal or fewer than two, an id twice, a claim of a variant its group lacks,
a key given twice, NaN or Infinity as a bare word, settings that are no schedule (minForks below 1,
maxForks below it, a fraction of a fork), a group no claim names —; pairs.json a link, a folder or
a FIFO, or larger than 64 MiB; a format version it does not know, or a field PairedRuns does not
have, as PairedRuns.read refuses them; a group with fewer forks over the runs than minForks; runs whose
settings, claims, variant order or a group's warm-up differ from the first's; --fork-seconds naming a
group the runs lack or one twice, or seconds not above 0). One line, no traceback.
"""
import argparse, itertools, json, math, os, random, re, statistics as st, sys
from collections import Counter
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from cli_values import decimal, whole  # noqa: E402  (scripts/lib, beside this script)
from run_files import PAIRS, PAIRS_NEWEST, check_fields, check_run_file, check_version, distinct_runs  # noqa: E402  (scripts/lib, beside this script)
import signal

# a reader that stops early (| head) ends the table quietly, not with a BrokenPipeError
signal.signal(signal.SIGPIPE, signal.SIG_DFL)


def refuse(msg):  # could not run: one line, exit 2
    print(f"pair-replay: {msg}", file=sys.stderr)
    sys.exit(2)


class Args(argparse.ArgumentParser):
    def error(self, message):
        refuse(message + "; usage: scripts/pair-replay.py [--budget S] [--sims N] [--subsets GROUP] [--orders O,..] [--trim SHARE] [--fork-seconds GROUP=S,..] RUN..")


if any(x in ("-h", "--help") for x in sys.argv[1:]):
    print(__doc__.strip())
    sys.exit(0)
try:
    from scipy.stats import t as student
except ImportError:
    refuse("needs scipy (Student's t): apt-get install python3-scipy")

ap = Args(add_help=False)
ap.add_argument("runs", nargs="+")
ap.add_argument("--budget", type=decimal, help="seconds; default: the runs' own")
ap.add_argument("--sims", type=whole, default=600, help="simulated runs, taken three at a time")
ap.add_argument("--subsets", help="a group id")
ap.add_argument("--orders", default="fewest,modes,answer,wide,wide-own",
                help="priorities to compare, comma-separated: fewest, modes, answer, wide, wide-own")
ap.add_argument("--trim", type=decimal, help="share of a fork's rounds left out at each end; default: the runs' own")
ap.add_argument("--fork-seconds", help="GROUP=SECONDS,..: a group's forks take this long instead of their recorded mean "
                "(what a cheaper fork, e.g. a shorter warm-up, buys in forks and width)")
a = ap.parse_args()
if a.trim is not None and not (0 <= a.trim < 0.5):
    refuse(f"--trim takes a share in [0, 0.5), not {a.trim}")
if a.budget is not None and not (0 < a.budget < 1e7):
    refuse(f"--budget takes seconds above 0, not {a.budget}")
ORDERS = ("fewest", "modes", "answer", "wide", "wide-own")
a.orders = a.orders.split(",")
if not a.orders or any(o not in ORDERS for o in a.orders):
    refuse(f"--orders takes some of {', '.join(ORDERS)}, comma-separated, not '{','.join(a.orders)}'")
if not 3 <= a.sims <= 100000:
    refuse(f"--sims takes 3..100000 (they are taken three at a time), not {a.sims}")
distinct_runs(a.runs, refuse, why="its forks would be pooled twice")


def strict_object(pairs):
    """An object whose keys are each given once: PairedRuns.read refuses a key given twice (json
    keeps the last, so an edit could change a cost while the first value stayed in sight)."""
    seen = {}
    for k, v in pairs:
        if k in seen:
            raise ValueError(f"key '{k}' given twice in one object")
        seen[k] = v
    return seen


def no_constant(name):  # NaN, Infinity, -Infinity as bare words: not JSON, as PairedRuns.read says
    raise ValueError(f"{name} is not a JSON value")


def read_pairs(run):
    path = check_run_file(run, "pairs.json", refuse)
    try:
        with open(path, "rb") as f:
            p = json.loads(f.read().decode("utf-8"), object_pairs_hook=strict_object, parse_constant=no_constant)
    except FileNotFoundError:
        refuse(f"{run}: no pairs.json (a run without the pairs step)")
    except OSError as e:
        refuse(f"{path}: cannot read: {e.strerror}")
    except (UnicodeDecodeError, ValueError) as e:
        refuse(f"{path}: not JSON: {e}")
    return p


P = [read_pairs(r) for r in a.runs]
KINDS = ("AT_LEAST", "AT_MOST", "NO_DIFFERENCE")


def number(x, lo, hi):  # a JSON number in [lo, hi]; bools and strings are not
    return isinstance(x, (int, float)) and not isinstance(x, bool) and lo <= x <= hi


def has(record, field):  # Jackson's reading: a field of null is one that is not there
    return record.get(field) is not None


def check(run, p):
    """What PairedRuns.read refuses, refused here too: a ratio is never taken of a file that is not
    what it says (a cost of 0 or below, rows of unequal rounds zipped short, a claim of a variant
    its group lacks, an id given twice)."""
    def bad(msg):
        refuse(f"{run}/pairs.json: {msg}")
    if not isinstance(p, dict):
        bad("not a JSON object")
    v = check_version(f"{run}/pairs.json", p, PAIRS_NEWEST, refuse)
    check_fields(f"{run}/pairs.json", p, PAIRS, refuse)
    s, gs, cs = p.get("settings"), p.get("groups"), p.get("claims")
    if not isinstance(s, dict) or not isinstance(gs, list) or not isinstance(cs, list):
        bad("settings, groups or claims missing")
    if (v >= 3) != has(s, "trimShare"):
        bad(f"format version {v} " + ("needs settings.trimShare" if v >= 3 else "has no settings.trimShare"))
    # version 4 keeps each group's warm-up in the group, none in the settings (PairedRuns.check)
    if (v >= 4) == has(s, "warmupMs"):
        bad(f"settings: warmupMs " + ("is there, which format version 4 did not have" if v >= 4 else "is missing or null"))
    if s.get("trimShare") is None:
        s["trimShare"] = 0
    if not (number(s["trimShare"], 0, 0.5) and s["trimShare"] < 0.5):
        bad(f"trimShare {s['trimShare']!r} is not in [0, 0.5): a fork would keep no round")
    if not number(s.get("confidence"), 1e-9, 1 - 1e-9):
        bad(f"confidence {s.get('confidence')!r} is not in (0, 1)")
    if not (number(s.get("targetHalfWidth"), 0, 1e15) and s["targetHalfWidth"] > 0):
        bad(f"settings.targetHalfWidth {s.get('targetHalfWidth')!r} is not a number above 0")
    # whole numbers, as the record's ints and longs (2.5 forks, or none, are no schedule): minForks 0
    # replayed a run of no forks (a StatisticsError), maxForks below it one that stops before it
    for key, least in (("minForks", 1), ("maxForks", s.get("minForks")), ("budgetMs", 1)):
        x = s.get(key)
        if not (isinstance(x, int) and not isinstance(x, bool) and number(least, 1, 1e15) and least <= x <= 1e15):
            bad(f"settings.{key} {x!r} is not a whole number of {least!r} or more")
    ids = set()
    for g in gs:
        if not isinstance(g, dict) or not isinstance(g.get("id"), str) or not isinstance(g.get("variants"), list) \
                or not isinstance(g.get("forks"), list) or not g["variants"] or not g["forks"]:
            bad("a group without its id, variants or forks")
        if g["id"] in ids:
            bad(f"group {g['id']} appears twice")
        ids.add(g["id"])
        vs = [x.get("id") if isinstance(x, dict) else None for x in g["variants"]]
        # an id of another type (a list) is no id: it was a TypeError (unhashable) here
        if not all(isinstance(x, str) for x in vs) or len(set(vs)) != len(vs):
            bad(f"group {g['id']}: a variant without id, or one named twice")
        if (v >= 4) != has(g, "warmupMs"):
            bad(f"group {g['id']}: warmupMs " + ("is missing or null" if v >= 4 else f"is there, which format version {v} did not have"))
        if v >= 4 and not (isinstance(g["warmupMs"], int) and not isinstance(g["warmupMs"], bool) and 0 <= g["warmupMs"] <= 1e15):
            bad(f"group {g['id']}: warmupMs {g['warmupMs']!r} is not a whole number of 0 or more")
        if not number(g.get("elapsedMs"), 1, 1e15):
            bad(f"group {g['id']}: elapsedMs {g.get('elapsedMs')!r} is not a time")
        if len(g["forks"]) > s["maxForks"]:
            bad(f"group {g['id']}: {len(g['forks'])} forks, more than maxForks {s['maxForks']}")
        for f in g["forks"]:
            rows = f.get("nsPerOp") if isinstance(f, dict) else None
            if not isinstance(rows, list) or len(rows) != len(vs) or not all(isinstance(r, list) for r in rows):
                bad(f"group {g['id']}: a fork without one row a variant")
            # ForkModes takes each fork's spread over its rounds: two at least
            if len({len(r) for r in rows}) != 1 or len(rows[0]) < 2:
                bad(f"group {g['id']}: a fork of unequal rounds, or of fewer than two")
            if not all(number(x, 1e-6, 86400e9) for r in rows for x in r):
                bad(f"group {g['id']}: a cost that is not a time (ns above 0)")
    cids = set()
    for c in cs:
        if not isinstance(c, dict) or not isinstance(c.get("id"), str) or c.get("kind") not in KINDS:
            bad("a claim without its id or a known kind")
        if c["id"] in cids:
            bad(f"claim {c['id']} appears twice")
        cids.add(c["id"])
        g = next((g for g in gs if g["id"] == c.get("group")), None)
        vs = [x["id"] for x in g["variants"]] if g else []
        if c.get("a") not in vs or c.get("b") not in vs:
            bad(f"claim {c['id']} names a group or variant the file does not hold")
        if not number(c.get("band"), 1e-9, 1e9) or not number(c.get("claimed"), 1e-9, 1e9):
            bad(f"claim {c['id']}: band or claimed ratio not above 0")
        if c["a"] == c["b"]:
            bad(f"claim {c['id']}: b is {c['b']}, the same variant as a: a ratio of 1 by definition")
        if v < 2 and c["kind"] == "NO_DIFFERENCE":
            bad(f"claim {c['id']}: kind NO_DIFFERENCE, which format version 1 did not have")
    # a group is run for its claims: one no claim names is a file whose claims were cut
    for g in gs:
        if not any(c["group"] == g["id"] for c in cs):
            bad(f"group {g['id']} is named by no claim: a group measured for none")


for run, p in zip(a.runs, P):
    check(run, p)
S = P[0]["settings"]
claims = P[0]["claims"]
groups = [g["id"] for g in P[0]["groups"]]
variants = {g["id"]: [v["id"] for v in g["variants"]] for g in P[0]["groups"]}
first = {g["id"]: g for g in P[0]["groups"]}


def warmup(p, g):
    return g["warmupMs"] if has(g, "warmupMs") else p["settings"]["warmupMs"]


pool = {g: [] for g in groups}
secs = {g: [] for g in groups}
SAME = ("confidence", "targetHalfWidth", "maxForks", "minForks", "budgetMs", "trimShare")
TRIM = S["trimShare"] if a.trim is None else a.trim
for run, p in zip(a.runs, P):
    # the first run's settings and claims judge every run's forks: pooled only when they agree
    for key in SAME:
        if p["settings"][key] != S[key]:
            refuse(f"{run}: settings.{key} {p['settings'][key]} where {a.runs[0]} has {S[key]}: pool runs of one suite only")
    if sorted(json.dumps(c, sort_keys=True) for c in p["claims"]) != sorted(json.dumps(c, sort_keys=True) for c in claims):
        refuse(f"{run}: its claims differ from {a.runs[0]}'s: pool runs of one suite only")
    for g in p["groups"]:
        if g["id"] not in pool:
            refuse(f"{run}: group {g['id']} is not in {a.runs[0]}: pool runs of one suite only")
        if [v["id"] for v in g["variants"]] != variants[g["id"]]:
            # a fork's rows are in its group's variant order: another order would pair the wrong rows
            refuse(f"{run}: group {g['id']} has variants {[v['id'] for v in g['variants']]}, {a.runs[0]} {variants[g['id']]}")
        # forks warmed for another time are another population (a ratio still warming in its first
        # rounds): PairedRuns.warmupMs, the group's own from version 4, the settings' before
        if warmup(p, g) != warmup(P[0], first[g["id"]]):
            refuse(f"{run}: group {g['id']} warmed {warmup(p, g)} ms a variant, {a.runs[0]} {warmup(P[0], first[g['id']])} ms: "
                   "pool runs of one warm-up only")
        pool[g["id"]] += g["forks"]
        secs[g["id"]].append(g["elapsedMs"] / 1000 / len(g["forks"]))
if a.subsets is not None and a.subsets not in pool:
    refuse(f"--subsets: no group '{a.subsets}'; the groups: {', '.join(groups)}")
for g in groups:
    if len(pool[g]) < S["minForks"]:
        # a simulated run starts every group with minForks forks drawn from its pool (an IndexError)
        refuse(f"group {g} has {len(pool[g])} forks in the runs given, fewer than minForks {S['minForks']}: "
               "no run can be replayed from them")
secs = {g: st.mean(v) for g, v in secs.items()}
if a.fork_seconds is not None:
    named = set()
    for item in a.fork_seconds.split(","):
        g, _, x = item.partition("=")
        if g in named:
            refuse(f"--fork-seconds names {g} twice")
        named.add(g)
        if g not in secs:
            refuse(f"--fork-seconds: no group '{g}'; the groups: {', '.join(groups)}")
        v = float(x) if re.fullmatch(r"[0-9]+(\.[0-9]+)?", x) else math.nan
        if not 0 < v < 1e6:
            refuse(f"--fork-seconds: {g} takes seconds above 0 (e.g. {g}=7.5), not '{x}'")
        secs[g] = v


def trimmed_mean(xs):  # PairedRatio.trimmedMean: floor(n × TRIM) left out at each end
    k = int(math.floor(len(xs) * TRIM + 1e-9))  # 100 × 0.29 is 28.999…: 29, as PairedRatio
    return st.mean(sorted(xs)[k:len(xs) - k])


def ratio(forks, g, c):
    ia, ib = variants[g].index(c["a"]), variants[g].index(c["b"])
    m = [trimmed_mean([math.log(x / y) for x, y in zip(f["nsPerOp"][ia], f["nsPerOp"][ib])]) for f in forks]
    mu = st.mean(m)
    if len(m) < 2:
        return math.exp(mu), None, None
    w = student.ppf(1 - (1 - S["confidence"]) / 2, len(m) - 1) * st.stdev(m) / math.sqrt(len(m))
    return math.exp(mu), math.exp(mu - w), math.exp(mu + w)


REGIONS = ["reversed", "no difference", "smaller", "holds"]


def regions(c, r):  # ClaimVerdict: the regions [L, H] covers, from the highest down
    _, l, h = r
    band = 1 + c["band"]
    size = max(band, c["claimed"] / band)

    def region(x):
        return 0 if x < 1 / band else 1 if x <= band else 2 if x < size else 3

    return tuple(REGIONS[i] for i in range(region(h), region(l) - 1, -1) if not (i == 2 and size <= band))


def answer(c, r):  # ClaimVerdict.Answer
    _, l, h = r
    if l is None:
        return "no interval"
    if c["kind"] == "AT_MOST":
        return "met" if h <= c["claimed"] else "missed" if l > c["claimed"] else "inconclusive"
    rs = regions(c, r)
    if c["kind"] == "NO_DIFFERENCE" or c["group"] == "calibration":  # A/A (version 1: its group)
        return "holds" if rs == ("no difference",) else "inconclusive" if "no difference" in rs else "does not hold"
    size = max(1 + c["band"], c["claimed"] / (1 + c["band"]))
    return "holds" if l >= size else "does not hold" if h < size else "inconclusive"


def verdict(c, r):  # the finer verdict: one region, else inconclusive (targets: their answer)
    if r[1] is None or c["kind"] == "AT_MOST":
        return answer(c, r)
    rs = regions(c, r)
    return rs[0] if len(rs) == 1 else "inconclusive"


def label(c, r):  # the report's verdict without its interval
    if r[1] is None or c["kind"] == "AT_MOST":
        return answer(c, r)
    return answer(c, r) + ": " + " or ".join(regions(c, r))


def two_modes(forks, i):  # ForkModes
    if len(forks) < 4:
        return False
    logs = [[math.log(v) for v in f["nsPerOp"][i]] for f in forks]
    x = sorted(st.median(l) for l in logs)
    noise = 1.25 * st.median(st.stdev(l) / math.sqrt(len(l)) for l in logs)
    for k in range(1, len(x)):
        gap, spread = x[k] - x[k - 1], max(x[k - 1] - x[0], x[-1] - x[k])
        if gap >= 0.05 and gap >= 3 * spread and gap >= 6 * noise:
            return True
    return False


def openness(forks, g, c):  # PairScheduler.Openness: 0 answer, 1 finer, 2 width, 3 closed
    r = ratio(forks, g, c)
    if answer(c, r) in ("inconclusive", "no interval"):
        return 0
    if verdict(c, r) == "inconclusive":
        return 1
    return 2 if max(r[2] / r[0] - 1, 1 - r[1] / r[0]) > S["targetHalfWidth"] else 3


def is_open(forks, g, c):
    return openness(forks, g, c) < 3


def wide(forks, g, c):  # its interval wider than the target (no interval: wide)
    r = ratio(forks, g, c)
    return r[1] is None or max(r[2] / r[0] - 1, 1 - r[1] / r[0]) > S["targetHalfWidth"]


def of(g):
    return [c for c in claims if c["group"] == g]


def schedule(draw, priority, budget):
    forks = {g: [] for g in groups}
    stopped = {}
    now = 0

    def judge(g):
        f = forks[g]
        stopped[g] = "max" if len(f) >= S["maxForks"] else None if any(is_open(f, g, c) for c in of(g)) else "decided"

    for g in groups:
        while len(forks[g]) < S["minForks"]:
            forks[g].append(draw[g].pop())
            now += secs[g]
        judge(g)
    while True:
        live = [g for g in groups if stopped[g] is None]
        if not live:
            return forks
        def disagree(g):
            return any(is_open(forks[g], g, c) and (two_modes(forks[g], variants[g].index(c["a"])) or two_modes(forks[g], variants[g].index(c["b"]))) for c in of(g))
        if priority == "fewest":
            key = lambda g: len(forks[g])
        elif priority == "modes":
            key = lambda g: (not disagree(g), len(forks[g]))
        elif priority == "answer":
            key = lambda g: (min(openness(forks[g], g, c) for c in of(g)), not disagree(g), len(forks[g]))
        elif priority == "wide":
            key = lambda g: (not any(is_open(forks[g], g, c) and wide(forks[g], g, c) for c in of(g)),
                             min(openness(forks[g], g, c) for c in of(g)), not disagree(g), len(forks[g]))
        else:  # "wide-own": in the wide tier, how open the group's wide claims are, not its narrow ones
            def own(g):
                w = [c for c in of(g) if is_open(forks[g], g, c) and wide(forks[g], g, c)]
                return (not w, min(openness(forks[g], g, c) for c in (w or of(g))))
            key = lambda g: (*own(g), not disagree(g), len(forks[g]))
        nxt = min(live, key=key)
        if secs[nxt] > budget - now or not draw[nxt]:
            stopped[nxt] = "budget"
            continue
        forks[nxt].append(draw[nxt].pop())
        now += secs[nxt]
        judge(nxt)


if a.subsets:
    g = a.subsets
    for n in (4, 5, 8, 12):
        counts = {c["id"]: Counter() for c in of(g)}
        subs = list(itertools.combinations(range(len(pool[g])), n))
        for sub in subs:
            for c in of(g):
                counts[c["id"]][verdict(c, ratio([pool[g][i] for i in sub], g, c))] += 1
        print(f"{n} of {len(pool[g])} forks ({len(subs)} subsets):")
        for cid, cnt in counts.items():
            print("  ", cid, ", ".join(f"{v} {x / len(subs):.0%}" for v, x in cnt.most_common()))
    raise SystemExit(0)

budget = a.budget or S["budgetMs"] / 1000
for priority in a.orders:
    res = []
    for seed in range(a.sims):
        rnd = random.Random(seed)
        f = schedule({g: rnd.sample(pool[g], len(pool[g])) for g in groups}, priority, budget)
        rs = {c["id"]: ratio(f[c["group"]], c["group"], c) for c in claims}
        res.append(({c["id"]: (answer(c, rs[c["id"]]), verdict(c, rs[c["id"]]), label(c, rs[c["id"]])) for c in claims},
                    {g: len(f[g]) for g in groups},
                    sum(wide(f[c["group"]], c["group"], c) for c in claims)))
    triples = [res[i:i + 3] for i in range(0, len(res) - 2, 3)]
    same = lambda tr, c, k: len({r[0][c["id"]][k] for r in tr}) == 1
    print(f"{priority} first, budget {budget:.0f} s, trim {TRIM:g}, {len(triples)} triples: rows with one answer / one finer verdict / "
          f"one finer label in three runs, on average of {len(claims)}: "
          + " / ".join(f"{st.mean(sum(same(tr, c, k) for c in claims) for tr in triples):.1f}" for k in range(3))
          + "; all rows alike in "
          + " / ".join(f"{sum(all(same(tr, c, k) for c in claims) for tr in triples)}" for k in range(3))
          + " triples")
    print("   mean forks:", ", ".join(f"{g} {st.mean(r[1][g] for r in res):.1f}" for g in groups))
    print(f"   claims wider than ±{S['targetHalfWidth']:.0%} a run: mean {st.mean(r[2] for r in res):.2f}, "
          f"runs with none {sum(r[2] == 0 for r in res) / len(res):.0%}")
    for c in claims:
        vs = Counter(r[0][c["id"]][0] for r in res)
        fs = Counter(r[0][c["id"]][1] for r in res)
        if len(vs) > 1 or len(fs) > 1:
            print(f"   {c['id']:<44} one answer in 3: {sum(same(tr, c, 0) for tr in triples) / len(triples):.0%}, "
                  f"one finer verdict: {sum(same(tr, c, 1) for tr in triples) / len(triples):.0%}; ",
                  ", ".join(f"{v} {x / len(res):.0%}" for v, x in vs.most_common()))
