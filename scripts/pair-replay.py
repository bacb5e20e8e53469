#!/usr/bin/env python3
"""Replays the pairs step's scheduler on recorded forks (docs/measuring.md, "Forks that disagree").

The forks of each group, pooled over the given runs (one commit, one machine), are the population;
each simulated run draws its forks from it without replacement, every fork taking its group's mean
recorded time, under the budget of the runs' settings (or --budget seconds). It compares the old
priority (fewest forks first) with the new one (groups whose open claims have a two-mode variant
first, as PairScheduler and ForkModes do) and prints how many of the claims' rows have one verdict
in three simulated runs; --subsets GROUP prints the verdicts of every subset of 4, 5, 8 and 12 of
that group's pooled forks. Needs scipy (Student's t).

  scripts/pair-replay.py jmh-results/20261126-0{51151,54022,55626}-vm-732d583-quick-jdk17
"""
import argparse, itertools, json, math, random, statistics as st
from collections import Counter
from scipy.stats import t as student

ap = argparse.ArgumentParser()
ap.add_argument("runs", nargs="+")
ap.add_argument("--budget", type=float, help="seconds; default: the runs' own")
ap.add_argument("--sims", type=int, default=600, help="simulated runs, taken three at a time")
ap.add_argument("--subsets", help="a group id")
a = ap.parse_args()

P = [json.load(open(r + "/pairs.json")) for r in a.runs]
S = P[0]["settings"]
claims = P[0]["claims"]
groups = [g["id"] for g in P[0]["groups"]]
variants = {g["id"]: [v["id"] for v in g["variants"]] for g in P[0]["groups"]}
pool = {g: [] for g in groups}
secs = {g: [] for g in groups}
for p in P:
    for g in p["groups"]:
        pool[g["id"]] += g["forks"]
        secs[g["id"]].append(g["elapsedMs"] / 1000 / len(g["forks"]))
secs = {g: st.mean(v) for g, v in secs.items()}


def ratio(forks, g, c):
    ia, ib = variants[g].index(c["a"]), variants[g].index(c["b"])
    m = [st.mean(math.log(x / y) for x, y in zip(f["nsPerOp"][ia], f["nsPerOp"][ib])) for f in forks]
    mu = st.mean(m)
    if len(m) < 2:
        return math.exp(mu), None, None
    w = student.ppf(1 - (1 - S["confidence"]) / 2, len(m) - 1) * st.stdev(m) / math.sqrt(len(m))
    return math.exp(mu), math.exp(mu - w), math.exp(mu + w)


def verdict(c, r):  # ClaimVerdict
    _, l, h = r
    if l is None:
        return "no interval"
    if c["kind"] == "AT_MOST":
        return "met" if h <= c["claimed"] else "missed" if l > c["claimed"] else "inconclusive"
    band = 1 + c["band"]
    size = max(band, c["claimed"] / band)
    if h < 1 / band:
        return "reversed"
    if l >= 1 / band and h <= band:
        return "no difference"
    if l >= size:
        return "holds"
    if l > band and h < size:
        return "smaller"
    return "inconclusive"


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


def is_open(forks, g, c):
    r = ratio(forks, g, c)
    return verdict(c, r) in ("inconclusive", "no interval") or max(r[2] / r[0] - 1, 1 - r[1] / r[0]) > S["targetHalfWidth"]


def of(g):
    return [c for c in claims if c["group"] == g]


def schedule(draw, new, budget):
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
        nxt = min(live, key=(lambda g: (not disagree(g), len(forks[g]))) if new else (lambda g: len(forks[g])))
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
for new in (False, True):
    res = []
    for seed in range(a.sims):
        rnd = random.Random(seed)
        f = schedule({g: rnd.sample(pool[g], len(pool[g])) for g in groups}, new, budget)
        res.append(({c["id"]: verdict(c, ratio(f[c["group"]], c["group"], c)) for c in claims}, {g: len(f[g]) for g in groups}))
    triples = [res[i:i + 3] for i in range(0, len(res) - 2, 3)]
    same = lambda tr, c: len({r[0][c["id"]] for r in tr}) == 1
    print(f"{'new' if new else 'old'} priority, budget {budget:.0f} s: rows with one verdict in three runs "
          f"{st.mean(sum(same(tr, c) for c in claims) for tr in triples):.1f} of {len(claims)} on average; "
          f"all rows in {sum(all(same(tr, c) for c in claims) for tr in triples)} of {len(triples)} triples")
    print("   mean forks:", ", ".join(f"{g} {st.mean(r[1][g] for r in res):.1f}" for g in groups))
    for c in claims:
        vs = Counter(r[0][c["id"]] for r in res)
        if len(vs) > 1:
            print(f"   {c['id']:<44} one verdict in 3: {sum(same(tr, c) for tr in triples) / len(triples):.0%}; ",
                  ", ".join(f"{v} {x / len(res):.0%}" for v, x in vs.most_common()))
