package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.geojson.GeoJsonWriter;

/**
 * The peer to beat for {@code geojson}: the same FeatureCollection, with each geometry written by
 * JTS's {@link GeoJsonWriter} (json-simple underneath), asked for 16 decimals, i.e. every digit a
 * double has. Its rounding can move the last of them by one, so the round trip is declared to hold
 * to 14 decimals (1e-14 degrees, some 1 nm), not bit for bit.
 */
public final class JtsGeoJsonCodec extends GeoJsonCodec {
  /** 17 significant digits round-trip any double; our ordinates have at most 3 integer digits. */
  private static final int DECIMALS = 16;

  @Override
  public String name() {
    return "jts-geojson";
  }

  /** A peer to measure against, not a format to offer: it writes what geojson writes. */
  @Override
  public WfsOutputFormat wfsOutputFormat() {
    return WfsOutputFormat.UNLISTED;
  }

  @Override
  public int coordinateDecimals() {
    return DECIMALS - 2;
  }

  @Override
  void writeGeometry(Utf8JsonWriter w, Geometry geometry, Buffers text) throws IOException {
    writeBbox(w, geometry, text.small);
    GeoJsonWriter writer = new GeoJsonWriter(DECIMALS);
    writer.setEncodeCRS(false);
    w.raw(GEOMETRY).raw(writer.write(geometry).getBytes(StandardCharsets.UTF_8));
  }
}
