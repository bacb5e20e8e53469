#!/usr/bin/env python3
# Two WFS servers answer alike (issue 27: a change on the server path must not change a response byte).
# Start the old and the new `serve` on two ports, then: scripts/wfs-same-bytes.py OLD_PORT NEW_PORT
# 4 layers x 6 output formats x 11 queries x identity and gzip; compares status, Content-Type,
# Content-Encoding, framing (Content-Length or chunked, and the length) and the (decoded) body with
# the port and time stamps set aside. Exit 0: all alike; 1: a difference (listed); 2: bad usage.
# With --framing-may-differ (a change of the response's piece size): Content-Length against chunked
# is counted and listed apart, not a difference; status, type, coding and body must still be alike.
# A server that does not answer (refused, reset, timed out): exit 2 on the first request (nothing
# compared), else 1; one line.
import collections, gzip, http.client, re, sys, urllib.parse
if sys.argv[1:2] in (["-h"], ["--help"]):
    with open(__file__, encoding="utf-8") as me:
        print("".join(l[2:] for l in __import__("itertools").takewhile(lambda l: l.startswith("#"), me.readlines()[1:])), end="")
    sys.exit(0)
framing_may_differ = sys.argv[3:] == ["--framing-may-differ"]
if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and not framing_may_differ) \
        or not all(re.fullmatch(r"[1-9][0-9]{0,4}", a) and int(a) <= 65535 for a in sys.argv[1:3]):
    print("wfs-same-bytes: give the two servers' ports: OLD_PORT NEW_PORT [--framing-may-differ]",
          file=sys.stderr)
    sys.exit(2)
pa, pb = int(sys.argv[1]), int(sys.argv[2])
layers = ["osm_places", "osm_mainroads", "helsinki_pois", "helsinki_roads"]
formats = ["application/gml+xml; version=3.2", "text/xml; subtype=gml/3.1.1", "text/xml; subtype=gml/2.1.2",
           "application/json", "application/geo+json-seq", "application/flatgeobuf"]
def variants(layer):
    v2 = "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:" + layer
    yield v2 + "&count=200&srsName=EPSG:4326"
    yield v2 + "&count=10"
    yield v2 + "&count=1"
    yield v2 + "&count=200&startIndex=400"
    yield v2 + "&count=2000&startIndex=7"
    yield v2 + "&count=50&startIndex=999990"
    yield v2 + "&count=100&bbox=45,8,47,10,EPSG:4326"
    yield v2 + "&count=30&sortBy=osm_id%20DESC"
    yield v2 + "&count=5&resultType=hits"
    yield "service=WFS&version=1.1.0&request=GetFeature&typeName=osm:" + layer + "&maxFeatures=300"
    yield "service=WFS&version=1.0.0&request=GetFeature&typeName=osm:" + layer + "&maxFeatures=40"
def fetch(port, path, coding):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        c.request("GET", path, headers={"Accept-Encoding": coding})
        r = c.getresponse(); body = r.read(); c.close()
    except OSError as e:  # refused, reset, timed out: no answer to compare
        print(f"wfs-same-bytes: port {port}: no answer to {path} ({e})", file=sys.stderr)
        sys.exit(2 if n == 0 else 1)
    h = {k.lower(): v for k, v in r.getheaders()}
    if h.get("content-encoding") == "gzip":
        try:
            body = gzip.decompress(body)
        except (OSError, EOFError, __import__("zlib").error) as e:  # a difference, not a crash
            body = b"<not gzip: %s>" % str(e).encode()
    frame = (r.status, h.get("content-type"), h.get("content-encoding"), h.get("transfer-encoding"),
             "length" if "content-length" in h else None)
    return frame, body, h
def norm(b, port):
    b = b.replace(b"127.0.0.1:%d" % port, b"HOST")
    b = re.sub(rb'timeStamp="[^"]*"', b'timeStamp="T"', b)
    b = re.sub(rb'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z', b'T', b)
    return b
n = same = 0; diffs = []; sizes = []; statuses = []; reframed = []
for layer in layers:
    for f in formats:
        for q in variants(layer):
            path = "/ows?" + q + "&outputFormat=" + urllib.parse.quote(f, safe="")
            for coding in ["identity", "gzip"]:
                fa, ba, ha = fetch(pa, path, coding)
                fb, bb, hb = fetch(pb, path, coding)
                n += 1
                na, nb = norm(ba, pa), norm(bb, pb)
                # flatgeobuf is binary with no timestamp; compare raw too
                ok = fa == fb and na == nb and (fa[4] is None or ha["content-length"] == hb["content-length"])
                if not ok and framing_may_differ and fa[:3] == fb[:3] and na == nb \
                        and (fb[4] is None or int(hb["content-length"]) == len(bb)):
                    ok = True
                    reframed.append((path, coding, fa[3] or fa[4], fb[3] or fb[4], len(ba)))
                sizes.append(len(ba)); statuses.append((fa[0], fa[3] or fa[4]))
                if ok: same += 1
                else: diffs.append((path, coding, fa, fb, len(ba), len(bb)))
print(f"{same}/{n} identical; bodies {min(sizes)}..{max(sizes)} bytes; "
      f"{sum(s < 32768 for s in sizes)} under 32 KiB, {sum(s >= 32768 for s in sizes)} at or over")
print("statuses:", collections.Counter(statuses))
if framing_may_differ:
    print(f"{len(reframed)} alike but framed otherwise:",
          collections.Counter((a, b, c) for _, c, a, b, _ in reframed),
          f"bodies {min((r[4] for r in reframed), default=0)}..{max((r[4] for r in reframed), default=0)} bytes")
for d in diffs[:20]: print("DIFF", d)
sys.exit(1 if diffs else 0)

