package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;

/**
 * Each codec declares what a WFS offers it as; the registry answers outputFormat values from those
 * declarations and refuses two codecs claiming one name.
 */
class WfsOutputFormatTest {
  /** The outputFormat values the server's hand-kept alias table answered before the codecs did. */
  private static final Map<String, String> ALIASES =
      Map.ofEntries(
          Map.entry("gml2", "gml2"),
          Map.entry("GML2", "gml2"),
          Map.entry("text/xml; subtype=gml/2.1.2", "gml2"),
          Map.entry("text/xml;subtype=gml/2", "gml2"),
          Map.entry("gml31", "gml31"),
          Map.entry("GML3", "gml31"),
          Map.entry("text/xml; subtype=gml/3.1.1", "gml31"),
          Map.entry("text/xml; subtype=gml/3.1", "gml31"),
          Map.entry("gml32", "gml32"),
          Map.entry("GML32", "gml32"),
          Map.entry("text/xml; subtype=gml/3.2", "gml32"),
          Map.entry("text/xml; subtype=gml/3.2.1", "gml32"),
          Map.entry("application/gml+xml; version=3.2", "gml32"),
          Map.entry("application/json", "geojson"),
          Map.entry(" application/json ", "geojson"),
          Map.entry("text/xml ;subtype=gml/2.1.2", "gml2"),
          // RFC 9110: a parameter's value as a quoted-string, with quoted-pairs, names in any case
          Map.entry("application/gml+xml; version=\"3.2\"", "gml32"),
          Map.entry("application/gml+xml; VERSION=\"3\\.2\"", "gml32"),
          Map.entry("text/xml; subtype=\"gml/3.2\"", "gml32"),
          Map.entry("text/xml;\tSubType=\"GML/3.1.1\";", "gml31"),
          Map.entry("application/gml+xml;   version=3.2", "gml32"),
          Map.entry("json", "geojson"),
          Map.entry("GeoJSON", "geojson"),
          Map.entry("application/geo+json", "geojson"),
          // the peers and the floor by their exact names only
          Map.entry("jts-gml2", "jts-gml2"),
          Map.entry("jts-geojson", "jts-geojson"),
          Map.entry("floor", "floor"));

  @Test
  void theBuiltInsAnswerToTheNamesTheServerKnewThemBy() {
    ALIASES.forEach(
        (format, codec) ->
            assertEquals(
                codec, GeoCodecs.forOutputFormat(format).map(GeoCodec::name).orElse(null), format));
    for (String unknown :
        List.of(
            "JTS-GML2",
            "Floor",
            "kml",
            "gml",
            "application/xml",
            // a space inside a name or a type is not one around a parameter (found by probe30:
            // "appli cation/json" was GeoJSON)
            "appli cation/json",
            "application/ json",
            "gml 2",
            "text/xml; subtype=gml/ 2.1.2",
            // RFC 9110 §5.6.6: no white space round a parameter's '='
            "text/xml ;subtype = gml/2.1.2",
            "application/gml+xml; version=\"3.2",
            "application/gml+xml; version=3.2; version=3.2",
            "text/ xml; subtype=gml/3.1.1")) {
      assertEquals(Optional.empty(), GeoCodecs.forOutputFormat(unknown), unknown);
    }
  }

  @Test
  void theBuiltInsAreListedInTheVersionsTheyWereListedIn() {
    assertEquals(List.of("gml2"), names(GeoCodecs.listedIn(WfsVersion.V1_0_0)));
    for (WfsVersion v : List.of(WfsVersion.V1_1_0, WfsVersion.V2_0_0)) {
      assertEquals(
          List.of("gml2", "gml31", "gml32", "geojson", "flatgeobuf", "geojsonseq"),
          names(GeoCodecs.listedIn(v)));
    }
    assertEquals("application/json", GeoCodecs.get("geojson").wfsOutputFormat().listed());
    assertEquals("application/flatgeobuf", GeoCodecs.get("flatgeobuf").wfsOutputFormat().listed());
  }

  @Test
  void aCodecDeclaringNothingIsListedByItsNameInWfs11And20() {
    WfsOutputFormat f = new Named("csv").wfsOutputFormat();
    assertEquals(List.of("csv"), f.names());
    assertTrue(f.listedIn(WfsVersion.V1_1_0) && f.listedIn(WfsVersion.V2_0_0));
    assertTrue(!f.listedIn(WfsVersion.V1_0_0), "1.0.0's schema lists GML2 alone");
  }

  @Test
  void namesAreComparedWithoutCaseInAsciiOnly() {
    assertEquals(WfsOutputFormat.normalize("kml"), WfsOutputFormat.normalize("KML"));
    // the Kelvin sign: Java's full lower case maps it to an ASCII k
    assertTrue(
        !WfsOutputFormat.normalize("\u212Aml").equals(WfsOutputFormat.normalize("kml")),
        "a KML codec would answer to \u212Aml");
  }

  @Test
  void twoCodecsClaimingOneNameAreRefusedNamingBoth() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                GeoCodecs.outputFormats(
                    List.of(
                        new GeoJsonCodec(),
                        new Named("lite-json", WfsOutputFormat.of("Application/JSON")))));
    assertTrue(e.getMessage().contains("'geojson' and 'lite-json'"), e.getMessage());
    assertTrue(e.getMessage().contains("'Application/JSON'"), e.getMessage());
  }

  @Test
  void aNameThatHidesAnotherCodecIsRefused() {
    // geojson answers to json: a codec named json could never be asked for
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                GeoCodecs.outputFormats(
                    List.of(new GeoJsonCodec(), new Named("json", WfsOutputFormat.UNLISTED))));
    assertTrue(e.getMessage().contains("codec 'json''s name"), e.getMessage());
  }

  @Test
  void aCodecListedInWfs10NeedsANameThatCanBeAnElement() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                GeoCodecs.outputFormats(
                    List.of(
                        new Named(
                            "3d-csv", WfsOutputFormat.of("text/csv").in(WfsVersion.V1_0_0)))));
    assertTrue(e.getMessage().contains("'3d-csv'"), e.getMessage());
  }

  @Test
  void declarationsThatCannotBeServedAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> WfsOutputFormat.of("csv", "CSV"));
    assertThrows(IllegalArgumentException.class, () -> WfsOutputFormat.of(" "));
    assertThrows(
        IllegalArgumentException.class,
        () -> new WfsOutputFormat(List.of(), java.util.Set.of(WfsVersion.V2_0_0)));
  }

  private static List<String> names(List<GeoCodec> codecs) {
    return codecs.stream().map(GeoCodec::name).toList();
  }

  /** A codec that is only its names. */
  private static final class Named implements GeoCodec {
    private final String name;
    private final WfsOutputFormat wfs;

    Named(String name) {
      this(name, null);
    }

    Named(String name, WfsOutputFormat wfs) {
      this.name = name;
      this.wfs = wfs;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String mediaType() {
      return "text/plain";
    }

    @Override
    public String fileExtension() {
      return "txt";
    }

    @Override
    public WfsOutputFormat wfsOutputFormat() {
      return wfs == null ? GeoCodec.super.wfsOutputFormat() : wfs;
    }

    @Override
    public void encode(FeatureCollection collection, OutputStream out) {
      throw new UnsupportedOperationException("names only");
    }

    @Override
    public List<Feature> decode(FeatureType type, InputStream in) {
      throw new UnsupportedOperationException("names only");
    }
  }
}
