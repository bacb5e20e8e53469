package org.wirebench.formats.geo.fidelity;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.AttributeType;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;

/**
 * One edge input for the feature codecs: a collection of one road whose id, name, osm_id or first
 * ordinate holds the edge value, everything else plain.
 *
 * @param name the case, e.g. "ordinate NaN"
 * @param representable false when no format here can carry the value: then refusing it is the
 *     faithful answer and writing anything is a change (a value XML 1.0 cannot carry but JSON can,
 *     such as U+0001, is representable: a GML codec's refusal is then a fault, not a silent change)
 * @param collection what is encoded
 */
public record CodecEdgeCase(String name, boolean representable, FeatureCollection collection) {
  /** The probe's layer: a line with an optional text and a required 64-bit integer. */
  public static final FeatureType TYPE =
      FeatureType.of(
          "probe_roads",
          GeometryKind.LINE_STRING,
          Attribute.optional("name", AttributeType.STRING),
          Attribute.required("osm_id", AttributeType.LONG));

  private static final GeometryFactory GEOMETRY = new GeometryFactory();
  private static final Instant TIME_STAMP = Instant.parse("2026-01-01T00:00:00Z");

  /** Every case, in the table's order. */
  public static List<CodecEdgeCase> all() {
    List<CodecEdgeCase> c = new ArrayList<>();
    c.add(road("plain (control row)", true, "r.1", "Mannerheimintie", 1L, 24.9384));
    c.add(road("ordinate NaN", false, "r.1", "x", 1L, Double.NaN));
    c.add(road("ordinate +Infinity", false, "r.1", "x", 1L, Double.POSITIVE_INFINITY));
    c.add(road("ordinate 1e300", true, "r.1", "x", 1L, 1e300));
    c.add(road("ordinate -0.0", true, "r.1", "x", 1L, -0.0));
    c.add(road("ordinate 4.9e-324 (subnormal)", true, "r.1", "x", 1L, Double.MIN_VALUE));
    c.add(road("ordinate 24.123456789 (9 decimals)", true, "r.1", "x", 1L, 24.123456789));
    c.add(road("text U+0000 (NUL)", true, "r.1", "a\u0000b", 1L, 24.9));
    c.add(road("text U+0001 (control)", true, "r.1", "a\u0001b", 1L, 24.9));
    c.add(road("text tab, LF, CR", true, "r.1", "a\tb\nc\rd", 1L, 24.9));
    c.add(road("text & < > \" ' ]]>", true, "r.1", "AT&T <x> \"q\" 'a' ]]>", 1L, 24.9));
    c.add(road("text non-BMP U+1F600", true, "r.1", "tie \uD83D\uDE00", 1L, 24.9));
    c.add(road("text lone surrogate U+D800", false, "r.1", "a\uD800b", 1L, 24.9));
    c.add(road("text U+FFFE", true, "r.1", "a\uFFFEb", 1L, 24.9));
    c.add(road("text 10 KB", true, "r.1", "é".repeat(5_000) + "x".repeat(5_000), 1L, 24.9));
    c.add(road("text empty", true, "r.1", "", 1L, 24.9));
    c.add(road("text absent (null)", true, "r.1", null, 1L, 24.9));
    c.add(road("osm_id Long.MIN_VALUE", true, "r.1", "x", Long.MIN_VALUE, 24.9));
    c.add(road("osm_id 2^53 + 1", true, "r.1", "x", 9_007_199_254_740_993L, 24.9));
    c.add(road("id with & < \"", true, "r.&<\"", "x", 1L, 24.9));
    c.add(road("id not an XML name (\"1 a\")", true, "1 a", "x", 1L, 24.9));
    return c;
  }

  private static CodecEdgeCase road(
      String name, boolean representable, String id, String text, long osmId, double x0) {
    Feature f =
        new Feature(
            id,
            new Object[] {text, osmId},
            GEOMETRY.createLineString(
                new Coordinate[] {new Coordinate(x0, 60.1699), new Coordinate(24.95, 60.17)}));
    return new CodecEdgeCase(
        name, representable, FeatureCollection.of(TYPE, List.of(f), TIME_STAMP));
  }

  /** The edge value as the table shows it. */
  public String sent() {
    Feature f = collection.features().get(0);
    return org.wirebench.formats.fidelity.Fidelity.shorten(
        "id " + f.id() + ", " + f.values() + ", " + f.geometry().getCoordinates()[0]);
  }
}
