#!/usr/bin/env bash
# GDAL reading the fixture WFS's FlatGeobuf output beside its GeoJSON, every layer the capabilities
# list, two ways (results and times of a run: docs/server.md, "GDAL reads the FlatGeobuf output"):
#  1. through GDAL's WFS driver ('WFS:…&OUTPUTFORMAT=application/flatgeobuf', then application/json;
#     GDAL pages with STARTINDEX/COUNT, 100 a page unless PAGE_SIZE is set): every feature dumped
#     one line each (scripts/gdal-wfs-compare.py), both dumps sorted and compared, streaming:
#     the same count, every attribute, coordinates within GeoJSON's 7 decimals;
#  2. directly: GetFeature pages of 100,000 (the most one request may ask) saved and read by GDAL's
#     FlatGeobuf and GeoJSON drivers, which show the feature id the WFS driver drops; the same
#     comparison, ids included, and for each FlatGeobuf page its header's feature count and
#     envelope against the features read, and whether it has a spatial index.
# Optional: the tests never need GDAL. A 1,000,000-feature layer takes minutes (GDAL's GeoJSON
# read through the WFS driver the longest); give it no timeout.
#
#   apt-get install -y --no-install-recommends gdal-bin python3-gdal
#   ./wirebench serve --port 8081 &            # or java -cp bench-core/target/benchmarks.jar …
#   scripts/gdal-wfs.sh http://127.0.0.1:8081/ows [WORK]    # exit 1 on a difference
#   LAYERS='osm:helsinki_pois osm:helsinki_roads' PAGE_SIZE=1000 scripts/gdal-wfs.sh URL  # some, faster
set -euo pipefail
case ${1:-} in -h | --help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;; esac
[[ $# -ge 1 && $# -le 2 && $1 =~ ^https?://[^[:space:]]+$ ]] || { echo "gdal-wfs: usage: scripts/gdal-wfs.sh OWS_URL(http://…) [WORK]" >&2; exit 2; }
OWS=$1
command -v curl > /dev/null || { echo "gdal-wfs: curl is missing; apt-get install curl" >&2; exit 2; }
/usr/bin/python3 -c 'from osgeo import ogr' 2> /dev/null \
  || { echo "gdal-wfs: GDAL's Python bindings are missing; apt-get install gdal-bin python3-gdal" >&2; exit 2; }
# the layers before any folder is made: a server that does not answer, or lists none, is exit 2
layers=${LAYERS:-$(curl -sf "$OWS?service=WFS&version=2.0.0&request=GetCapabilities" \
  | grep -o '<wfs:Name>[^<]*' | sed 's/<wfs:Name>//' || true)}
[ -n "$layers" ] || { echo "gdal-wfs: $OWS lists no WFS layers (GetCapabilities failed or named none)" >&2; exit 2; }
WORK=${2:-$(mktemp -d /tmp/wirebench-gdal-wfs.XXXXXX)}
COMPARE="/usr/bin/python3 $(cd "$(dirname "$0")" && pwd)/gdal-wfs-compare.py"
PAGE=${PAGE_SIZE:-}
mkdir -p "$WORK"
status=0
sorted() { LC_ALL=C sort -S 500M -T "$WORK" "$1" -o "$2" && rm "$1"; }

for layer in $layers; do
  name=${layer#osm:}
  hits=$(curl -sf "$OWS?service=WFS&version=2.0.0&request=GetFeature&typeNames=$layer&resultType=hits" \
    | grep -o 'numberMatched="[0-9]*"' | grep -o '[0-9]*')
  echo "== $layer: $hits features"
  for f in flatgeobuf json; do
    start=$(date +%s)
    $COMPARE dump "WFS:$OWS?version=2.0.0&OUTPUTFORMAT=application/$f" "$layer" "$WORK/$name.wfs.$f" $PAGE
    sorted "$WORK/$name.wfs.$f" "$WORK/$name.wfs.$f.sorted"
    echo "   $f through the WFS driver: $(( $(date +%s) - start )) s with the sort"
  done
  $COMPARE diff "$WORK/$name.wfs.flatgeobuf.sorted" "$WORK/$name.wfs.json.sorted" || status=1

  : > "$WORK/$name.direct.flatgeobuf"
  : > "$WORK/$name.direct.json"
  for ((i = 0; i < hits; i += 100000)); do
    for f in flatgeobuf json; do
      curl -sf -o "$WORK/page.$f" \
        "$OWS?service=WFS&version=2.0.0&request=GetFeature&typeNames=$layer&count=100000&startIndex=$i&outputFormat=application/$f"
      $COMPARE dump "$WORK/page.$f" - "$WORK/page.$f.dump" > /dev/null
      cat "$WORK/page.$f.dump" >> "$WORK/$name.direct.$f"
    done
    /usr/bin/python3 - "$WORK/page.flatgeobuf" "$i" <<'EOF' || status=1
import sys
from osgeo import ogr
ds = ogr.Open(sys.argv[1])
layer = ds.GetLayer(0)
n, env = 0, [float("inf"), float("-inf"), float("inf"), float("-inf")]
for feature in layer:
    n += 1
    e = feature.GetGeometryRef().GetEnvelope()
    env = [min(env[0], e[0]), max(env[1], e[1]), min(env[2], e[2]), max(env[3], e[3])]
count, header = layer.GetFeatureCount(False), list(layer.GetExtent())
index = layer.TestCapability(ogr.OLCFastSpatialFilter)
print(f"   page at {sys.argv[2]}: header count {count}, {n} read, header envelope "
      f"{'= the features' if header == env else f'{header} != {env}'}, spatial index {index}")
sys.exit(0 if count == n and header == env else 1)
EOF
  done
  for f in flatgeobuf json; do
    sorted "$WORK/$name.direct.$f" "$WORK/$name.direct.$f.sorted"
  done
  echo "   read directly (ids included):"
  $COMPARE diff "$WORK/$name.direct.flatgeobuf.sorted" "$WORK/$name.direct.json.sorted" || status=1
  rm -f "$WORK"/*.sorted "$WORK"/page.*
done
exit $status
