#!/usr/bin/env bash
# GDAL as an independent reader of the binary and sequence codecs: every layer's first COUNT
# features are encoded as geojson, flatgeobuf, flatgeobuf-indexed and geojsonseq by the command
# line, each file is read by GDAL (ogr2ogr to GeoJSON), and GDAL's reading of each is compared with
# its reading of our GeoJSON: the same ids, the same attribute values (an absent value and a null
# are one: FlatGeobuf has no null, it leaves the property out), geometries within 5e-8 degrees
# (GeoJSON prints 7 decimals, FlatGeobuf keeps the double). Then a spatial filter (ogrinfo -spat,
# the south-west quarter of the layer's extent) must count the same features in all four files:
# for flatgeobuf-indexed GDAL answers it from our R-tree. Optional: the tests never need GDAL.
#
#   apt-get install -y --no-install-recommends gdal-bin python3
#   ./mvnw -q -o -DskipTests package -pl bench-core -am   # bench-core/target/benchmarks.jar
#   scripts/gdal-codecs.sh [COUNT] [WORK]                  # COUNT default 200; exit 1 on a difference
set -euo pipefail
case ${1:-} in -h | --help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;; esac
COUNT=${1:-200}
[[ $COUNT =~ ^[1-9][0-9]{0,5}$ ]] || { echo "gdal-codecs: COUNT takes 1..999999, not '$COUNT' (usage: scripts/gdal-codecs.sh [COUNT] [WORK])" >&2; exit 2; }
[ $# -le 2 ] || { echo "gdal-codecs: takes at most COUNT and WORK, was $# arguments" >&2; exit 2; }
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAR=${JAR:-$ROOT/bench-core/target/benchmarks.jar}
for tool in ogr2ogr ogrinfo python3; do
  command -v "$tool" > /dev/null || { echo "gdal-codecs: $tool is missing; apt-get install gdal-bin python3" >&2; exit 2; }
done
[ -f "$JAR" ] || { echo "gdal-codecs: no $JAR; build it with ./mvnw -q -o -DskipTests package -pl bench-core -am" >&2; exit 2; }
WORK=${2:-$(mktemp -d /tmp/wirebench-gdal.XXXXXX)}

cat > "$WORK/same.py" <<'EOF'
import json, sys
def features(path):
    out = {}
    for f in json.load(open(path))["features"]:
        props = {k: v for k, v in f["properties"].items() if v is not None}
        out[props.pop("id", f.get("id"))] = (props, f["geometry"])
    return out
def positions(g):
    return [g["coordinates"]] if g["type"] == "Point" else g["coordinates"]
ref, got = features(sys.argv[1]), features(sys.argv[2])
bad = [] if set(ref) == set(got) else ["ids differ"]
for fid, (props, geom) in ref.items():
    if fid not in got:
        continue
    p, g = got[fid]
    if p != props:
        bad.append(f"{fid}: {props} read as {p}")
    elif g["type"] != geom["type"] or len(positions(g)) != len(positions(geom)) or any(
            abs(a - b) > 5e-8 for u, v in zip(positions(geom), positions(g)) for a, b in zip(u, v)):
        bad.append(f"{fid}: geometry differs")
print(f"{len(got)} features, {len(bad)} differences" + "".join("\n  " + b for b in bad[:5]))
sys.exit(1 if bad else 0)
EOF

status=0
for layer in osm_mainroads osm_places helsinki_roads helsinki_pois; do
  for format in geojson flatgeobuf flatgeobuf-indexed geojsonseq; do
    java -cp "$JAR" org.wirebench.bench.cli.WirebenchCli encode --dataset "$layer" --format "$format" \
      --count "$COUNT" --out "$WORK/$layer.$format.$(case $format in geojson) echo json;; geojsonseq) echo geojsons;; *) echo fgb;; esac)"
  done
  ogr2ogr -f GeoJSON "$WORK/$layer.ref.json" "$WORK/$layer.geojson.json"
  read -r minx miny maxx maxy < <(ogrinfo -so -al "$WORK/$layer.geojson.json" | sed -n 's/^Extent: (\(.*\), \(.*\)) - (\(.*\), \(.*\))$/\1 \2 \3 \4/p')
  box="$minx $miny $(python3 -c "print(($minx+$maxx)/2, ($miny+$maxy)/2)")"
  ref_hits=$(ogrinfo -ro -al -q -spat $box "$WORK/$layer.geojson.json" | grep -c '^OGRFeature' || true)
  for file in "$WORK/$layer.flatgeobuf.fgb" "$WORK/$layer.flatgeobuf-indexed.fgb" "$WORK/$layer.geojsonseq.geojsons"; do
    out="$file.gdal.json"
    rm -f "$out"
    ogr2ogr -f GeoJSON "$out" "$file"
    hits=$(ogrinfo -ro -al -q -spat $box "$file" | grep -c '^OGRFeature' || true)
    printf '%s: ' "$(basename "$file")"
    python3 "$WORK/same.py" "$WORK/$layer.ref.json" "$out" || status=1
    if [ "$hits" != "$ref_hits" ]; then
      echo "  -spat $box: $hits features, GeoJSON $ref_hits"; status=1
    else
      echo "  -spat $box: $hits features, as GeoJSON"
    fi
  done
done
echo "files in $WORK"
exit $status
