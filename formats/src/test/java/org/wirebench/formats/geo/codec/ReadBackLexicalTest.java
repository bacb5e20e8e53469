package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;

/**
 * The round-trip check reads a codec's values by their types' own syntax (XML Schema's lexical
 * spaces in GML, JSON's value types in GeoJSON), never by Java's parsers: Boolean.valueOf read
 * xs:boolean's {@code 1} as false and {@code yes} as false, Long.valueOf took an Arabic-Indic
 * digit, Double.parseDouble {@code 1.5d} and {@code Infinity}, and the GeoJSON reader took a string
 * for a number and a number for a boolean, so a codec writing those passed its check.
 */
class ReadBackLexicalTest {
  private final Dataset roads = Datasets.get("osm_mainroads");
  private final FeatureCollection some =
      FeatureCollection.of(roads.featureType(), roads.take(50), Instant.EPOCH);
  private final int oneway = roads.featureType().indexOf("oneway");

  private static String encode(GeoCodec codec, FeatureCollection c) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    codec.encode(c, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  private List<Feature> decode(GeoCodec codec, String doc) throws IOException {
    return codec.decode(
        roads.featureType(), new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void gmlBooleanOneAndZeroAreTrueAndFalse() throws Exception {
    long trues = some.features().stream().filter(f -> Boolean.TRUE.equals(f.value(oneway))).count();
    assertTrue(trues > 0 && trues < 50, "the sample holds both values");
    for (GeoCodec codec : List.of(new Gml2Codec(), new Gml31Codec(), new Gml32Codec())) {
      String doc =
          encode(codec, some)
              .replace("<osm:oneway>true</osm:oneway>", "<osm:oneway>1</osm:oneway>")
              .replace("<osm:oneway>false</osm:oneway>", "<osm:oneway> 0\n</osm:oneway>");
      List<Feature> back = decode(codec, doc);
      for (int i = 0; i < back.size(); i++) {
        assertEquals(some.features().get(i).value(oneway), back.get(i).value(oneway), codec.name());
      }
    }
  }

  @Test
  void gmlValuesOutsideTheirLexicalSpaceAreRefused() throws Exception {
    String doc = encode(new Gml32Codec(), some);
    for (String[] edit :
        new String[][] {
          {"<osm:oneway>false</osm:oneway>", "<osm:oneway>no</osm:oneway>"},
          {"<osm:oneway>true</osm:oneway>", "<osm:oneway>TRUE</osm:oneway>"},
          {"<osm:osm_id>4000009</osm:osm_id>", "<osm:osm_id>400000\u0669</osm:osm_id>"},
          {"<osm:osm_id>4000009</osm:osm_id>", "<osm:osm_id>\u20034000009</osm:osm_id>"},
          {"<osm:maxspeed>", "<osm:maxspeed>\uff11"},
        }) {
      assertTrue(doc.contains(edit[0]), edit[0]);
      String broken = doc.replaceFirst(java.util.regex.Pattern.quote(edit[0]), edit[1]);
      assertThrows(IOException.class, () -> decode(new Gml32Codec(), broken), edit[1]);
    }
  }

  @Test
  void gmlOrdinatesAreXsdDoubles() throws Exception {
    String doc = encode(new Gml32Codec(), some);
    int at = doc.indexOf("<gml:posList");
    int from = doc.indexOf('>', at) + 1;
    int space = doc.indexOf(' ', from);
    for (String bad : List.of("1.5d", "0x1p3", "Infinity", "1f")) {
      String broken = doc.substring(0, from) + bad + doc.substring(space);
      assertThrows(IOException.class, () -> decode(new Gml32Codec(), broken), bad);
    }
  }

  @Test
  void geoJsonValuesMustBeOfTheirJsonType() throws Exception {
    for (GeoCodec codec : List.of(new GeoJsonCodec(), new JtsGeoJsonCodec())) {
      String doc = encode(codec, some);
      for (String[] edit :
          new String[][] {
            {"\"oneway\":false", "\"oneway\":\"no\""},
            {"\"oneway\":false", "\"oneway\":0"},
            {"\"oneway\":true", "\"oneway\":\"true\""},
            {"\"osm_id\":4000009", "\"osm_id\":\"4000009\""},
            {"\"osm_id\":4000009", "\"osm_id\":\"+4000009\""},
            {"\"type\":\"secondary\"", "\"type\":7"},
          }) {
        assertTrue(doc.contains(edit[0]), codec.name() + " " + edit[0]);
        String broken = doc.replaceFirst(java.util.regex.Pattern.quote(edit[0]), edit[1]);
        assertThrows(IOException.class, () -> decode(codec, broken), codec.name() + " " + edit[1]);
      }
    }
  }
}
