package org.wirebench.formats.geo.codec;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.QueryResults;

/**
 * An RFC 7946 FeatureCollection (lon/lat, WGS 84, no {@code crs}) through Jackson's streaming
 * generator. Each geometry's coordinate array is formatted once and written as one raw value. Line
 * features carry a {@code bbox} (RFC 7946 section 5), as GML 3.2 features carry {@code
 * gml:boundedBy}; a point's box would only repeat the point.
 */
public class GeoJsonCodec implements GeoCodec {
  private static final SerializedString TYPE = new SerializedString("type");
  private static final SerializedString FEATURE = new SerializedString("Feature");
  private static final SerializedString ID = new SerializedString("id");
  private static final SerializedString BBOX = new SerializedString("bbox");
  static final SerializedString GEOMETRY = new SerializedString("geometry");
  private static final SerializedString PROPERTIES = new SerializedString("properties");
  private static final SerializedString COORDINATES = new SerializedString("coordinates");
  static final JsonFactory JSON =
      JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();

  @Override
  public String name() {
    return "geojson";
  }

  @Override
  public String mediaType() {
    return "application/geo+json";
  }

  @Override
  public String fileExtension() {
    return "json";
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    write(List.of(collection), out);
  }

  @Override
  public boolean encodesSeveralQueries() {
    return true;
  }

  /** Several queries: one FeatureCollection, each query's features after the one before's. */
  @Override
  public void encodeQueries(QueryResults results, OutputStream out) throws IOException {
    write(results.queries(), out);
  }

  private void write(List<FeatureCollection> queries, OutputStream out) throws IOException {
    Buffers text = new Buffers();
    try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
      g.writeStartObject();
      g.writeFieldName(TYPE);
      g.writeString("FeatureCollection");
      g.writeArrayFieldStart("features");
      for (FeatureCollection c : queries) {
        SerializedString[] names = names(c.type());
        for (Feature f : c.features()) {
          writeFeature(g, f, names, text);
        }
      }
      g.writeEndArray();
      g.writeEndObject();
    }
  }

  @Override
  public boolean encodesBareFeatures() {
    return true;
  }

  /** The Feature object alone (GetFeatureById). */
  @Override
  public void encodeFeature(FeatureCollection one, OutputStream out) throws IOException {
    try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
      writeFeature(g, GeoCodec.single(one), names(one.type()), new Buffers());
    }
  }

  static SerializedString[] names(FeatureType type) {
    SerializedString[] names = new SerializedString[type.attributes().size()];
    for (int i = 0; i < names.length; i++) {
      names[i] = new SerializedString(type.attributes().get(i).name());
    }
    return names;
  }

  void writeFeature(JsonGenerator g, Feature f, SerializedString[] names, Buffers text)
      throws IOException {
    g.writeStartObject();
    g.writeFieldName(TYPE);
    g.writeString(FEATURE);
    g.writeFieldName(ID);
    g.writeString(wellFormed(f.id()));
    writeGeometry(g, f.geometry(), text);
    g.writeFieldName(PROPERTIES);
    g.writeStartObject();
    for (int i = 0; i < names.length; i++) {
      g.writeFieldName(names[i]);
      writeValue(g, f.value(i));
    }
    g.writeEndObject();
    g.writeEndObject();
  }

  /** A document's scratch space: a line's vertices, formatted once, and a box or a point. */
  static final class Buffers {
    final OrdinateText line = new OrdinateText();
    final CoordinateBuffer small = new CoordinateBuffer();
  }

  /**
   * Writes a line's {@code bbox} member and every feature's {@code geometry} member. The JTS peer
   * overrides this and nothing else.
   */
  void writeGeometry(JsonGenerator g, Geometry geometry, Buffers text) throws IOException {
    RawJsonValue coordinates;
    if (geometry instanceof Point p) {
      coordinates =
          text.small.reset().append('[').appendPair(p.getX(), ',', p.getY()).append(']').asJson;
    } else if (geometry instanceof LineString line) {
      // the box's corners are some vertices' ordinates: format the vertices first, copy those
      OrdinateText vertices =
          text.line.format(line.getCoordinateSequence(), OrdinateText.Style.JSON_LINE);
      CoordinateBuffer box = text.small.reset().append('[');
      corner(box, vertices, OrdinateText.MIN_X).append(',');
      corner(box, vertices, OrdinateText.MIN_Y).append(',');
      corner(box, vertices, OrdinateText.MAX_X).append(',');
      corner(box, vertices, OrdinateText.MAX_Y).append(']');
      g.writeFieldName(BBOX);
      g.writeRawValue(box.asJson);
      coordinates = vertices.text().asJson;
    } else {
      throw new IllegalArgumentException("unsupported geometry " + geometry.getGeometryType());
    }
    g.writeFieldName(GEOMETRY);
    g.writeStartObject();
    g.writeFieldName(TYPE);
    g.writeString(geometry.getGeometryType());
    g.writeFieldName(COORDINATES);
    g.writeRawValue(coordinates);
    g.writeEndObject();
  }

  private static CoordinateBuffer corner(CoordinateBuffer box, OrdinateText line, int which) {
    return box.append(line.text().bytes(), line.start(which), line.length(which));
  }

  /** The {@code bbox} member of a line feature, formatted from its envelope (for the JTS peer). */
  static void writeBbox(JsonGenerator g, Geometry geometry, CoordinateBuffer text)
      throws IOException {
    if (geometry instanceof Point) {
      return;
    }
    Envelope e = geometry.getEnvelopeInternal();
    text.reset().append('[').appendPair(e.getMinX(), ',', e.getMinY()).append(',');
    text.appendPair(e.getMaxX(), ',', e.getMaxY()).append(']');
    g.writeFieldName(BBOX);
    g.writeRawValue(text.asJson);
  }

  private static void writeValue(JsonGenerator g, Object value) throws IOException {
    if (value == null) {
      g.writeNull();
    } else if (value instanceof String s) {
      g.writeString(wellFormed(s));
    } else if (value instanceof Long l) {
      g.writeNumber(l);
    } else if (value instanceof Integer i) {
      g.writeNumber(i);
    } else if (value instanceof Boolean b) {
      g.writeBoolean(b);
    } else {
      throw new IllegalArgumentException("unsupported value " + value.getClass());
    }
  }

  /** The refusal of a lone surrogate at {@code index}, for this codec and its same-bytes floor. */
  static IllegalArgumentException loneSurrogate(char c, int index) {
    return new IllegalArgumentException(
        String.format(
            java.util.Locale.ROOT,
            "a lone surrogate U+%04X at index %d cannot be written as UTF-8",
            (int) c,
            index));
  }

  /**
   * {@code text}, if it holds no lone surrogate. Jackson writes one as bytes that read back as
   * U+FFFD, a silent change the codec fidelity table found; UTF-8 cannot carry it, so refuse.
   */
  static String wellFormed(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < text.length()
            && Character.isLowSurrogate(text.charAt(i + 1))) {
          i++;
        } else {
          throw loneSurrogate(c, i);
        }
      }
    }
    return text;
  }

  @Override
  public List<Feature> decode(FeatureType type, InputStream in) throws IOException {
    return new GeoJsonReader(type).read(in);
  }
}
