#!/usr/bin/env python3
# What serving a study answer's bytes costs a peer (issue 27's target: server CPU a request <= 1.5x
# the encoder's, so the HTTP side may cost half an encoding). One `serve` from JAR answers each point
# (a WFS 2.0 GetFeature of 200 features in EPSG:4326); its bytes are written as files that nginx
# serves twice, with sendfile (zero copy) and without (read into a buffer and written, as a server
# with the bytes in memory). Then per round, for each point in random order: a window of wrk -t2 -c32
# on our WFS, on our /static/N (the same length, no WFS work), on each nginx, and one of the codec's
# encode-loop (GeoEncodingBenchmark's inputs, validated, 2 threads, the benchmark's JVM flags); a
# window's CPU is the server's /proc ticks (nginx: master and worker) over wrk's requests, or the
# loop's over its encodes. Prints every window, then per point the medians (ms a request) and each
# kind's ratio to the codec (geometric mean of the rounds' ratios) with the lowest round's.
#
#   scripts/http-floor-peer.py [--jar JAR] [--rounds 4] [--window 8] [--warmup 8]
#                              [--points osm_places:gml32,osm_places:gml2,...]
#
# Formats: gml32, gml2, geojson. Needs java, nginx and wrk on PATH; one core's worth of loopback
# noise is in every kind alike. Every child ends with this script (serve and the codec loops at
# their input's end, nginx and wrk by the parent-death signal). Exit 0: measured; 1: a window failed
# (not every answer 200, or a child ended); 2: bad usage, a missing tool or jar, or a point the
# server refuses.
import ctypes, math, os, random, re, shutil, signal, statistics, subprocess, sys, tempfile, time
import urllib.error, urllib.request

ME = "http-floor-peer"
OUTPUT_FORMATS = {"gml32": "application/gml%2Bxml%3B%20version%3D3.2",
                  "gml2": "text/xml%3B%20subtype%3Dgml%2F2.1.2", "geojson": "application/json"}
KINDS = ["codec", "wfs", "static", "nginx-sendfile", "nginx-copy"]
CODEC_JVM = ["-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", "-XX:+UseTransparentHugePages"]


def usage(why):
    print(f"{ME}: {why}", file=sys.stderr)
    sys.exit(2)


if sys.argv[1:2] in (["-h"], ["--help"]):
    with open(__file__, encoding="utf-8") as me:
        lines = me.readlines()[1:]
    print("".join(l[2:] for l in __import__("itertools").takewhile(lambda l: l.startswith("#"), lines)), end="")
    sys.exit(0)

opts = {"--jar": "bench-core/target/benchmarks.jar", "--rounds": "4", "--window": "8", "--warmup": "8",
        "--points": "osm_places:gml32,osm_places:gml2,osm_places:geojson,osm_mainroads:gml32,osm_mainroads:geojson"}
args = sys.argv[1:]
while args:
    if args[0] not in opts or len(args) < 2:
        usage(f"unknown option or missing value: '{args[0]}' (see --help)")
    opts[args[0]] = args[1]
    args = args[2:]
for name, top in (("--rounds", 100), ("--window", 3600), ("--warmup", 3600)):
    if not re.fullmatch(r"[1-9][0-9]{0,3}", opts[name]) or int(opts[name]) > top:
        usage(f"{name} takes 1..{top}, not '{opts[name]}'")
points = []
for p in opts["--points"].split(","):
    m = re.fullmatch(r"([a-z][a-z0-9_]*):([a-z0-9]+)", p)
    if not m or m.group(2) not in OUTPUT_FORMATS:
        usage(f"--points takes LAYER:FORMAT,... with FORMAT one of {', '.join(OUTPUT_FORMATS)}, not '{p}'")
    if (m.group(1), m.group(2)) in points:
        usage(f"--points names {p} twice")
    points.append((m.group(1), m.group(2)))
JAR = opts["--jar"]
if not os.path.isfile(JAR):
    usage(f"no jar at {JAR} (./mvnw -DskipTests package builds it)")
for tool in ("java", "nginx", "wrk"):
    if shutil.which(tool) is None:
        usage(f"{tool} is not on PATH (nginx and wrk: apt-get install nginx-light wrk)")
