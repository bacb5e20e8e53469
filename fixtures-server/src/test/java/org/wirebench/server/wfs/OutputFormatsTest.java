package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.server.http.OwsException;

/**
 * The capabilities' outputFormat lists come from what the codecs declare; for the built-ins they
 * are the lists the server always wrote (this module's test codecs declare themselves unlisted).
 */
class OutputFormatsTest {
  private static final String FGB = "application/flatgeobuf";
  private static final String JSON_SEQ = "application/geo+json-seq";
  private static final String GML2 = "text/xml; subtype=gml/2.1.2";
  private static final String GML31 = "text/xml; subtype=gml/3.1.1";
  private static final String GML32 = "application/gml+xml; version=3.2";
  private static final String JSON = "application/json";

  @Test
  void eachVersionListsItsGmlFirstThenTheOtherGmlsNewestFirstThenTheRest() {
    assertEquals(
        List.of(GML32, GML31, GML2, JSON, FGB, JSON_SEQ),
        OutputFormats.outputFormats(WfsVersion.V2_0_0));
    assertEquals(
        List.of(GML31, GML32, GML2, JSON, FGB, JSON_SEQ),
        OutputFormats.outputFormats(WfsVersion.V1_1_0));
    assertEquals(List.of("GML2"), OutputFormats.resultFormats());
    assertEquals(List.of(GML32, JSON), OutputFormats.bareFeatureFormats(WfsVersion.V2_0_0));
  }

  @Test
  void withoutOutputFormatEachVersionAnswersInItsGml() throws Exception {
    assertEquals("gml2", OutputFormats.codec(WfsVersion.V1_0_0, null).name());
    assertEquals("gml31", OutputFormats.codec(WfsVersion.V1_1_0, " ").name());
    assertEquals("gml32", OutputFormats.codec(WfsVersion.V2_0_0, null).name());
    assertEquals("geojson", OutputFormats.codec(WfsVersion.V1_0_0, "application/json").name());
    assertEquals("jts-gml2", OutputFormats.codec(WfsVersion.V2_0_0, "jts-gml2").name());
  }

  @Test
  void anUnknownOutputFormatIsRefusedListingTheOffered() {
    OwsException e =
        assertThrows(OwsException.class, () -> OutputFormats.codec(WfsVersion.V2_0_0, "KML"));
    assertEquals("InvalidParameterValue", e.code());
    assertTrue(
        e.getMessage().contains("valid: " + String.join(", ", GML32, GML31, GML2, JSON)),
        e.getMessage());
  }
}
