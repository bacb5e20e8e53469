package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Document;

/** DescribeFeatureType's answer: a well-formed XSD extending the right GML feature type. */
class SchemaCommandTest {

  @ParameterizedTest
  @CsvSource({
    "osm_mainroads, gml2, gml:_Feature, gml:LineStringPropertyType",
    "osm_mainroads, gml32, gml:AbstractFeature, gml:CurvePropertyType",
    "helsinki_pois, gml32, gml:AbstractFeature, gml:PointPropertyType"
  })
  void printsTheFeatureTypeSchema(String dataset, String format, String group, String geometry)
      throws Exception {
    PrintStream stdout = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    int exit;
    try {
      System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
      exit = WirebenchCli.commandLine().execute("schema", "--dataset", dataset, "--format", format);
    } finally {
      System.setOut(stdout);
    }
    assertEquals(0, exit);
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    Document xsd =
        f.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(captured.toByteArray()));
    assertEquals("schema", xsd.getDocumentElement().getLocalName());
    String text = captured.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("substitutionGroup=\"" + group + "\""), text);
    assertTrue(text.contains("type=\"" + geometry + "\""), text);
  }
}
