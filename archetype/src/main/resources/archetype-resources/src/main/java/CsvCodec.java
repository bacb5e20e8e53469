package ${package};

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;
import org.wirebench.formats.geo.codec.CoordinateFormat;
import org.wirebench.formats.geo.codec.GeoCodec;

/**
 * An example codec to replace with your own: RFC 4180 CSV, a header row (id, the attributes, the
 * geometry), one feature a row. A missing value is an empty field, an empty string a quoted
 * empty field ({@code ""}); the geometry is its positions as "x y x y …" (lon lat, EPSG:4326),
 * printed as the built-in encoders print them. Registered in {@code
 * META-INF/services/org.wirebench.formats.geo.codec.GeoCodec}.
 */
public final class CsvCodec implements GeoCodec {
  private static final GeometryFactory GEOMETRIES = new GeometryFactory();

  @Override
  public String name() {
    return "csv";
  }

  @Override
  public String mediaType() {
    return "text/csv; charset=UTF-8; header=present";
  }

  @Override
  public String fileExtension() {
    return "csv";
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    // not closed: the caller owns the stream
    Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 8192);
    FeatureType type = collection.type();
    w.write("id");
    for (Attribute a : type.attributes()) {
      w.write(',');
      writeField(w, a.name());
    }
    w.write(',');
    writeField(w, type.geometryName());
    w.write("\r\n");
    for (Feature f : collection.features()) {
      writeField(w, f.id());
      for (int i = 0; i < f.valueCount(); i++) {
        w.write(',');
        Object value = f.value(i);
        if (value != null) {
          writeField(w, value.toString());
        }
      }
      w.write(',');
      CoordinateSequence positions = f.positions();
      for (int i = 0; i < positions.size(); i++) {
        if (i > 0) {
          w.write(' ');
        }
        w.write(CoordinateFormat.toString(positions.getX(i)));
        w.write(' ');
        w.write(CoordinateFormat.toString(positions.getY(i)));
      }
      w.write("\r\n");
    }
    w.flush();
  }

  private static void writeField(Writer w, String text) throws IOException {
    boolean quote = text.isEmpty();
    for (int i = 0; i < text.length() && !quote; i++) {
      char c = text.charAt(i);
      quote = c == ',' || c == '"' || c == '\r' || c == '\n';
    }
    if (!quote) {
      w.write(text);
      return;
    }
    w.write('"');
    w.write(text.replace("\"", "\"\""));
    w.write('"');
  }

  @Override
  public List<Feature> decode(FeatureType type, InputStream in) throws IOException {
    List<List<String>> rows = CsvRows.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    if (rows.isEmpty()) {
      throw new IOException("csv: no header row");
    }
    int columns = type.attributes().size() + 2;
    List<Feature> features = new ArrayList<>(rows.size() - 1);
    for (int r = 0; r < rows.size(); r++) {
      List<String> row = rows.get(r);
      if (row.size() != columns) {
        throw new IOException(
            "csv: row " + (r + 1) + " has " + row.size() + " fields, " + columns + " expected");
      }
      if (r == 0) {
        continue;
      }
      Object[] values = new Object[columns - 2];
      for (int i = 0; i < values.length; i++) {
        String text = row.get(i + 1);
        values[i] = text == null ? null : type.attributes().get(i).type().parse(text);
      }
      features.add(
          new Feature(row.get(0), values, geometry(type.geometryKind(), row.get(columns - 1), r)));
    }
    return features;
  }

  private static Geometry geometry(GeometryKind kind, String text, int row) throws IOException {
    String[] numbers = text == null ? new String[0] : text.split(" ");
    if (numbers.length < 2 || numbers.length % 2 != 0) {
      throw new IOException("csv: row " + (row + 1) + " has no whole positions: '" + text + "'");
    }
    Coordinate[] positions = new Coordinate[numbers.length / 2];
    for (int i = 0; i < positions.length; i++) {
      double x = Double.parseDouble(numbers[2 * i]);
      positions[i] = new Coordinate(x, Double.parseDouble(numbers[2 * i + 1]));
    }
    return kind == GeometryKind.POINT
        ? GEOMETRIES.createPoint(positions[0])
        : GEOMETRIES.createLineString(positions);
  }
}
