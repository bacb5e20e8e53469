package org.wirebench.formats.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.codec.Gml2Codec;
import org.wirebench.formats.registry.Registry;
import org.wirebench.formats.registry.UnknownNameException;

class RegistryTest {

  @Test
  void builtInsAreRegistered() {
    assertEquals(
        List.of(
            "gml2",
            "gml31",
            "gml32",
            "geojson",
            "jts-gml2",
            "jts-geojson",
            "floor",
            "flatgeobuf",
            "flatgeobuf-indexed",
            "geojsonseq"),
        GeoCodecs.registry().names());
    assertEquals(
        List.of("osm_mainroads", "osm_places", "helsinki_roads", "helsinki_pois"),
        Datasets.registry().names());
  }

  @Test
  void duplicateNamesAreRejected() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                Registry.of(
                    "codec", List.<GeoCodec>of(new Gml2Codec(), new Gml2Codec()), GeoCodec::name));
    assertTrue(e.getMessage().contains("'gml2'"), e.getMessage());
  }

  @Test
  void unknownNamesListTheValidOnes() {
    UnknownNameException e = assertThrows(UnknownNameException.class, () -> GeoCodecs.get("kml"));
    assertEquals(
        "unknown codec 'kml'; valid: gml2, gml31, gml32, geojson, jts-gml2, jts-geojson, floor,"
            + " flatgeobuf, flatgeobuf-indexed, geojsonseq",
        e.getMessage());
  }
}
