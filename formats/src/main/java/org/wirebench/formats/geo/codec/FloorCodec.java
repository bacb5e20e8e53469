package org.wirebench.formats.geo.codec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;

/**
 * The cost below which no text encoder of these features can go: only the coordinates, printed with
 * {@link CoordinateFormat} (as our encoders print them), "x y x y" per feature, one feature a line.
 * No ids, no attributes, no markup; decoding gives back geometries only.
 */
public final class FloorCodec implements GeoCodec {
  private static final GeometryFactory GEOMETRY_FACTORY = new GeometryFactory();
  private static final int BUFFER_BYTES = 8192;

  @Override
  public String name() {
    return "floor";
  }

  @Override
  public String mediaType() {
    return "text/plain; charset=US-ASCII";
  }

  @Override
  public String fileExtension() {
    return "txt";
  }

  /** A cost to measure against, not a format to offer. */
  @Override
  public WfsOutputFormat wfsOutputFormat() {
    return WfsOutputFormat.UNLISTED;
  }

  @Override
  public boolean carriesAttributes() {
    return false;
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    byte[] bytes = new byte[BUFFER_BYTES];
    int pos = 0;
    for (Feature f : collection.features()) {
      CoordinateSequence seq = f.positions();
      for (int i = 0; i < seq.size(); i++) {
        if (pos + 2 * CoordinateFormat.MAX_CHARS + 2 > bytes.length) {
          out.write(bytes, 0, pos);
          pos = 0;
        }
        if (i > 0) {
          bytes[pos++] = ' ';
        }
        pos = CoordinateFormat.format(seq.getX(i), bytes, pos);
        bytes[pos++] = ' ';
        pos = CoordinateFormat.format(seq.getY(i), bytes, pos);
      }
      bytes[pos++] = '\n';
    }
    out.write(bytes, 0, pos);
  }

  @Override
  public List<Feature> decode(FeatureType type, InputStream in) throws IOException {
    List<Feature> features = new ArrayList<>();
    BufferedReader reader =
        new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
    int lineNumber = 0;
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      lineNumber++;
      String[] parts = line.strip().split(" ");
      if (parts.length < 2 || parts.length % 2 != 0) {
        throw new IOException("line " + lineNumber + ": expected x y pairs");
      }
      Coordinate[] coords = new Coordinate[parts.length / 2];
      for (int i = 0; i < coords.length; i++) {
        coords[i] =
            new Coordinate(Double.parseDouble(parts[2 * i]), Double.parseDouble(parts[2 * i + 1]));
      }
      Geometry g =
          type.geometryKind() == GeometryKind.POINT
              ? GEOMETRY_FACTORY.createPoint(coords[0])
              : GEOMETRY_FACTORY.createLineString(coords);
      features.add(new Feature("line." + lineNumber, new Object[0], g));
    }
    return features;
  }
}
