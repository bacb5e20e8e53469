package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.AttributeType;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;

/** The headers' fixed parts are built once for each version, types and schema base. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class GmlHeadersTest {
  private static final FeatureType ROADS =
      FeatureType.of(
          "gh_roads",
          GeometryKind.LINE_STRING,
          Attribute.optional("name", AttributeType.STRING),
          Attribute.optional("ref", AttributeType.STRING));

  /** A schema base as the server makes one for each request: equal, never the same string. */
  private static String base(String tag) {
    return new String("http://127.0.0.1:9/ows/" + tag);
  }

  @Test
  void aWholeFixedHeaderIsBuiltOnceForItsTypesAndSchemaBase() {
    String gml2 = GmlHeaders.gml2(ROADS, base("a"));
    assertSame(gml2, GmlHeaders.gml2(ROADS, base("a")), "the WFS 1.0 header is built once");
    String bare = GmlHeaders.gml32Namespaces(ROADS, base("a"));
    assertSame(bare, GmlHeaders.gml32Namespaces(ROADS, base("a")));
    assertTrue(gml2.contains(" xmlns:osm=\"http://wirebench.org/osm\""), gml2);
    assertTrue(
        gml2.contains(
            "http://127.0.0.1:9/ows/a?service=WFS&amp;version=1.0.0"
                + "&amp;request=DescribeFeatureType&amp;typeName=osm:gh_roads\""),
        gml2);
  }

  @Test
  void aProjectedTypeSharesItsTypesHeaderAndEachSchemaBaseHasItsOwn() {
    FeatureType projected =
        new FeatureType(
            ROADS.name(),
            ROADS.namespaceUri(),
            ROADS.prefix(),
            ROADS.attributes().subList(0, 1),
            ROADS.geometryName(),
            ROADS.geometryKind());
    assertSame(GmlHeaders.gml2(ROADS, base("p")), GmlHeaders.gml2(projected, base("p")));
    String other = GmlHeaders.gml2(ROADS, base("q"));
    assertEquals(GmlHeaders.gml2(ROADS, base("p")).replace("/ows/p?", "/ows/q?"), other);
  }

  @Test
  void theCountsTimeAndLinksStayTheDocumentsOwn() {
    Instant t1 = Instant.parse("2026-11-26T18:00:00.123Z");
    String a =
        GmlHeaders.gml32(
            List.of(ROADS), base("c"), new FeatureCollection.Paging(9, null, "n&1"), 3, t1);
    String b =
        GmlHeaders.gml32(
            List.of(ROADS),
            base("c"),
            new FeatureCollection.Paging(7, "p", null),
            2,
            Instant.EPOCH);
    assertTrue(
        a.endsWith(
            " numberMatched=\"9\" numberReturned=\"3\" timeStamp=\"2026-11-26T18:00:00.123Z\""
                + " next=\"n&amp;1\">"),
        a);
    assertTrue(
        b.endsWith(
            " numberMatched=\"7\" numberReturned=\"2\" timeStamp=\"1970-01-01T00:00:00Z\""
                + " previous=\"p\">"),
        b);
    String gml31 = GmlHeaders.gml31(List.of(ROADS), base("c"), 5, t1);
    assertTrue(gml31.endsWith(" numberOfFeatures=\"5\" timeStamp=\"2026-11-26T18:00:00.123Z\">"));
  }

  @Test
  void aConflictingPrefixIsRefusedEveryTime() {
    FeatureType other =
        new FeatureType(
            "other",
            "http://example.org/other",
            ROADS.prefix(),
            List.of(),
            "geom",
            GeometryKind.POINT);
    for (int i = 0; i < 2; i++) {
      assertThrows(
          IllegalArgumentException.class, () -> GmlHeaders.gml2(List.of(ROADS, other), base("x")));
    }
  }

  @Test
  @Order(Integer.MAX_VALUE) // fills the kept parts: the tests that need them kept run first
  void theKeptPartsAreBoundedAndAHeaderPastTheBoundIsStillRight() {
    for (int i = 0; i < GmlHeaders.MAX_KEPT + 10; i++) {
      String header = GmlHeaders.gml2(ROADS, base("many" + i));
      assertTrue(header.contains("/ows/many" + i + "?service=WFS"), header);
    }
    assertTrue(GmlHeaders.kept() <= GmlHeaders.MAX_KEPT, "kept " + GmlHeaders.kept());
    // one client's sweep of keys (types in every order, every endpoint) must not keep the parts
    // for good: a key asked after it is kept again
    String after = GmlHeaders.gml2(ROADS, base("after-the-sweep"));
    assertSame(after, GmlHeaders.gml2(ROADS, base("after-the-sweep")), "kept after a full cache");
    assertTrue(GmlHeaders.kept() <= GmlHeaders.MAX_KEPT, "kept " + GmlHeaders.kept());
  }
}
