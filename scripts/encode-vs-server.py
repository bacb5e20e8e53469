#!/usr/bin/env python3
"""The table of scripts/encode-vs-server.sh (issue 27): a WFS GetFeature's server CPU beside its encoding.

  encode-vs-server.py DIR   # DIR: server.collapsed, server.txt, loop.collapsed, loop.txt

Each side's profile (async-profiler collapsed stacks: frames joined by ';', then the samples) is
scaled to its measured CPU: a sample's ms = the side's "cpu_ms" ÷ its samples, a part's ms an op =
its samples × that ÷ "ops" (requests for the server, encodes for the loop). Parts, by the first
rule a stack meets:
  send (in encode)  a network write made from inside a codec's encode (a full piece)
  encode            under a codec's encode (org/wirebench/formats/geo/codec/…Codec.encode…)
  send              the response's network writes (GatheredBody.send, SocketChannelImpl.write)
  request           the server's own Java (org/wirebench/server/…) outside the encoding
  jetty             Jetty (org/eclipse/jetty/…): parsing, reading, selecting, dispatching
  jvm               stacks with none of those (JIT compiler, GC, VM threads)
Then the encoding's frames (a stack's last frame under encode) with the most ms an op on either
side, server and loop side by side. Exit 2, one line, on a missing, unreadable, non-UTF-8 or malformed file.
"""
import collections
import os
import re
import signal
import sys

# a reader that stops early (| head) ends the table quietly, not with a BrokenPipeError
signal.signal(signal.SIGPIPE, signal.SIG_DFL)

ENCODE = re.compile(r"^org/wirebench/formats/geo/codec/\w*Codec\.encode")
SEND = ("org/wirebench/server/http/GatheredBody.send", "sun/nio/ch/SocketChannelImpl.write")
NUMBER = re.compile(r"[0-9]+")  # ASCII digits: str.isdigit takes '²', which int() refuses
PARTS = ["encode", "send (in encode)", "send", "request", "jetty", "jvm"]


def fail(msg):
    print(f"encode-vs-server.py: {msg}", file=sys.stderr)
    sys.exit(2)


def read_text(path):
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8")
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    except UnicodeDecodeError as e:
        fail(f"{path}: not UTF-8 text (byte {e.start})")


def read_totals(path):
    p = read_text(path).split()
    if len(p) != 2 or not all(NUMBER.fullmatch(x) and int(x) > 0 for x in p):
        fail(f"{path}: not 'ops cpu_ms' (two numbers above 0)")
    return int(p[0]), int(p[1])


def split(path):
    """(samples by part, samples by the encoding's last frame, all samples)"""
    parts = collections.Counter()
    frames = collections.Counter()
    total = 0
    for n, line in enumerate(read_text(path).removesuffix("\n").split("\n"), 1):
        stack, _, count = line.rpartition(" ")
        if not stack or not NUMBER.fullmatch(count):
            fail(f"{path}:{n}: not a collapsed stack")
        samples = int(count)
        total += samples
        fr = stack.split(";")
        enc = next((i for i, x in enumerate(fr) if ENCODE.match(x)), None)
        sends = any(x.startswith(SEND) for x in fr)
        if enc is not None and sends:
            parts["send (in encode)"] += samples
        elif enc is not None:
            parts["encode"] += samples
            frames[fr[-1]] += samples
        elif sends:
            parts["send"] += samples
        elif any(x.startswith("org/wirebench/server/") for x in fr):
            parts["request"] += samples
        elif any(x.startswith("org/eclipse/jetty/") for x in fr):
            parts["jetty"] += samples
        else:
            parts["jvm"] += samples
    if total == 0:
        fail(f"{path}: no samples")
    return parts, frames, total


def main(argv):
    if len(argv) == 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) != 2:
        print("encode-vs-server.py: usage: encode-vs-server.py DIR", file=sys.stderr)
        return 2
    d = argv[1]
    if not os.path.isdir(d):
        fail(f"{d}: " + ("a file, not the folder encode-vs-server.sh wrote" if os.path.exists(d) else "no such folder"))
    sides = {}
    for side in ("server", "loop"):
        ops, cpu_ms = read_totals(os.path.join(d, f"{side}.txt"))
        parts, frames, total = split(os.path.join(d, f"{side}.collapsed"))
        per = cpu_ms / total / ops  # ms an op per sample
        sides[side] = (ops, cpu_ms, {k: v * per for k, v in parts.items()}, {k: v * per for k, v in frames.items()}, total)
    s_ops, s_ms, s_parts, s_frames, s_total = sides["server"]
    l_ops, l_ms, l_parts, l_frames, l_total = sides["loop"]
    print(f"server: {s_ops} requests, {s_ms} ms CPU, {s_total} samples: {s_ms / s_ops:.4f} ms a request")
    print(f"loop:   {l_ops} encodes, {l_ms} ms CPU, {l_total} samples: {l_ms / l_ops:.4f} ms an encode")
    print(f"server ÷ loop: {(s_ms / s_ops) / (l_ms / l_ops):.3f}")
    print()
    print("%-18s %12s %12s %12s" % ("part", "server ms/op", "loop ms/op", "server−loop"))
    for p in PARTS:
        s, l = s_parts.get(p, 0.0), l_parts.get(p, 0.0)
        print("%-18s %12.4f %12.4f %+12.4f" % (p, s, l, s - l))
    print("%-18s %12.4f %12.4f %+12.4f" % ("all", s_ms / s_ops, l_ms / l_ops, s_ms / s_ops - l_ms / l_ops))
    print()
    print("the encoding's own frames (self), ms an op:")
    print("%12s %12s  %s" % ("server", "loop", "frame"))
    top = sorted(set(s_frames) | set(l_frames), key=lambda k: -max(s_frames.get(k, 0), l_frames.get(k, 0)))
    for k in top[:15]:
        print("%12.4f %12.4f  %s" % (s_frames.get(k, 0.0), l_frames.get(k, 0.0), k))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
