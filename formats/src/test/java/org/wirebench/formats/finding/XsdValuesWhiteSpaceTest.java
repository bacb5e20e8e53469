package org.wirebench.formats.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A backend's xs:int, xs:long, xs:boolean and price are collapsed by XML's white space only: the
 * readers stripped Java's (String.strip), so U+2003 or U+2028 round a value, which XML Schema keeps
 * as part of it and its validator refuses, was read as the value.
 */
class XsdValuesWhiteSpaceTest {
  @ParameterizedTest
  @ValueSource(strings = {"\u2003", "\u2028", "\u3000", "\u001c"})
  void javaWhiteSpaceIsPartOfTheValue(String space) {
    assertThrows(IllegalArgumentException.class, () -> XsdValues.parseInt(space + "5"));
    assertThrows(IllegalArgumentException.class, () -> XsdValues.parseLong("5" + space));
    assertThrows(IllegalArgumentException.class, () -> XsdValues.parseBoolean(space + "true"));
    assertThrows(IllegalArgumentException.class, () -> XsdValues.parsePrice(space + "1.5e0"));
  }

  @Test
  void xmlWhiteSpaceIsCollapsed() {
    assertEquals(5, XsdValues.parseInt(" \t5\r\n"));
    assertEquals(5L, XsdValues.parseLong("\n+5 "));
    assertEquals(true, XsdValues.parseBoolean(" 1 "));
    assertEquals(1.5, XsdValues.parsePrice(" 1.5e0\t"));
  }
}
