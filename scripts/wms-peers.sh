#!/usr/bin/env bash
# The raster study's peers on this machine: Debian's MapServer 8 (FastCGI behind lighttpd, the
# direct path) and MapProxy 1.15 (gunicorn, a GLOBAL_GEODETIC JPEG tile cache fed by that
# MapServer, as the 2010 study set them up), both on the Blue Marble image wirebench ships, then the
# wms scenario against them. Optional: the tests never need it.
#
#   apt-get install -y --no-install-recommends cgi-mapserver gdal-bin python3-mapproxy gunicorn lighttpd
#   scripts/wms-peers.sh start            # MapServer on :8081/mapserv, MapProxy on :8082/service
#   ./wirebench load --scenario wms --quick --server http://127.0.0.1:8081/ \
#       --wms-endpoint mapserver=http://127.0.0.1:8081/mapserv \
#       --wms-endpoint mapproxy=http://127.0.0.1:8082/service --out /tmp/peers
#   scripts/wms-peers.sh stop
#
# WORK (default /tmp/wirebench-peers) holds the GeoTIFF, the configurations, the cache and logs;
# MS_PROCS (default 4) FastCGI mapserv processes, MP_WORKERS (default 4) gunicorn workers.
set -euo pipefail
WORK=${WORK:-/tmp/wirebench-peers}
MS_PORT=${MS_PORT:-8081}
MP_PORT=${MP_PORT:-8082}
MS_PROCS=${MS_PROCS:-4}
MP_WORKERS=${MP_WORKERS:-4}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SOURCE="$ROOT/formats/src/main/resources/org/wirebench/formats/raster/bmng-5400x2700.jpg"

need() {
  command -v "$1" > /dev/null || { echo "wms-peers: $1 is missing; apt-get install $2" >&2; exit 2; }
}

stop() {
  [ -f "$WORK/gunicorn.pid" ] && kill "$(cat "$WORK/gunicorn.pid")" 2> /dev/null || true
  [ -f "$WORK/lighttpd.pid" ] && kill "$(cat "$WORK/lighttpd.pid")" 2> /dev/null || true
  sleep 1
  # an idle FastCGI mapserv ignores SIGTERM
  pkill -9 -x mapserv 2> /dev/null || true
  rm -f "$WORK/gunicorn.pid" "$WORK/lighttpd.pid"
}

