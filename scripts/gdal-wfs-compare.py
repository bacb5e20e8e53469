#!/usr/bin/python3
"""Reads one WFS layer with GDAL in two output formats and compares the features.

  gdal-wfs-compare.py dump SOURCE LAYER OUT [PAGE_SIZE]  one line a feature, as GDAL reads it
  gdal-wfs-compare.py diff A B                           compares two sorted dumps, streaming

SOURCE is a GDAL connection string ('WFS:http://…/ows?version=2.0.0&OUTPUTFORMAT=…', or a
/vsicurl/ GetFeature URL, LAYER then being '-' for the file's one layer). A dump line holds every
field GDAL shows (name=value, in the layer's order) and the geometry's type and coordinates (repr
of each double), so that `sort` of a dump is a sort by the first field and two dumps of the same
features sort the same. `diff` walks two sorted dumps side by side, holding one line of each:
the 1,000,000-feature layers never sit in memory. Coordinates are equal when within GeoJSON's
precision (our GeoJSON writes 7 decimals, FlatGeobuf the double itself: at most half of 1e-7
degrees apart, TOLERANCE); every other value, and the number of coordinates, exactly.
Exit 0: alike (diff) or dumped; 1: the dumps differ; 2: could not run (bad usage, no GDAL, a source
or layer GDAL cannot open, a dump missing or not UTF-8), one line.
"""
import sys
import time

USAGE = "usage: gdal-wfs-compare.py dump SOURCE LAYER OUT [PAGE_SIZE] | diff A B"


def refuse(msg):
    print(f"gdal-wfs-compare: {msg}", file=sys.stderr)
    sys.exit(2)

TOLERANCE = 0.5e-7 * (1 + 1e-6)  # half the 7th decimal, and a reader's last-bit rounding


def coords(geom, out):
    if geom.GetGeometryCount() > 0:
        for i in range(geom.GetGeometryCount()):
            out.append("(")
            coords(geom.GetGeometryRef(i), out)
            out.append(")")
    else:
        for x, y in geom.GetPoints() or []:
            out.append(repr(x))
            out.append(repr(y))


def dump(source, layer_name, out_path, page_size=None):
    try:
        from osgeo import gdal
    except ImportError:
        refuse("dump needs GDAL's Python bindings: apt-get install python3-gdal")
    gdal.UseExceptions()
    if page_size is not None and not (page_size.isascii() and page_size.isdigit() and int(page_size) > 0):
        refuse(f"PAGE_SIZE takes a count above 0, not '{page_size}'")
    try:
        open(out_path, "a").close()
    except OSError as e:
        refuse(f"{out_path}: cannot write: {e.strerror}")
    options = ["PAGE_SIZE=" + page_size] if page_size else []
    start = time.monotonic()
    try:
        ds = gdal.OpenEx(source, gdal.OF_VECTOR, open_options=options)
    except RuntimeError as e:
        refuse(f"GDAL cannot open {source}: {str(e).splitlines()[0] if str(e) else e}")
    if ds is None:
        refuse(f"GDAL cannot open {source}")
    layer = ds.GetLayer(0) if layer_name == "-" else ds.GetLayerByName(layer_name)
    if layer is None:
        refuse(f"no layer {layer_name} in {source}")
    defn = layer.GetLayerDefn()
    names = [defn.GetFieldDefn(i).GetName() for i in range(defn.GetFieldCount())]
    n = 0
    with open(out_path, "w", encoding="utf-8") as out:
        for feature in layer:
            fields = []
            for i, name in enumerate(names):
                value = feature.GetField(i) if feature.IsFieldSetAndNotNull(i) else None
                text = "<null>" if value is None else repr(value)
                fields.append(name + "=" + text.replace("\t", "\\t").replace("\n", "\\n"))
            geom = feature.GetGeometryRef()
            parts = []
            if geom is not None:
                coords(geom, parts)
            g = "<no geometry>" if geom is None else geom.GetGeometryName() + " " + " ".join(parts)
            out.write("\t".join(fields) + "\t" + g + "\n")
            n += 1
    print(f"{source} {layer_name}: {n} features, fields {names}, {time.monotonic() - start:.1f} s")


def distance(a, b):
    """The largest coordinate difference of two geometries, or None when they differ otherwise."""
    a_kind, _, a_rest = a.partition(" ")
    b_kind, _, b_rest = b.partition(" ")
    xs, ys = a_rest.split(" "), b_rest.split(" ")
    if a_kind != b_kind or len(xs) != len(ys):
        return None
    worst = 0.0
    for x, y in zip(xs, ys):
        if x != y:
            if x in "()" or y in "()":
                return None
            try:
                worst = max(worst, abs(float(x) - float(y)))
            except ValueError:  # not a number: the geometries differ
                return None
    return worst


def diff(a_path, b_path):
    lines = differences = exact = 0
    worst = 0.0
    for path in (a_path, b_path):
        try:
            open(path, "rb").close()
        except OSError as e:
            refuse(f"{path}: cannot read: {e.strerror}")
    with open(a_path, encoding="utf-8") as a, open(b_path, encoding="utf-8") as b:
        for a_line, b_line in zip(a, b):
            lines += 1
            if a_line == b_line:
                exact += 1
                continue
            a_fields, b_fields = a_line.rstrip("\n").split("\t"), b_line.rstrip("\n").split("\t")
            d = distance(a_fields[-1], b_fields[-1]) if a_fields[:-1] == b_fields[:-1] else None
            if d is not None and d <= TOLERANCE:
                worst = max(worst, d)
                continue
            differences += 1
            if differences <= 5:
                print("differ:\n  " + a_line.rstrip()[:300] + "\n  " + b_line.rstrip()[:300])
        rest_a, rest_b = sum(1 for _ in a), sum(1 for _ in b)
    print(f"{lines} lines compared, {exact} byte-equal, {differences} differ; largest coordinate "
          f"difference within the tolerance {worst:.3g}; left over: {rest_a} in {a_path}, "
          f"{rest_b} in {b_path}")
    return 1 if differences or rest_a or rest_b else 0


if __name__ == "__main__":
    if sys.argv[1:] in (["-h"], ["--help"]):
        print(__doc__.strip())
    elif len(sys.argv) in (5, 6) and sys.argv[1] == "dump":
        dump(*sys.argv[2:6])
    elif len(sys.argv) == 4 and sys.argv[1] == "diff":
        try:
            sys.exit(diff(sys.argv[2], sys.argv[3]))
        except UnicodeDecodeError as e:
            refuse(f"a dump is not UTF-8 text ({e})")
    else:
        refuse(USAGE)
