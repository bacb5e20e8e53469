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
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;

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
  private static final SerializedString GEOMETRY = new SerializedString("geometry");
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
    CoordinateBuffer text = new CoordinateBuffer();
    FeatureType type = collection.type();
    SerializedString[] names = new SerializedString[type.attributes().size()];
    for (int i = 0; i < names.length; i++) {
      names[i] = new SerializedString(type.attributes().get(i).name());
    }
    try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
      g.writeStartObject();
      g.writeFieldName(TYPE);
      g.writeString("FeatureCollection");
      g.writeArrayFieldStart("features");
      for (Feature f : collection.features()) {
        g.writeStartObject();
        g.writeFieldName(TYPE);
        g.writeString(FEATURE);
        g.writeFieldName(ID);
        g.writeString(wellFormed(f.id()));
        if (!(f.geometry() instanceof Point)) {
          g.writeFieldName(BBOX);
          writeBbox(g, f.geometry().getEnvelopeInternal(), text);
        }
        g.writeFieldName(GEOMETRY);
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
      g.writeEndArray();
      g.writeEndObject();
    }
  }

  /** Writes the geometry object. The JTS peer overrides this and nothing else. */
  void writeGeometry(JsonGenerator g, Geometry geometry, CoordinateBuffer text) throws IOException {
    g.writeStartObject();
    g.writeFieldName(TYPE);
    g.writeString(geometry.getGeometryType());
    g.writeFieldName(COORDINATES);
    text.reset();
    if (geometry instanceof Point p) {
      text.append('[').appendPair(p.getX(), ',', p.getY()).append(']');
    } else if (geometry instanceof LineString line) {
      CoordinateSequence seq = line.getCoordinateSequence();
      text.append('[');
      for (int i = 0; i < seq.size(); i++) {
        if (i > 0) {
          text.append(',');
        }
        text.append('[').appendPair(seq.getX(i), ',', seq.getY(i)).append(']');
      }
      text.append(']');
    } else {
      throw new IllegalArgumentException("unsupported geometry " + geometry.getGeometryType());
    }
    g.writeRawValue(text.asJson);
    g.writeEndObject();
  }

  private static void writeBbox(JsonGenerator g, Envelope e, CoordinateBuffer text)
      throws IOException {
    text.reset().append('[').appendPair(e.getMinX(), ',', e.getMinY()).append(',');
    text.appendPair(e.getMaxX(), ',', e.getMaxY()).append(']');
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
          throw new IllegalArgumentException(
              String.format(
                  java.util.Locale.ROOT,
                  "a lone surrogate U+%04X at index %d cannot be written as UTF-8",
                  (int) c,
                  i));
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
