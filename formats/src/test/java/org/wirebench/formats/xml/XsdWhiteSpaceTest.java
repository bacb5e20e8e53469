package org.wirebench.formats.xml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** whiteSpace="collapse" with XML's four white space characters, and no other. */
class XsdWhiteSpaceTest {
  @Test
  void collapsesXmlWhiteSpaceOnly() {
    assertEquals("true", XsdWhiteSpace.collapse(" \t\r\ntrue\n "));
    assertEquals("a b", XsdWhiteSpace.collapse("a \t\n b"));
    assertEquals("\u2003true", XsdWhiteSpace.collapse("\u2003true "));
    assertEquals("x\u00a0", XsdWhiteSpace.trim(" x\u00a0"));
    assertEquals("", XsdWhiteSpace.collapse(" \n"));
  }

  @Test
  void listItemsAreSplitAtXmlWhiteSpace() {
    assertArrayEquals(new String[] {"Lat", "Lon"}, XsdWhiteSpace.items("\tLat \n Lon "));
    assertArrayEquals(new String[0], XsdWhiteSpace.items("  "));
    assertArrayEquals(new String[] {"a\u2003b"}, XsdWhiteSpace.items("a\u2003b"));
  }
}
