#!/usr/bin/env python3
"""Per-thread CPU of a JVM from /proc, for scripts/server-cpu.sh (issue 27).

  thread-cpu.py snap PID FILE                 # write the process's and each thread's ticks to FILE
  thread-cpu.py split BEFORE AFTER REQUESTS   # print the split of the window, ms per request

The total is the process's utime + stime (/proc/PID/stat: every thread, the ones that ended
included), as server-cpu.sh always read it. The split reads /proc/PID/task/*/stat: the request
threads (Jetty's pool, whose threads also run its selectors: names qtp*) user and system time, the
JIT compilers (C1/C2 CompilerThread), the collector (GC Thread#*, G1 *), and other = total minus
those three (VM thread, the WFS index, threads that ended in the window). A thread is matched by
its id and start time, so one that ended and a new one with a reused id is not mistaken for it.
The kernel splits each thread's time into user and system on its own, so the threads' sum may
differ from the process's total by a few ticks: other can read slightly below 0 (-0.005 ms a
request over 4 s at 6,000 req/s).
Exit 2, one line, on bad usage, an unreadable process or a snapshot file it did not write.
"""
import json
import os
import re
import sys

NUMBER = re.compile(r"[0-9]+")  # ASCII digits: str.isdigit takes '²'


def stat_fields(path):
    with open(path) as f:
        text = f.read()
    # the command name is in parentheses and may hold spaces or ')': split after the last ')'
    name = text[text.index("(") + 1 : text.rindex(")")]
    rest = text[text.rindex(")") + 2 :].split()
    # rest[0] is field 3 (state): utime is field 14, stime 15, starttime 22
    return name, int(rest[11]), int(rest[12]), int(rest[19])


def kind(name):
    if name.startswith("qtp"):
        return "serve"
    if name.startswith(("C1 Compiler", "C2 Compiler")):
        return "jit"
    if name.startswith(("GC Thread", "G1 ")):
        return "gc"
    return "other"


def snap(pid, out):
    _, u, s, _ = stat_fields(f"/proc/{pid}/stat")
    threads = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            name, tu, ts, start = stat_fields(f"/proc/{pid}/task/{tid}/stat")
        except (FileNotFoundError, ProcessLookupError, ValueError):
            continue  # ended while we read
        threads[f"{tid}:{start}"] = [name, tu, ts]
    with open(out, "w") as f:
        json.dump({"total": u + s, "threads": threads}, f)


def split(before_file, after_file, requests):
    with open(before_file) as f:
        before = json.load(f)
    with open(after_file) as f:
        after = json.load(f)
    hz = os.sysconf("SC_CLK_TCK")
    ms = lambda ticks: ticks / hz * 1000 / requests
    sums = {"serve_user": 0, "serve_sys": 0, "jit": 0, "gc": 0}
    for key, (name, u, s) in after["threads"].items():
        u0, s0 = before["threads"].get(key, [name, 0, 0])[1:]
        k = kind(name)
        if k == "serve":
            sums["serve_user"] += u - u0
            sums["serve_sys"] += s - s0
        elif k in sums:
            sums[k] += (u - u0) + (s - s0)
    total = after["total"] - before["total"]
    other = total - sum(sums.values())
    print(" ".join(f"{ms(v):.3f}" for v in [total, *sums.values(), other]))


def main(argv):
    if len(argv) == 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    try:
        if len(argv) == 4 and argv[1] == "snap" and NUMBER.fullmatch(argv[2]):
            snap(argv[2], argv[3])
        elif len(argv) == 5 and argv[1] == "split" and NUMBER.fullmatch(argv[4]) and int(argv[4]) > 0:
            split(argv[2], argv[3], int(argv[4]))
        else:
            print("thread-cpu: usage: snap PID FILE | split BEFORE AFTER REQUESTS", file=sys.stderr)
            return 2
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        # ValueError includes a JSON or UTF-8 error; KeyError, TypeError, IndexError: JSON of another shape
        print(f"thread-cpu: {type(e).__name__}: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
