# Imported by scripts/pair-replay.py and scripts/verdict-stability.py: a run folder and one of its
# files, taken as the Java readers take them (results/OwnFiles): RUN must be a folder, and its file
# is read only as a regular file of its own — never through a link, never a FIFO (open() would wait
# for a writer for ever), at most 64 MiB. Each check calls REFUSE(message) (one line, exit 2).
import os

MAX_BYTES = 64 << 20  # OwnFiles.MAX_BYTES


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
