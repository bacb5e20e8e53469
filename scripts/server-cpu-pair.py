#!/usr/bin/env python3
"""The table of scripts/server-cpu-pair.sh (issue 27): B's server CPU a request over A's, per point.

  server-cpu-pair.py RAW STATIC [CODEC]  # RAW: one window a line, "fork round layer format server
                                         # kind requests ticks" (server a or b, kind wfs or static;
                                         # or server b, kind codec, requests = encodes; a line
                                         # without the fork, as the script wrote before it had
                                         # forks, is fork 1); STATIC and CODEC yes or no (CODEC no
                                         # when left out)

Per point and kind: A's and B's median CPU ms a request over the rounds (ticks ÷ CLK_TCK ÷ requests),
B ÷ A as the geometric mean of the rounds' ratios with its 99% t-interval over the rounds (on the
log scale, df = rounds − 1), and the verdict of that interval against 1. With several forks (fresh
JVMs each), a fork's ratio is the geometric mean of its rounds', and B ÷ A is the geometric mean of
the forks' with the 99% t-interval over the forks (df = forks − 1): two JVMs of one jar differ more
than rounds within them show, so only the forks' spread holds that; the last column lists the forks'
ratios. With STATIC yes, a third
row, wfs-own: each server's WFS ms a request less its /static/N ms a request in the same round, the
rounds' ratios of those, when every round's own part is above 0 for both (else no ratio is given).
With CODEC yes, two more rows: codec, the median CPU ms of one encode in B's encode-loop windows,
and target, B's WFS ms a request ÷ that ms an encode of the same round (issue 27's ratio), its
geometric mean over the rounds with the 99% t-interval, verdict against the issue's bound 1.5: met
if the whole interval is ≤ 1.5, missed if it is wholly above, else inconclusive (the report's
word for a target whose interval holds its bound).
Exit 2 on bad usage or a RAW that is missing, unreadable, not UTF-8, empty or malformed (a line that
is not a window, a second window of one fork, round, point, server and kind, a static window with
STATIC no, a codec window with CODEC no), in one line.
"""
import math
import os
import re
import statistics
import signal
import sys

# a reader that stops early (| head) ends the table quietly, not with a BrokenPipeError
signal.signal(signal.SIGPIPE, signal.SIG_DFL)

# Student's t, two-sided 99% (the 0.995 quantile), df 1..30
TARGET = 1.5  # issue 27: server CPU a WFS GetFeature at most 1.5x the encoder's time

T995 = [63.657, 9.925, 5.841, 4.604, 4.032, 3.707, 3.499, 3.355, 3.250, 3.169,
        3.106, 3.055, 3.012, 2.977, 2.947, 2.921, 2.898, 2.878, 2.861, 2.845,
        2.831, 2.819, 2.807, 2.797, 2.787, 2.779, 2.771, 2.763, 2.756, 2.750]


def t995(df):
    if df <= 30:
        return T995[df - 1]
    # Cornish-Fisher expansion around the normal quantile: within 1e-3 of the table above df 30
    z = 2.5758293035489
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3))


def ratio(pairs):
    """(geometric mean, low, high, the forks' ratios) of b / a over {(fork, round): (a, b)}: over
    the rounds with one fork, over the forks' geometric means with several; None when a value is
    not > 0 or there are too few to give an interval."""
    if any(a <= 0 or b <= 0 for a, b in pairs.values()):
        return None
    forks = {}
    for (fork, _), (a, b) in pairs.items():
        forks.setdefault(fork, []).append(math.log(b) - math.log(a))
    if len(forks) > 1:
        logs = [statistics.fmean(v) for _, v in sorted(forks.items())]
    else:
        logs = [x for v in forks.values() for x in v]
    if len(logs) < 2:
        return None
    m = statistics.fmean(logs)
    half = t995(len(logs) - 1) * statistics.stdev(logs) / math.sqrt(len(logs))
    fork_ratios = [math.exp(x) for x in logs] if len(forks) > 1 else []
    return math.exp(m), math.exp(m - half), math.exp(m + half), fork_ratios


def verdict(r):
    gm, lo, hi, _ = r
    if hi < 1:
        return "B cheaper"
    if lo > 1:
        return "B costlier"
    return f"same within ±{max(1 - lo, hi - 1) * 100:.1f}%"


def target_verdict(r):
    gm, lo, hi, _ = r
    if hi <= TARGET:
        return f"met (≤ {TARGET})"
    if lo > TARGET:
        return f"missed (> {TARGET})"
    return f"inconclusive ({TARGET} inside)"


NUMBER = re.compile(r"[0-9]+")  # ASCII digits only: str.isdigit takes '²', which int() refuses


def refuse(msg):
    print(f"server-cpu-pair.py: {msg}", file=sys.stderr)
    return 2


