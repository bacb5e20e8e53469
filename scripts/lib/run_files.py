# Imported by scripts/pair-replay.py and scripts/verdict-stability.py, run by scripts/server-cpu.sh
# (run_files.py PROGRAM pairs RUN, at the end): a run folder and one of its
# files, taken as the Java readers take them (results/OwnFiles): RUN must be a folder, and its file
# is read only as a regular file of its own — never through a link, never a FIFO (open() would wait
# for a writer for ever), at most 64 MiB; a versioned JSON file's formatVersion and fields as
# results/ResultFiles and StrictJson check them. Each check calls REFUSE(message) (one line, exit 2).
import json
import os
import sys

MAX_BYTES = 64 << 20  # OwnFiles.MAX_BYTES

PAIRS_NEWEST = 4  # PairedRuns.FORMAT_VERSION (scripts/check-scripts.sh compares them)
# PairedRuns' records, field by field (None: a value of no fields: a number, a string, a map of
# free keys); a field not here is refused, as the Java reader refuses it
PAIRS = {
    "formatVersion": None,
    "settings": {k: None for k in ("warmupMs", "batchMs", "rounds", "minForks", "maxForks", "budgetMs",
                                   "confidence", "targetHalfWidth", "forkJvmArgs", "trimShare")},
    "groups": [{
        "id": None, "stopped": None, "elapsedMs": None, "warmupMs": None,
        "variants": [{"id": None, "benchmark": None, "params": None}],
        "forks": [{"seed": None, "opsPerBatch": None, "nsPerOp": None, "wallNsPerOp": None}],
    }],
    "claims": [{k: None for k in ("id", "study", "text", "then", "group", "a", "b", "claimed", "band", "kind")}],
}


def check_run_file(run, name, refuse):
    """The path of RUN's file NAME, after refusing what no run folder or run file is."""
    if not os.path.isdir(run):
        refuse(f"{run}: " + ("a file, not a run folder" if os.path.exists(run) else "no such run folder"))
    path = os.path.join(run, name)
    if os.path.islink(path):
        refuse(f"{path} is a link, not a file of the run (a run's files are never read through links)")
    if os.path.exists(path) and not os.path.isfile(path):
        refuse(f"{path} is not a file (a folder, FIFO, device or socket)")
    if os.path.isfile(path) and os.path.getsize(path) > MAX_BYTES:
        refuse(f"{path} is {os.path.getsize(path)} bytes, larger than any file a run writes (at most 64 MiB read)")
    return path


def distinct_runs(runs, refuse, why="each run once", key=os.path.realpath, copies=True):
    """Refuses a run given twice, which would count as two runs that agree: another spelling of one
    folder or a link to it (KEY: the folder it resolves to), or, with COPIES, a copy of it (cp -r,
    a folder jmeter-import made from its files and nothing more): the same env.json, which records
    the run's start to the nanosecond, and every other file of its own the same bytes (report.md
    and report.html aside, which are made from them). RunRecord.sameRun is compare's side of it."""
    seen = {}
    files = {}
    for run in runs:
        k = key(run)
        if k in seen:
            refuse(f"{run} is the same run as {seen[k]}: {why}")
        seen[k] = run
    for run in runs if copies else ():
        own = _own_files(run, refuse)
        if own is None or "env.json" not in dict(own):
            continue
        if own in files:
            refuse(f"{run} is a copy of {files[own]} (the same env.json and files): {why}")
        files[own] = run


def _own_files(run, refuse):
    """RUN's own regular files but its reports, as a hashable (name, bytes) tuple; None for no
    folder (its own check refuses it)."""
    try:
        names = sorted(os.listdir(run))
    except OSError:
        return None
    own = []
    for name in names:
        path = os.path.join(run, name)
        if name in ("report.md", "report.html") or os.path.islink(path) or not os.path.isfile(path):
            continue
        try:
            with open(path, "rb") as f:
                own.append((name, f.read(MAX_BYTES + 1)))
        except OSError as e:
            refuse(f"{path}: cannot read: {e.strerror}")
    return tuple(own)


def check_version(path, doc, newest, refuse):
    """ResultFiles.readVersioned's rule for a versioned run file: a JSON object with a whole
    formatVersion 1..NEWEST; a newer one is a file this reader does not know yet, never read as an
    older one. Returns the version."""
    if not isinstance(doc, dict):
        refuse(f"{path} is not a JSON object: not written by wirebench")
    v = doc.get("formatVersion")
    if v is None:
        refuse(f"{path} has no formatVersion: not written by wirebench")
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        refuse(f"{path} has formatVersion {json_text(v)}, not a version number 1..{newest}: not written by wirebench")
    if v > newest:
        refuse(f"{path} has format version {v}; this script reads versions 1..{newest}: update wirebench to read it")
    return v


def check_fields(path, node, shape, refuse, at=""):
    """StrictJson's rule: within a known format version, a field the format does not have means a
    file this reader does not understand, refused with the field's path (groups[0].forks[1].foo).
    SHAPE mirrors the record: a dict of field name to the shape of its value (None: anything, e.g.
    a map of free keys or a number), a one-element list for a list of that shape."""
    if isinstance(shape, dict) and isinstance(node, dict):
        for name, value in node.items():
            where = f"{at}.{name}" if at else name
            if name not in shape:
                refuse(f"{path} does not match its format: at {where}: unknown field \"{name}\"")
            check_fields(path, value, shape[name], refuse, where)
    elif isinstance(shape, list) and isinstance(node, list):
        for i, item in enumerate(node):
            check_fields(path, item, shape[0], refuse, f"{at}[{i}]")


def json_text(v):
    """A JSON value as the file spells it (Jackson's node text in the Java reader's message)."""
    return json.dumps(v)


def check_pairs(run, refuse):
    """RUN's pairs.json by PairedRuns.read's version and field rules (for a script that takes a
    few of its numbers; pair-replay checks the values too)."""
    path = check_run_file(run, "pairs.json", refuse)
    try:
        with open(path, "rb") as f:
            doc = json.loads(f.read().decode("utf-8"))
    except OSError as e:
        refuse(f"{path}: cannot read: {e.strerror}")
    except (UnicodeDecodeError, ValueError) as e:
        refuse(f"{path}: not JSON: {e}")
    check_version(path, doc, PAIRS_NEWEST, refuse)
    check_fields(path, doc, PAIRS, refuse)


if __name__ == "__main__":
    # run_files.py PROGRAM pairs RUN: exit 2 with one line "PROGRAM: why" when RUN's pairs.json is
    # one PairedRuns.read refuses by version or field (for the bash scripts)
    def _refuse(msg):
        print(f"{sys.argv[1]}: {msg}", file=sys.stderr)
        sys.exit(2)
    if len(sys.argv) != 4 or sys.argv[2] != "pairs":
        _refuse("usage: run_files.py PROGRAM pairs RUN")
    check_pairs(sys.argv[3], _refuse)
