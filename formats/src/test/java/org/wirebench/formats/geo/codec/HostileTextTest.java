package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.data.OsmPlaces;

/** Names with markup characters, line breaks and every UTF-8 length survive every codec. */
class HostileTextTest {
  private static final FeatureType TYPE = new OsmPlaces().featureType();
  private static final String NAME =
      "<b>Tom & \"Jerry's\"</b> ]]> tab\there\nline\r\nZürich 東京 \uD83D\uDE80 é";

  private static FeatureCollection collection(String name, String id) {
    Feature f =
        new Feature(
            id,
            new Object[] {-1L, name, "city", Integer.MIN_VALUE},
            new GeometryFactory().createPoint(new Coordinate(-0.0000001, -89.99999999)));
    return FeatureCollection.of(TYPE, List.of(f), Instant.EPOCH);
  }

  @ParameterizedTest
  @ValueSource(strings = {"gml2", "gml32", "geojson", "jts-gml2", "jts-geojson", "floor"})
  void escapesAndEncodes(String codec) throws Exception {
    Conformance.check(GeoCodecs.get(codec), collection(NAME, "place.1"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"gml2", "gml32"})
  void refusesCharactersXmlCannotCarry(String codec) {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            GeoCodecs.get(codec)
                .encode(collection("bell\u0007", "place.1"), new ByteArrayOutputStream()));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            GeoCodecs.get(codec)
                .encode(
                    collection("lone \uD83D surrogate", "place.1"), new ByteArrayOutputStream()));
  }
}