ROUNDS, WINDOW, WARMUP = int(opts["--rounds"]), int(opts["--window"]), int(opts["--warmup"])
HZ = os.sysconf("SC_CLK_TCK")
LIBC = ctypes.CDLL(None, use_errno=True)


def die_with_parent():
    LIBC.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG: this child ends when the script does


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ticks(pids):
    total = 0
    for p in pids:
        with open(f"/proc/{p}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total


def get(url, timeout=180):
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return r.read()


def wait_listening(port, proc, what):
    for _ in range(240):
        if proc.poll() is not None:
            print(f"{ME}: {what} ended before it listened on port {port}", file=sys.stderr)
            sys.exit(1)
        try:
            get(f"http://127.0.0.1:{port}/", 2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.5)
    print(f"{ME}: {what} did not listen on port {port} within two minutes", file=sys.stderr)
    sys.exit(1)


# a folder an earlier run left when it was killed (SIGKILL runs no finally): its pid file names a
# process that is gone
for old in __import__("glob").glob(os.path.join(tempfile.gettempdir(), "wirebench-http-floor-*")):
    try:
        with open(os.path.join(old, "pid")) as f:
            os.kill(int(f.read()), 0)
    except ProcessLookupError:
        shutil.rmtree(old, ignore_errors=True)
    except (OSError, ValueError):
        pass
work = tempfile.mkdtemp(prefix="wirebench-http-floor-")
with open(os.path.join(work, "pid"), "w") as f:
    f.write(str(os.getpid()))
os.chmod(work, 0o755)  # nginx's workers, run as root, drop to an unprivileged user that must read the files
children = []
try:
    port = free_port()
    serve = subprocess.Popen(["java", "-cp", JAR, "org.wirebench.bench.cli.WirebenchCli", "serve", "--exit-with-parent",
                              "--port", str(port)], stdin=subprocess.PIPE, stdout=open(f"{work}/serve.log", "w"),
                             stderr=subprocess.STDOUT)
    children.append(serve)
    wait_listening(port, serve, "serve")

    def wfs_url(layer, fmt):
        return (f"http://127.0.0.1:{port}/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:{layer}"
                f"&count=200&srsName=EPSG:4326&outputFormat={OUTPUT_FORMATS[fmt]}")

    os.mkdir(f"{work}/www", 0o755)
    size = {}
    for layer, fmt in points:
        try:
            body = get(wfs_url(layer, fmt))
        except urllib.error.HTTPError as e:
            usage(f"the server refuses {layer}:{fmt} ({e.code}): not one of its layers?")
        with open(f"{work}/www/{layer}-{fmt}", "wb") as f:
            f.write(body)
        size[(layer, fmt)] = len(body)
        if len(get(f"http://127.0.0.1:{port}/static/{len(body)}")) != len(body):
            print(f"{ME}: /static/{len(body)} is not {len(body)} bytes long", file=sys.stderr)
            sys.exit(1)

    nginx = {}
    for kind, sendfile in (("nginx-sendfile", "on"), ("nginx-copy", "off")):
        nport = free_port()
        d = f"{work}/{kind}"
        os.mkdir(d)
        temps = " ".join(f"{t}_temp_path {d}/{t};" for t in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        with open(f"{d}/nginx.conf", "w") as f:
            f.write(f"daemon off; master_process on; worker_processes 1; pid {d}/nginx.pid; error_log {d}/error.log;\n"
                    f"events {{ worker_connections 1024; }}\n"
                    f"http {{ access_log off; sendfile {sendfile}; keepalive_requests 1000000; keepalive_timeout 60;"
                    f" output_buffers 1 512k; open_file_cache max=100 inactive=600s; open_file_cache_valid 600s;"
                    f" default_type application/octet-stream; {temps}\n"
                    f"  server {{ listen 127.0.0.1:{nport}; root {work}/www; }} }}\n")
        proc = subprocess.Popen(["nginx", "-c", f"{d}/nginx.conf", "-p", d], stdout=subprocess.DEVNULL,
                                stderr=open(f"{d}/stderr.log", "w"), preexec_fn=die_with_parent)
        children.append(proc)
        wait_listening(nport, proc, kind)
        time.sleep(0.5)
        workers = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
        nginx[kind] = (nport, [proc.pid] + [int(w) for w in workers])

    codec = {}
    for layer, fmt in points:
        c = subprocess.Popen(["java", *CODEC_JVM, "-cp", JAR, "org.wirebench.bench.cli.WirebenchCli", "encode-loop",
                              "--dataset", layer, "--codec", fmt, "--count", "200", "--threads", "2"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(f"{work}/codec.log", "a"),
                             text=True, bufsize=1)
        children.append(c)
        line = c.stdout.readline().strip()
        if not re.fullmatch(r"ready [0-9]+", line):
            print(f"{ME}: {layer}:{fmt}: the codec loop said '{line}'", file=sys.stderr)
            sys.exit(1)
        print(f"# {layer} {fmt}: WFS answer {size[(layer, fmt)]} bytes, the codec's encoding {line.split()[1]}", flush=True)
        codec[(layer, fmt)] = c

    def wrk(url, pids, seconds):
        t0 = ticks(pids)
        out = subprocess.run(["wrk", "-t2", "-c32", f"-d{seconds}s", url], capture_output=True, text=True,
                             preexec_fn=die_with_parent).stdout
        t1 = ticks(pids)
        m = re.search(r"(\d+) requests in", out)
        if not m or "Non-2xx" in out or "Socket errors" in out:
            print(f"{ME}: {url}: not every answer good: {' '.join(out.split())[:300]}", file=sys.stderr)
            sys.exit(1)
        return int(m.group(1)), t1 - t0

    def window(kind, layer, fmt, seconds):
        if kind == "codec":
            c = codec[(layer, fmt)]
            t0 = ticks([c.pid])
            c.stdin.write(f"go {seconds * 1000}\n")
            c.stdin.flush()
            reply = c.stdout.readline().split()
            if not reply or not reply[0].isdigit() or int(reply[0]) == 0:
                print(f"{ME}: {layer}:{fmt}: the codec loop answered '{' '.join(reply)}'", file=sys.stderr)
                sys.exit(1)
            return int(reply[0]), ticks([c.pid]) - t0
        if kind == "wfs":
            return wrk(wfs_url(layer, fmt), [serve.pid], seconds)
        if kind == "static":
            return wrk(f"http://127.0.0.1:{port}/static/{size[(layer, fmt)]}", [serve.pid], seconds)
        nport, pids = nginx[kind]
        return wrk(f"http://127.0.0.1:{nport}/{layer}-{fmt}", pids, seconds)

    for layer, fmt in points:
        for kind in KINDS:
            window(kind, layer, fmt, WARMUP)
    print("# round layer format kind requests-or-encodes ticks ms", flush=True)
    ms = {}
    for r in range(1, ROUNDS + 1):
        for layer, fmt in points:
            for kind in random.sample(KINDS, len(KINDS)):
                n, t = window(kind, layer, fmt, WINDOW)
                ms.setdefault((layer, fmt, kind), []).append(t / HZ * 1000 / n)
                print(f"{r} {layer} {fmt} {kind} {n} {t} {ms[(layer, fmt, kind)][-1]:.4f}", flush=True)
    print("# layer format bytes | median ms: " + " ".join(KINDS) + " | ÷ codec, geometric mean of rounds (lowest round)")
    for layer, fmt in points:
        med = " ".join(f"{statistics.median(ms[(layer, fmt, k)]):.4f}" for k in KINDS)
        ratios = []
        for k in KINDS[1:]:
            rs = [a / b for a, b in zip(ms[(layer, fmt, k)], ms[(layer, fmt, "codec")])]
            ratios.append(f"{k} {math.exp(sum(map(math.log, rs)) / len(rs)):.2f} ({min(rs):.2f})")
        print(f"{layer} {fmt} {size[(layer, fmt)]} | {med} | " + ", ".join(ratios))
finally:
    for c in children:
        if c.poll() is None:
            c.terminate()
    for c in children:
        try:
            c.wait(10)
        except subprocess.TimeoutExpired:
            c.kill()
    shutil.rmtree(work, ignore_errors=True)