def main(argv):
    if len(argv) == 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) not in (3, 4) or any(a not in ("yes", "no") for a in argv[2:]):
        print("server-cpu-pair.py: usage: server-cpu-pair.py RAW yes|no [yes|no]", file=sys.stderr)
        return 2
    codec = len(argv) == 4 and argv[3] == "yes"
    hz = os.sysconf("SC_CLK_TCK")
    windows = {}  # (layer, format) -> {(kind, server): {(fork, round): (ms, ticks)}}
    order = []
    try:
        with open(argv[1], "rb") as f:
            text = f.read().decode("utf-8")
    except IsADirectoryError:
        return refuse(f"{argv[1]}: a folder, not a RAW file")
    except OSError as e:
        return refuse(f"{argv[1]}: cannot read: {e.strerror}")
    except UnicodeDecodeError as e:
        return refuse(f"{argv[1]}: not UTF-8 text (byte {e.start})")
    if not text.strip():
        return refuse(f"{argv[1]}: no windows in it: nothing to read")
    for n, line in enumerate(text.splitlines(), 1):
        p = line.split()
        if len(p) == 7:
            p = ["1"] + p
        if len(p) != 8 or not NUMBER.fullmatch(p[0]) or int(p[0]) == 0:
            p = []
        fork = int(p[0]) if p else 0
        p = p[1:]
        if (len(p) != 7 or p[3] not in ("a", "b") or p[4] not in ("wfs", "static", "codec")
                or not all(NUMBER.fullmatch(x) for x in (p[0], p[5], p[6]))
                or int(p[0]) == 0 or int(p[5]) == 0 or (p[4] == "codec" and p[3] != "b")):
            return refuse(f"{argv[1]}:{n}: not a window: {line.strip()}")
        if p[4] == "codec" and not codec:
            return refuse(f"{argv[1]}:{n}: a codec window: give CODEC yes to read it")
        if p[4] == "static" and argv[2] != "yes":
            return refuse(f"{argv[1]}:{n}: a static window: give STATIC yes to read it")
        point = (p[1], p[2])
        if point not in windows:
            windows[point] = {}
            order.append(point)
        ticks, requests = int(p[6]), int(p[5])
        key = (fork, int(p[0]))
        if key in windows[point].setdefault((p[4], p[3]), {}):
            print(f"server-cpu-pair.py: {argv[1]}:{n}: a second window of fork {key[0]}, round {key[1]} for {' '.join(p[1:5])}", file=sys.stderr)
            return 2
        windows[point][(p[4], p[3])][key] = (ticks / hz * 1000 / requests, ticks)
    fmt = "%-14s %-8s %-8s %6s %9s %9s %7s %17s  %-26s %9s  %s"
    print(fmt % ("layer", "format", "what", "rounds", "A ms/req", "B ms/req", "B÷A", "99% interval", "verdict", "min ticks", "forks' ratios"))
    for point in order:
        w = windows[point]
        kinds = ["wfs", "static"] if argv[2] == "yes" else ["wfs"]
        per = {}
        for kind in kinds:
            a, b = w.get((kind, "a"), {}), w.get((kind, "b"), {})
            rounds = sorted(set(a) & set(b))
            per[kind] = {r: (a[r][0], b[r][0]) for r in rounds}
            ticks = min([a[r][1] for r in rounds] + [b[r][1] for r in rounds], default=0)
            row(fmt, point, kind, per[kind], ticks)
        if argv[2] == "yes":
            rounds = sorted(set(per["wfs"]) & set(per["static"]))
            own = {r: (per["wfs"][r][0] - per["static"][r][0], per["wfs"][r][1] - per["static"][r][1]) for r in rounds}
            row(fmt, point, "wfs-own", own, None)
        if codec:
            enc = w.get(("codec", "b"), {})
            med = statistics.median(v[0] for v in enc.values()) if enc else float("nan")
            ticks = min((v[1] for v in enc.values()), default=0)
            print(fmt % (*point, "codec", len(enc), "-", f"{med:.4f}", "-", "-", "-", ticks, ""))
            b = w.get(("wfs", "b"), {})
            rounds = sorted(set(enc) & set(b))
            row(fmt, point, "target", {r: (enc[r][0], b[r][0]) for r in rounds}, None, target_verdict)
    return 0


def row(fmt, point, kind, pairs, ticks, judge=verdict):
    vals = list(pairs.values())
    a_med = statistics.median(a for a, _ in vals) if vals else float("nan")
    b_med = statistics.median(b for _, b in vals) if vals else float("nan")
    r = ratio(pairs)
    forks = ""
    if r is None:
        why = "a part ≤ 0: no ratio" if any(a <= 0 or b <= 0 for a, b in vals) else "under 2 rounds"
        cells = ("-", "-", why)
    else:
        cells = (f"{r[0]:.3f}", f"[{r[1]:.3f}, {r[2]:.3f}]", judge(r))
        forks = " ".join(f"{x:.3f}" for x in r[3])
    print(fmt % (*point, kind, len(vals), f"{a_med:.4f}", f"{b_med:.4f}", *cells, "-" if ticks is None else ticks, forks))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
