#!/usr/bin/env bash
# The raster study's peers on this machine: Debian's MapServer 8 (FastCGI behind lighttpd, the
# direct path) and MapProxy 1.15 (gunicorn, a GLOBAL_GEODETIC JPEG tile cache fed by that
# MapServer, as the 2010 study set them up), both on the Blue Marble image wirebench ships, then the
# wms scenario against them. Optional: the tests never need it.
#
#   apt-get install -y --no-install-recommends cgi-mapserver gdal-bin python3-mapproxy gunicorn lighttpd
#   scripts/wms-peers.sh start [WORK]     # prints the two URLs and the run's WORK folder
#   . WORK/peers.env                      # MS_URL, MP_URL, MS_PORT, MP_PORT, WORK
#   ./wirebench load --scenario wms --quick --server http://127.0.0.1:8080/ \
#       --wms-endpoint mapserver=$MS_URL --wms-endpoint mapproxy=$MP_URL --out /tmp/peers
#   scripts/wms-peers.sh stop WORK
#
# Each run has its own WORK folder (default: a new /tmp/wirebench-peers.XXXXXX) holding the GeoTIFF,
# the configurations, the cache, the logs and the process ids, and its own ports: MS_PORT and
# MP_PORT if given (refused when something listens there), else free ones. stop ends only what
# that run started, by process id: its gunicorn, its lighttpd and the mapserv processes lighttpd
# started for it (their environment names WORK's mapserver.conf); other MapServers on the machine
# are never touched. MS_PROCS (default 4) FastCGI mapserv processes, MP_WORKERS (default 4)
# gunicorn workers; MAPSERV and PYTHON name the mapserv binary and the python with MapProxy.
#
# Needs bash 4.1 or later (macOS's /bin/bash is 3.2: `brew install bash`); older: exit 2.
((BASH_VERSINFO[0] * 100 + BASH_VERSINFO[1] >= 401)) || { echo "wms-peers: needs bash 4.1 or later, this is bash ${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}" >&2; exit 2; }
set -euo pipefail
case ${1:-} in -h | --help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;; esac
MS_PROCS=${MS_PROCS:-4}
MP_WORKERS=${MP_WORKERS:-4}
MAPSERV=${MAPSERV:-/usr/lib/cgi-bin/mapserv}
PYTHON=${PYTHON:-/usr/bin/python3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SOURCE="$ROOT/formats/src/main/resources/org/wirebench/formats/raster/bmng-5400x2700.jpg"

need() {
  command -v "$1" > /dev/null || { echo "wms-peers: $1 is missing; apt-get install $2" >&2; exit 2; }
}

# whether something accepts connections on 127.0.0.1:$1
listening() {
  (exec 3<> "/dev/tcp/127.0.0.1/$1") 2> /dev/null
}

free_port() {
  local p
  for _ in $(seq 200); do
    p=$((20000 + RANDOM % 40000))
    if [ "$p" != "${1:-}" ] && ! listening "$p"; then
      echo "$p"
      return
    fi
  done
  echo "wms-peers: found no free port" >&2
  exit 1
}

# whether process $1 belongs to this run: its command line names WORK (lighttpd -f WORK/...,
# gunicorn --pid WORK/...) or its environment holds this run's MapServer configuration (the
# mapserv processes lighttpd starts); never a name match, which would take every MapServer
ours() {
  local pid=$1 cmd
  cmd=$(tr '\0' '\n' < "/proc/$pid/cmdline" 2> /dev/null) || return 1
  [[ $cmd == *"$WORK/"* ]] && return 0
  ourmapserv "/proc/$pid"
}

# whether /proc/PID $1 has this run's MapServer configuration in its environment
ourmapserv() {
  local env
  env=$(tr '\0' '\n' < "$1/environ" 2> /dev/null) || return 1
  [[ $'\n'$env$'\n' == *$'\n'"MAPSERVER_CONFIG_FILE=$WORK/mapserver.conf"$'\n'* ]]
}

# this run's mapserv processes, found by their environment (lighttpd's children, or orphans of a
# lighttpd that is gone)
mapservs() {
  local d
  for d in /proc/[0-9]*; do
    if ourmapserv "$d"; then echo "${d#/proc/}"; fi
  done
}

# TERM, then KILL what is left after $1 tenths of a second; only processes of this run
end() {
  local tenths=$1 pid alive
  shift
  for pid in "$@"; do ours "$pid" && kill -TERM "$pid" 2> /dev/null || true; done
  for _ in $(seq "$tenths"); do
    alive=0
    for pid in "$@"; do ours "$pid" && alive=1; done
    [ "$alive" = 0 ] && return 0
    sleep 0.1
  done
  # an idle FastCGI mapserv ignores SIGTERM
  for pid in "$@"; do ours "$pid" && kill -KILL "$pid" 2> /dev/null || true; done
  return 0
}

stop() {
  local pids=() f
  for f in gunicorn.pid lighttpd.pid; do
    [ -s "$WORK/$f" ] && pids+=("$(cat "$WORK/$f")")
  done
  [ "${#pids[@]}" -gt 0 ] && end 50 ${pids[@]+"${pids[@]}"}
  mapfile -t pids < <(mapservs)
  [ "${#pids[@]}" -gt 0 ] && end 10 ${pids[@]+"${pids[@]}"}
  rm -f "$WORK/gunicorn.pid" "$WORK/lighttpd.pid"
}

start() {
  need gdal_translate gdal-bin
  need lighttpd lighttpd
  need gunicorn gunicorn
  [ -x "$MAPSERV" ] || { echo "wms-peers: cgi-mapserver is missing ($MAPSERV)" >&2; exit 2; }
  "$PYTHON" -c 'import mapproxy' 2> /dev/null \
    || { echo "wms-peers: python3-mapproxy is missing" >&2; exit 2; }
  for p in ${MS_PORT:-} ${MP_PORT:-}; do
    if ! [[ $p =~ ^[0-9]+$ ]] || [ "$p" -lt 1 ] || [ "$p" -gt 65535 ]; then
      echo "wms-peers: a port is 1..65535, was '$p'" >&2
      exit 2
    fi
    if listening "$p"; then
      echo "wms-peers: something already listens on 127.0.0.1:$p; give another port or none" >&2
      exit 2
    fi
  done
  MS_PORT=${MS_PORT:-$(free_port "${MP_PORT:-}")}
  MP_PORT=${MP_PORT:-$(free_port "$MS_PORT")}
  mkdir -p "$WORK/cache"
  stop # what an earlier start in this WORK left
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
  "bin-path" => "$MAPSERV",
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
  lighttpd -f "$WORK/lighttpd.conf"
  gunicorn --daemon --pid "$WORK/gunicorn.pid" --workers "$MP_WORKERS" \
    --bind "127.0.0.1:$MP_PORT" --chdir "$WORK" --log-file "$WORK/gunicorn.log" mapproxy_app:application
  for url in "http://127.0.0.1:$MS_PORT/mapserv?SERVICE=WMS&REQUEST=GetCapabilities" \
    "http://127.0.0.1:$MP_PORT/service?SERVICE=WMS&REQUEST=GetCapabilities"; do
    for _ in $(seq 50); do
      curl -sf -o /dev/null "$url" && break
      sleep 0.2
    done
    curl -sf -o /dev/null "$url" || { echo "wms-peers: $url does not answer" >&2; stop; exit 1; }
  done
  cat > "$WORK/peers.env" << ENV
WORK='$WORK'
MS_PORT=$MS_PORT
MP_PORT=$MP_PORT
MS_URL=http://127.0.0.1:$MS_PORT/mapserv
MP_URL=http://127.0.0.1:$MP_PORT/service
ENV
  echo "MapServer $("$MAPSERV" -v | head -1 | cut -d' ' -f3): http://127.0.0.1:$MS_PORT/mapserv"
  echo "MapProxy $("$PYTHON" -c 'import mapproxy.version as v; print(v.version)'): http://127.0.0.1:$MP_PORT/service"
  echo "WORK=$WORK (. $WORK/peers.env; stop with: scripts/wms-peers.sh stop $WORK)"
}

case "${1:-}" in
  start)
    WORK=${2:-${WORK:-$(mktemp -d /tmp/wirebench-peers.XXXXXX)}}
    mkdir -p "$WORK"
    WORK=$(cd "$WORK" && pwd)
    start
    ;;
  stop)
    WORK=${2:-${WORK:-}}
    [ -n "$WORK" ] && [ -d "$WORK" ] \
      || { echo "usage: scripts/wms-peers.sh stop WORK (the folder start printed)" >&2; exit 2; }
    WORK=$(cd "$WORK" && pwd)
    stop
    ;;
  *) echo "usage: scripts/wms-peers.sh start [WORK] | stop WORK" >&2; exit 2 ;;
esac
