package org.wirebench.formats.geo.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamWriteFeature;
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
 * An RFC 7946 FeatureCollection (lon/lat, WGS 84, no {@code crs}), written byte by byte as the GML
 * codecs are ({@link Utf8JsonWriter}; the bytes are Jackson's, which wrote it before): the markup
 * between values pre-encoded once a document, property names included, each geometry's coordinates
 * formatted once. Line features carry a {@code bbox} (RFC 7946 section 5), as GML 3.2 features
 * carry {@code gml:boundedBy}; a point's box would only repeat the point.
 */
public class GeoJsonCodec implements GeoCodec {
  static final byte[] DOCUMENT_START =
      Utf8XmlWriter.ascii("{\"type\":\"FeatureCollection\",\"features\":[");
  static final byte[] DOCUMENT_END = Utf8XmlWriter.ascii("]}");
  static final byte[] FEATURE_START = Utf8XmlWriter.ascii("{\"type\":\"Feature\",\"id\":\"");
  static final byte[] BBOX = Utf8XmlWriter.ascii(",\"bbox\":");
  static final byte[] GEOMETRY = Utf8XmlWriter.ascii(",\"geometry\":");
  private static final byte[] POINT =
      Utf8XmlWriter.ascii(",\"geometry\":{\"type\":\"Point\",\"coordinates\":");
  private static final byte[] LINE =
      Utf8XmlWriter.ascii(",\"geometry\":{\"type\":\"LineString\",\"coordinates\":");
  static final byte[] PROPERTIES = Utf8XmlWriter.ascii(",\"properties\":{");
  static final byte[] FEATURE_END = Utf8XmlWriter.ascii("}}");

  /** Reads GeoJSON (the codec's decoder). */
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

  /** Listed as application/json, the name WFS clients ask GeoServer for GeoJSON by. */
  @Override
  public WfsOutputFormat wfsOutputFormat() {
    return WfsOutputFormat.of("application/json", "json", "geojson", "application/geo+json");
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
    Utf8JsonWriter w = new Utf8JsonWriter(out);
    Buffers text = new Buffers();
    w.raw(DOCUMENT_START);
    boolean first = true;
    for (FeatureCollection c : queries) {
      byte[][] names = names(c.type());
      for (Feature f : c.features()) {
        if (!first) {
          w.ascii(',');
        }
        first = false;
        writeFeature(w, f, names, text);
      }
    }
    w.raw(DOCUMENT_END);
    w.flush();
  }

  @Override
  public boolean encodesBareFeatures() {
    return true;
  }

  /** The Feature object alone (GetFeatureById). */
  @Override
  public void encodeFeature(FeatureCollection one, OutputStream out) throws IOException {
    Utf8JsonWriter w = new Utf8JsonWriter(out);
    writeFeature(w, GeoCodec.single(one), names(one.type()), new Buffers());
    w.flush();
  }

  /**
   * Each attribute's member name as Jackson writes it, {@code "name":}, with the comma before all
   * but the first: what the same-bytes floor copies too.
   */
  static byte[][] names(FeatureType type) {
    byte[][] names = new byte[type.attributes().size()][];
    for (int i = 0; i < names.length; i++) {
      String name = type.attributes().get(i).name();
      byte[] b = new byte[4 + Utf8JsonWriter.MAX_ESCAPED_BYTES * name.length()];
      int pos = 0;
      if (i > 0) {
        b[pos++] = ',';
      }
      b[pos++] = '"';
      pos = Utf8JsonWriter.escape(name, 0, name.length(), b, pos);
      b[pos++] = '"';
      b[pos++] = ':';
      names[i] = java.util.Arrays.copyOf(b, pos);
    }
    return names;
  }

  void writeFeature(Utf8JsonWriter w, Feature f, byte[][] names, Buffers text) throws IOException {
    w.raw(FEATURE_START).stringContent(f.id()).ascii('"');
    writeGeometry(w, f.geometry(), text);
    w.raw(PROPERTIES);
    for (int i = 0; i < names.length; i++) {
      w.raw(names[i]).value(f.value(i));
    }
    w.raw(FEATURE_END);
  }

  /** A document's scratch space: a line's vertices, formatted once, and a box or a point. */
  static final class Buffers {
    final OrdinateText line = new OrdinateText();
    final CoordinateBuffer small = new CoordinateBuffer();
  }

  /**
   * Writes a line's {@code bbox} member and every feature's {@code geometry} member, each after a
   * comma. The JTS peer overrides this and nothing else.
   */
  void writeGeometry(Utf8JsonWriter w, Geometry geometry, Buffers text) throws IOException {
    if (geometry instanceof Point p) {
      w.raw(POINT).position(p.getX(), p.getY()).ascii('}');
    } else if (geometry instanceof LineString line) {
      // the box's corners are some vertices' ordinates: format the vertices first, copy those
      OrdinateText vertices =
          text.line.format(line.getCoordinateSequence(), OrdinateText.Style.JSON_LINE);
      w.raw(BBOX).ascii('[');
      corner(w, vertices, OrdinateText.MIN_X).ascii(',');
      corner(w, vertices, OrdinateText.MIN_Y).ascii(',');
      corner(w, vertices, OrdinateText.MAX_X).ascii(',');
      corner(w, vertices, OrdinateText.MAX_Y).ascii(']');
      CoordinateBuffer coordinates = vertices.text();
      w.raw(LINE).raw(coordinates.bytes(), 0, coordinates.length()).ascii('}');
    } else {
      throw new IllegalArgumentException("unsupported geometry " + geometry.getGeometryType());
    }
  }

  private static Utf8JsonWriter corner(Utf8JsonWriter w, OrdinateText line, int which)
      throws IOException {
    return w.raw(line.text().bytes(), line.start(which), line.length(which));
  }

  /** The {@code bbox} member of a line feature, formatted from its envelope (for the JTS peer). */
  static void writeBbox(Utf8JsonWriter w, Geometry geometry, CoordinateBuffer text)
      throws IOException {
    if (geometry instanceof Point) {
      return;
    }
    Envelope e = geometry.getEnvelopeInternal();
    text.reset().append('[').appendPair(e.getMinX(), ',', e.getMinY()).append(',');
    text.appendPair(e.getMaxX(), ',', e.getMaxY()).append(']');
    w.raw(BBOX).raw(text.bytes(), 0, text.length());
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
   * {@code text}, if it holds no lone surrogate: UTF-8 cannot carry one (Java's encoder writes '?'
   * for it, a silent change), so the codecs that encode strings themselves refuse it.
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
