package org.wirebench.formats.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * What XML 1.0 cannot carry, named by its kind: a control character, a noncharacter (U+FFFE,
 * U+FFFF) or an unpaired surrogate; and the same characters replaced for a report quoting them.
 */
class XmlCharactersTest {
  @Test
  void eachCharacterXmlRefusesIsNamedByItsKind() {
    assertEquals("U+0001, a control character XML does not allow", XmlFactories.notXml("a\u0001b"));
    assertEquals("U+0000, a control character XML does not allow", XmlFactories.notXml("\u0000"));
    assertEquals("U+FFFE, a noncharacter XML does not allow", XmlFactories.notXml("ab\uFFFE"));
    assertEquals("U+FFFF, a noncharacter XML does not allow", XmlFactories.notXml("\uFFFFx\u0001"));
    assertEquals(
        "U+D800, an unpaired surrogate XML does not allow", XmlFactories.notXml("\uD800a"));
    assertEquals(
        "U+DC00, an unpaired surrogate XML does not allow", XmlFactories.notXml("a\uDC00"));
    // tab, newline, CR, DEL, C1 controls, U+FFFD and a pair (U+1F600) are XML's
    assertNull(XmlFactories.notXml("\t\n\r\u007F\u0085\uFFFD\uD83D\uDE00 ipad"));
    assertNull(XmlFactories.notXml(""));
  }

  @Test
  void aReportReplacesEachOfThemAndKeepsTheRest() {
    assertEquals(
        "a\uFFFDb\uFFFD\uD83D\uDE00\uFFFD\uFFFD",
        XmlFactories.xmlSafe("a\u0001b\uFFFE\uD83D\uDE00\uDC00\uD800"));
    String fine = "ipad \t\u00e4\uD83D\uDE00";
    assertEquals(fine, XmlFactories.xmlSafe(fine));
    assertEquals("\uFFFD", XmlFactories.xmlSafe("\uD800"));
  }
}
