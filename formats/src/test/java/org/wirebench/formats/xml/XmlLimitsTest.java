package org.wirebench.formats.xml;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ctc.wstx.api.WstxInputProperties;
import com.ctc.wstx.stax.WstxInputFactory;
import java.io.StringReader;
import java.util.stream.Stream;
import javax.xml.stream.XMLStreamReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every limit Woodstox keeps is told from XML that is not well-formed ({@link
 * XmlFactories#limitExceeded}), so that a request only larger than the reader takes is answered as
 * too large, not as malformed: each limit set low on a reader configured as ours, and a document
 * one past it; and the well-formedness errors stay unnamed as limits. (Its limits on entities and
 * DTDs cannot be reached: our readers take no DTD and expand no entity.)
 */
class XmlLimitsTest {
  static Stream<Arguments> limits() {
    return Stream.of(
        Arguments.of(WstxInputProperties.P_MAX_ATTRIBUTES_PER_ELEMENT, 2, "<a x='1' y='2' z='3'/>"),
        Arguments.of(WstxInputProperties.P_MAX_ATTRIBUTE_SIZE, 2, "<a x='123'/>"),
        Arguments.of(WstxInputProperties.P_MAX_TEXT_LENGTH, 2, "<a>123</a>"),
        Arguments.of(WstxInputProperties.P_MAX_ELEMENT_DEPTH, 2, "<a><b><c/></b></a>"),
        Arguments.of(WstxInputProperties.P_MAX_CHILDREN_PER_ELEMENT, 2, "<a><b/><b/><b/></a>"),
        Arguments.of(WstxInputProperties.P_MAX_ELEMENT_COUNT, 2, "<a><b/><b/><b/></a>"),
        Arguments.of(WstxInputProperties.P_MAX_CHARACTERS, 8, "<a>123456789</a>"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("limits")
  void eachLimitOfTheReaderIsNamedAsALimit(String property, int limit, String xml) {
    WstxInputFactory f = XmlFactories.newInputFactory();
    f.setProperty(property, limit);
    Exception e = assertThrows(Exception.class, () -> readAll(f, xml));
    String named = XmlFactories.limitExceeded(e);
    assertNotNull(named, property + ": " + e);
    assertTrue(named.contains("(" + limit + ")"), named);
  }

  @ParameterizedTest
  @ValueSource(strings = {"<a>", "<a x='1' x='2'/>", "<a>&#0;</a>", "<a></b>", "<a/><b/>"})
  void xmlThatIsNotWellFormedIsNoLimit(String xml) {
    Exception e = assertThrows(Exception.class, () -> readAll(XmlFactories.newInputFactory(), xml));
    assertNull(XmlFactories.limitExceeded(e), String.valueOf(e));
  }

  /** Reads every event and every text, as the server's readers do. */
  private static void readAll(WstxInputFactory f, String xml) throws Exception {
    XMLStreamReader r = f.createXMLStreamReader(new StringReader(xml));
    while (r.hasNext()) {
      if (r.next() == XMLStreamReader.CHARACTERS) {
        r.getText();
      }
    }
  }
}