start() {
  need gdal_translate gdal-bin
  need lighttpd lighttpd
  need gunicorn gunicorn
  [ -x /usr/lib/cgi-bin/mapserv ] || { echo "wms-peers: cgi-mapserver is missing" >&2; exit 2; }
  /usr/bin/python3 -c 'import mapproxy' 2> /dev/null \
    || { echo "wms-peers: python3-mapproxy is missing" >&2; exit 2; }
  mkdir -p "$WORK/cache"
  if [ ! -f "$WORK/bmng.tif" ]; then
    # a tiled GeoTIFF with average overviews, as the study's source (there 21600 x 10800)
    gdal_translate -q -of GTiff -co TILED=YES -a_srs EPSG:4326 -a_ullr -180 90 180 -90 \
      "$SOURCE" "$WORK/bmng.tif"
    gdaladdo -q -r average "$WORK/bmng.tif" 2 4 8 16
  fi
  cat > "$WORK/bluemarble.map" << MAPFILE
MAP
  NAME "bluemarble"
  EXTENT -180 -90 180 90
  SIZE 512 512
  MAXSIZE 4096
  IMAGECOLOR 255 255 255
  PROJECTION "init=epsg:4326" END
  WEB
    METADATA
      "wms_title" "Blue Marble"
      "wms_onlineresource" "http://127.0.0.1:$MS_PORT/mapserv?"
      "wms_srs" "EPSG:4326 EPSG:3857"
      "wms_enable_request" "*"
    END
  END
  OUTPUTFORMAT
    NAME "jpeg"
    DRIVER AGG/JPEG
    MIMETYPE "image/jpeg"
    IMAGEMODE RGB
    EXTENSION "jpg"
    FORMATOPTION "QUALITY=75"
  END
  LAYER
    NAME "bluemarble"
    TYPE RASTER
    STATUS ON
    DATA "$WORK/bmng.tif"
    PROJECTION "init=epsg:4326" END
    PROCESSING "RESAMPLE=NEAREST"
    METADATA "wms_title" "Blue Marble" END
  END
END
MAPFILE
  # MapServer 8 reads its environment from a config file named by MAPSERVER_CONFIG_FILE
  cat > "$WORK/mapserver.conf" << CONF
CONFIG
  ENV
    MS_MAPFILE "$WORK/bluemarble.map"
  END
END
CONF
  cat > "$WORK/lighttpd.conf" << CONF
server.document-root = "$WORK"
server.bind = "127.0.0.1"
server.port = $MS_PORT
server.pid-file = "$WORK/lighttpd.pid"
server.errorlog = "$WORK/lighttpd.log"
server.max-connections = 1024
server.modules = ("mod_fastcgi")
fastcgi.server = ("/mapserv" => ((
  "socket" => "$WORK/mapserv.sock",
  "bin-path" => "/usr/lib/cgi-bin/mapserv",
  "max-procs" => $MS_PROCS,
  "check-local" => "disable",
  "bin-environment" => ("MAPSERVER_CONFIG_FILE" => "$WORK/mapserver.conf")
)))
CONF
  cat > "$WORK/mapproxy.yaml" << YAML
services:
  wms:
    srs: ['EPSG:4326', 'EPSG:3857', 'EPSG:900913']
    image_formats: ['image/jpeg', 'image/png']
    max_output_pixels: [4096, 4096]
    md:
      title: Blue Marble (MapProxy tile cache)
layers:
  - name: bluemarble
    title: Blue Marble
    sources: [bluemarble_cache]
caches:
  bluemarble_cache:
    grids: [GLOBAL_GEODETIC]
    sources: [mapserver]
    format: image/jpeg
sources:
  mapserver:
    type: wms
    supported_srs: ['EPSG:4326']
    req:
      url: http://127.0.0.1:$MS_PORT/mapserv
      layers: bluemarble
globals:
  image:
    resampling_method: nearest
    jpeg_quality: 75
  cache:
    base_dir: $WORK/cache
    lock_dir: $WORK/cache/locks
YAML
  cat > "$WORK/mapproxy_app.py" << PY
from mapproxy.wsgiapp import make_wsgi_app
application = make_wsgi_app('$WORK/mapproxy.yaml')
PY
  stop
  lighttpd -f "$WORK/lighttpd.conf"
  gunicorn --daemon --pid "$WORK/gunicorn.pid" --workers "$MP_WORKERS" \
    --bind "127.0.0.1:$MP_PORT" --chdir "$WORK" --log-file "$WORK/gunicorn.log" mapproxy_app:application
  for url in "http://127.0.0.1:$MS_PORT/mapserv?SERVICE=WMS&REQUEST=GetCapabilities" \
    "http://127.0.0.1:$MP_PORT/service?SERVICE=WMS&REQUEST=GetCapabilities"; do
    for _ in $(seq 50); do
      curl -sf -o /dev/null "$url" && break
      sleep 0.2
    done
    curl -sf -o /dev/null "$url" || { echo "wms-peers: $url does not answer" >&2; exit 1; }
  done
  echo "MapServer $(mapserv -v | head -1 | cut -d' ' -f3): http://127.0.0.1:$MS_PORT/mapserv"
  echo "MapProxy $(/usr/bin/python3 -c 'import mapproxy.version as v; print(v.version)'): http://127.0.0.1:$MP_PORT/service"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: scripts/wms-peers.sh start|stop" >&2; exit 2 ;;
esac
