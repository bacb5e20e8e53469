package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.schema.InvalidDocumentException;
import org.wirebench.formats.geo.schema.OgcValidator;
import org.wirebench.formats.geo.schema.XmlSchema;

/** The checks must be able to fail: schema violations, lost precision and hostile XML. */
class ConformanceCatchesBrokenOutputTest {
  private final Dataset roads = Datasets.get("osm_mainroads");
  private final FeatureCollection three =
      FeatureCollection.of(roads.featureType(), roads.take(3), Instant.EPOCH);

  private static byte[] encode(GeoCodec codec, FeatureCollection c) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    codec.encode(c, out);
    return out.toByteArray();
  }

  @Test
  void gml32WithoutGmlIdIsInvalid() throws Exception {
    String doc = new String(encode(new Gml32Codec(), three), StandardCharsets.UTF_8);
    byte[] broken = doc.replaceFirst(" gml:id=\"[^\"]+\"", "").getBytes(StandardCharsets.UTF_8);
    InvalidDocumentException e =
        assertThrows(
            InvalidDocumentException.class,
            () -> OgcValidator.validate(XmlSchema.WFS_2_0_GML_32, three.type(), broken));
    assertTrue(e.getMessage().contains("line"), e.getMessage());
  }

  @Test
  void gml2WithAnUnknownPropertyIsInvalid() throws Exception {
    String doc = new String(encode(new Gml2Codec(), three), StandardCharsets.UTF_8);
    byte[] broken =
        doc.replaceFirst("<osm:type>", "<osm:colour>red</osm:colour><osm:type>")
            .getBytes(StandardCharsets.UTF_8);
    assertThrows(
        InvalidDocumentException.class,
        () -> OgcValidator.validate(XmlSchema.WFS_1_0_GML_2, three.type(), broken));
  }

  /** GML 3.1.1 keeps GML 2's namespace: the WFS 1.1 schema, not 1.0's, must judge it. */
  @Test
  void gml31OutOfShapeIsInvalid() throws Exception {
    String doc = new String(encode(new Gml31Codec(), three), StandardCharsets.UTF_8);
    OgcValidator.validate(
        XmlSchema.WFS_1_1_GML_31, three.type(), doc.getBytes(StandardCharsets.UTF_8));
    byte[] broken =
        doc.replaceFirst("numberOfFeatures=\"3\"", "numberOfFeatures=\"three\"")
            .getBytes(StandardCharsets.UTF_8);
    assertThrows(
        InvalidDocumentException.class,
        () -> OgcValidator.validate(XmlSchema.WFS_1_1_GML_31, three.type(), broken));
    byte[] noMembers =
        doc.replaceFirst("<gml:featureMembers>", "")
            .replaceFirst("</gml:featureMembers>", "")
            .getBytes(StandardCharsets.UTF_8);
    assertThrows(
        InvalidDocumentException.class,
        () -> OgcValidator.validate(XmlSchema.WFS_1_1_GML_31, three.type(), noMembers));
  }

  @Test
  void aCodecThatDropsDigitsFailsTheRoundTrip() {
    GeoCodec gml2 = new Gml2Codec();
    GeoCodec truncating =
        new GeoCodec() {
          @Override
          public String name() {
            return "claims-full-precision";
          }

          @Override
          public String mediaType() {
            return gml2.mediaType();
          }

          @Override
          public String fileExtension() {
            return gml2.fileExtension();
          }

          @Override
          public int coordinateDecimals() {
            return GeoCodec.FULL_PRECISION; // claims more than the 7 decimals gml2 writes
          }

          @Override
          public void encode(FeatureCollection c, java.io.OutputStream out) throws IOException {
            gml2.encode(c, out);
          }

          @Override
          public List<Feature> decode(FeatureType type, InputStream in) throws IOException {
            return gml2.decode(type, in);
          }
        };
    assertThrows(ConformanceException.class, () -> Conformance.check(truncating, three));
  }

  @Test
  void aCodecThatLosesAnAttributeFailsTheRoundTrip() {
    GeoCodec forgetful =
        new GeoJsonCodec() {
          @Override
          public List<Feature> decode(FeatureType type, InputStream in) throws IOException {
            return super.decode(type, in).stream()
                .map(f -> new Feature(f.id(), new Object[f.valueCount()], f.geometry()))
                .toList();
          }
        };
    assertThrows(ConformanceException.class, () -> Conformance.check(forgetful, three));
  }

  @Test
  void readersRefuseExternalEntities() {
    String xxe =
        "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
            + "<wfs:FeatureCollection xmlns:wfs=\"http://www.opengis.net/wfs\">&x;"
            + "</wfs:FeatureCollection>";
    InputStream in = new ByteArrayInputStream(xxe.getBytes(StandardCharsets.UTF_8));
    IOException e = assertThrows(IOException.class, () -> new Gml2Codec().decode(three.type(), in));
    assertTrue(!e.getMessage().contains("root:"), e.getMessage());
    // refused for its DOCTYPE, not because the entity failed to resolve or anything else
    String m = e.getMessage().toLowerCase(java.util.Locale.ROOT);
    assertTrue(m.contains("doctype") || m.contains("dtd"), e.getMessage());
  }

  @Test
  void validatorRefusesExternalEntities() {
    String xxe =
        "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
            + "<wfs:FeatureCollection xmlns:wfs=\"http://www.opengis.net/wfs\">&x;"
            + "</wfs:FeatureCollection>";
    assertThrows(
        InvalidDocumentException.class,
        () ->
            OgcValidator.validate(
                XmlSchema.WFS_1_0_GML_2, three.type(), xxe.getBytes(StandardCharsets.UTF_8)));
  }
}
