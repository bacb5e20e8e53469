package org.wirebench.formats.geo.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.locationtech.jts.geom.Coordinate;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.schema.OgcValidator;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * The checks every codec passes before it is timed: its output validates against its OGC schema (if
 * it has one) and decodes back to the same features: ids and attributes equal, coordinates equal
 * within the codec's declared precision; it carries the time stamp exactly when it says it does.
 */
public final class Conformance {
  private Conformance() {}

  /**
   * Encodes, validates and round-trips {@code collection}, and encodes it again at another time
   * stamp to hold the codec to its {@link GeoCodec#writesTimeStamp}.
   *
   * @return the encoded bytes, exactly as a benchmark of this codec produces them
   * @throws ConformanceException saying which feature differs how
   */
  public static byte[] check(GeoCodec codec, FeatureCollection collection) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    codec.encode(collection, out);
    byte[] bytes = out.toByteArray();
    verify(codec, collection.type(), collection.features(), bytes);
    timeStamp(codec, collection, bytes);
    return bytes;
  }

  /**
   * Validates {@code bytes} (e.g. a server's response) against the codec's schema and checks that
   * they decode to {@code expected}.
   *
   * @throws ConformanceException saying which feature differs how
   */
  public static void verify(GeoCodec codec, FeatureType type, List<Feature> expected, byte[] bytes)
      throws IOException {
    if (codec.xmlSchema() != XmlSchema.NONE) {
      OgcValidator.validate(codec.xmlSchema(), type, bytes);
    }
    compare(codec, expected, codec.decode(type, new ByteArrayInputStream(bytes)));
  }

  /**
   * Holds {@code codec} to its {@link GeoCodec#writesTimeStamp}: the same features at another time
   * stamp are other bytes if and only if it says it writes one ({@code encode --time-stamp} is
   * refused or taken by what it says).
   */
  static void timeStamp(GeoCodec codec, FeatureCollection collection, byte[] bytes)
      throws IOException {
    FeatureCollection later =
        new FeatureCollection(
            collection.type(),
            collection.features(),
            collection.bounds(),
            collection.timeStamp().plusSeconds(1),
            collection.paging(),
            collection.schemaBase());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    codec.encode(later, out);
    boolean differs = !Arrays.equals(bytes, out.toByteArray());
    if (differs != codec.writesTimeStamp()) {
      throw new ConformanceException(
          codec.name()
              + (differs
                  ? ": another time stamp changed its bytes, yet writesTimeStamp() says it writes"
                      + " none (or it writes other bytes each time for the same features)"
                  : ": writesTimeStamp() says it writes the time stamp, yet another one left its"
                      + " bytes the same"));
    }
  }

  /** Largest difference an ordinate may show after a round trip through {@code codec}. */
  public static double tolerance(GeoCodec codec) {
    int d = codec.coordinateDecimals();
    return d == GeoCodec.FULL_PRECISION ? 0 : 0.5 * Math.pow(10, -d) * (1 + 1e-9);
  }

  static void compare(GeoCodec codec, List<Feature> expected, List<Feature> actual) {
    if (expected.size() != actual.size()) {
      throw new ConformanceException(
          codec.name() + ": wrote " + expected.size() + " features, read back " + actual.size());
    }
    double tolerance = tolerance(codec);
    List<Feature> inOrder =
        codec.keepsFeatureOrder() ? actual : byExpectedId(codec, expected, actual);
    for (int i = 0; i < expected.size(); i++) {
      Feature e = expected.get(i);
      Feature a = inOrder.get(i);
      String where = codec.name() + ", feature " + e.id() + ": ";
      if (codec.carriesAttributes()) {
        if (!e.id().equals(a.id())) {
          throw new ConformanceException(where + "id read back as " + a.id());
        }
        for (int v = 0; v < e.valueCount(); v++) {
          if (!Objects.equals(e.value(v), a.value(v))) {
            throw new ConformanceException(
                where + "attribute " + v + " was " + e.value(v) + ", read back " + a.value(v));
          }
        }
      }
      compareGeometry(where, e, a, tolerance);
    }
  }

  /**
   * {@code actual} in {@code expected}'s order, matched by id (ids are unique in a dataset): a
   * codec that reorders must still write every feature exactly once.
   */
  private static List<Feature> byExpectedId(
      GeoCodec codec, List<Feature> expected, List<Feature> actual) {
    Map<String, Feature> byId = new HashMap<>();
    for (Feature a : actual) {
      if (byId.put(a.id(), a) != null) {
        throw new ConformanceException(codec.name() + ": feature " + a.id() + " read back twice");
      }
    }
    List<Feature> ordered = new ArrayList<>(expected.size());
    for (Feature e : expected) {
      Feature a = byId.get(e.id());
      if (a == null) {
        throw new ConformanceException(codec.name() + ": feature " + e.id() + " not read back");
      }
      ordered.add(a);
    }
    return ordered;
  }

  private static void compareGeometry(String where, Feature e, Feature a, double tolerance) {
    if (!e.geometry().getGeometryType().equals(a.geometry().getGeometryType())) {
      throw new ConformanceException(where + "geometry type " + a.geometry().getGeometryType());
    }
    Coordinate[] ec = e.geometry().getCoordinates();
    Coordinate[] ac = a.geometry().getCoordinates();
    if (ec.length != ac.length) {
      throw new ConformanceException(where + ec.length + " positions, read back " + ac.length);
    }
    for (int i = 0; i < ec.length; i++) {
      if (Math.abs(ec[i].x - ac[i].x) > tolerance || Math.abs(ec[i].y - ac[i].y) > tolerance) {
        throw new ConformanceException(
            where
                + "position "
                + i
                + " was "
                + ec[i]
                + ", read back "
                + ac[i]
                + " (tolerance "
                + tolerance
                + ")");
      }
    }
  }
}
