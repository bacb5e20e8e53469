package org.wirebench.formats.soap;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.apache.axiom.om.util.StAXParserConfiguration;
import org.apache.axiom.om.util.StAXUtils;
import org.apache.axiom.util.stax.wrapper.XMLStreamReaderWrapper;
import org.apache.cxf.staxutils.StaxUtils;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.xml.XmlFactories;

/** Every stack parses and writes XML with Woodstox, whatever else is on the classpath. */
@SuppressWarnings("deprecation") // Axiom 1.4 keeps StAXUtils as its factory registry
class StaxImplementationTest {
  private static final String WOODSTOX = "com.ctc.wstx.";

  private static void assertWoodstox(String who, Object stax) {
    assertTrue(
        stax.getClass().getName().startsWith(WOODSTOX), who + " uses " + stax.getClass().getName());
  }

  @Test
  void axiomUnderBothAxis2StacksLoadsWoodstox() throws Exception {
    // the factory OMXMLBuilderFactory.createSOAPModelBuilder parses requests with
    XMLStreamReader reader =
        StAXUtils.createXMLStreamReader(
            StAXParserConfiguration.SOAP,
            new ByteArrayInputStream("<a/>".getBytes(StandardCharsets.UTF_8)));
    // Axiom wraps the parser to refuse DOCTYPEs; the parser inside is what does the work
    assertTrue(
        reader.getClass().getName().contains("DisallowDoctype"), reader.getClass().getName());
    assertWoodstox("Axiom (axis2-adb, axis2-jaxb) reader", unwrap(reader));
    assertWoodstox(
        "Axiom (axis2-adb, axis2-jaxb) writer",
        StAXUtils.createXMLStreamWriter(new ByteArrayOutputStream()));
  }

  /** Axiom's wrappers keep their parser private; a test may look. */
  private static Object unwrap(XMLStreamReader reader) throws Exception {
    java.lang.reflect.Method parent = XMLStreamReaderWrapper.class.getDeclaredMethod("getParent");
    parent.setAccessible(true);
    Object r = reader;
    while (r instanceof XMLStreamReaderWrapper) {
      r = parent.invoke(r);
    }
    return r;
  }

  @Test
  void cxfLoadsWoodstox() throws Exception {
    XMLStreamReader r =
        StaxUtils.createXMLStreamReader(
            new ByteArrayInputStream("<a/>".getBytes(StandardCharsets.UTF_8)));
    assertWoodstox("CXF reader", r);
    XMLStreamWriter w = StaxUtils.createXMLStreamWriter(new ByteArrayOutputStream(), "UTF-8");
    assertWoodstox("CXF writer", w);
  }

  @Test
  void staxRawLoadsWoodstox() throws Exception {
    assertWoodstox(
        "stax-raw reader",
        XmlFactories.reader(new ByteArrayInputStream("<a/>".getBytes(StandardCharsets.UTF_8))));
    assertWoodstox("stax-raw writer", XmlFactories.writer(new ByteArrayOutputStream()));
  }
}
