package org.wirebench.formats.geo.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;

/** Streams features of one type back out of a GeoJSON FeatureCollection with Jackson's parser. */
final class GeoJsonReader {
  private static final GeometryFactory GEOMETRY_FACTORY = new GeometryFactory();
  private final FeatureType type;

  GeoJsonReader(FeatureType type) {
    this.type = type;
  }

  List<Feature> read(InputStream in) throws IOException {
    List<Feature> features = new ArrayList<>();
    try (JsonParser p = GeoJsonCodec.JSON.createParser(in)) {
      expect(p, p.nextToken(), JsonToken.START_OBJECT);
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (field.equals("features")) {
          expect(p, value, JsonToken.START_ARRAY);
          while (p.nextToken() == JsonToken.START_OBJECT) {
            features.add(readFeature(p));
          }
        } else {
          p.skipChildren();
        }
      }
    }
    return features;
  }

  /** One Feature object; the parser is on its START_OBJECT. */
  Feature readFeature(JsonParser p) throws IOException {
    String id = null;
    Geometry geometry = null;
    Object[] values = new Object[type.attributes().size()];
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken token = p.nextToken();
      switch (field) {
        case "id" -> id = p.getValueAsString();
        case "geometry" -> geometry = readGeometry(p);
        case "properties" -> readProperties(p, values);
        default -> p.skipChildren();
      }
    }
    if (id == null || geometry == null) {
      throw new IOException("feature without id or geometry at " + p.currentLocation());
    }
    return new Feature(id, values, geometry);
  }

  private void readProperties(JsonParser p, Object[] values) throws IOException {
    expect(p, p.currentToken(), JsonToken.START_OBJECT);
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      int index = type.indexOf(p.currentName());
      JsonToken token = p.nextToken();
      if (index < 0) {
        throw new IOException("unknown property " + p.currentName() + " at " + p.currentLocation());
      }
      Attribute attribute = type.attributes().get(index);
      // a value of JSON's own type for the attribute's, as the codecs write it: a string "7" for an
      // int, 1 for a boolean or 7 for a string is another value than the one encoded
      JsonToken wanted =
          switch (attribute.type()) {
            case STRING -> JsonToken.VALUE_STRING;
            case INT, LONG -> JsonToken.VALUE_NUMBER_INT;
            case BOOLEAN -> token == JsonToken.VALUE_FALSE ? token : JsonToken.VALUE_TRUE;
          };
      if (token == JsonToken.VALUE_NULL) {
        values[index] = null;
      } else if (token == wanted) {
        try {
          values[index] = attribute.type().parse(p.getText());
        } catch (IllegalArgumentException e) { // an int beyond its type's range
          throw new IOException(
              attribute.name() + ": " + e.getMessage() + " at " + p.currentLocation(), e);
        }
      } else {
        throw new IOException(
            "unexpected "
                + token
                + " for "
                + attribute.name()
                + " ("
                + attribute.type().xsdType()
                + ") at "
                + p.currentLocation());
      }
    }
  }

  private Geometry readGeometry(JsonParser p) throws IOException {
    expect(p, p.currentToken(), JsonToken.START_OBJECT);
    String kind = null;
    List<Coordinate> coords = new ArrayList<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      p.nextToken();
      if (field.equals("type")) {
        kind = p.getText();
      } else if (field.equals("coordinates")) {
        readPositions(p, coords);
      } else {
        p.skipChildren();
      }
    }
    if ("Point".equals(kind) && coords.size() == 1) {
      return GEOMETRY_FACTORY.createPoint(coords.get(0));
    }
    if ("LineString".equals(kind) && coords.size() >= 2) {
      return GEOMETRY_FACTORY.createLineString(coords.toArray(new Coordinate[0]));
    }
    throw new IOException(kind + " with " + coords.size() + " positions at " + p.currentLocation());
  }

  /** A position is an array of numbers; anything deeper is an array of positions. */
  private static void readPositions(JsonParser p, List<Coordinate> into) throws IOException {
    expect(p, p.currentToken(), JsonToken.START_ARRAY);
    JsonToken first = p.nextToken();
    if (first == JsonToken.START_ARRAY) {
      do {
        readPositions(p, into);
      } while (p.nextToken() == JsonToken.START_ARRAY);
      return;
    }
    double x = p.getDoubleValue();
    p.nextToken();
    double y = p.getDoubleValue();
    into.add(new Coordinate(x, y));
    while (p.nextToken() != JsonToken.END_ARRAY) {
      // a third ordinate (elevation) is allowed by RFC 7946; our features are 2D
    }
  }

  private static void expect(JsonParser p, JsonToken actual, JsonToken expected)
      throws IOException {
    if (actual != expected) {
      throw new IOException(
          "expected " + expected + " but found " + actual + " at " + p.currentLocation());
    }
  }
}
