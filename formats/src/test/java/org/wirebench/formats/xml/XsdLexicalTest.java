package org.wirebench.formats.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** xs:boolean, xs:int and xs:long by their lexical spaces. */
class XsdLexicalTest {
  @Test
  void takesTheLexicalSpaceWithXmlWhiteSpace() {
    assertEquals(true, XsdLexical.parseBoolean("1"));
    assertEquals(false, XsdLexical.parseBoolean(" 0\n"));
    assertEquals(true, XsdLexical.parseBoolean("\ttrue\r"));
    assertEquals(-7, XsdLexical.parseInt(" -007 "));
    assertEquals(7, XsdLexical.parseInt("+7"));
    assertEquals(Integer.MIN_VALUE, XsdLexical.parseInt("-2147483648"));
    assertEquals(Long.MAX_VALUE, XsdLexical.parseLong("9223372036854775807"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"TRUE", "True", "yes", "", " ", "tru", "\u2003true", "true\u00a0", "01"})
  void refusesOtherBooleans(String v) {
    assertThrows(IllegalArgumentException.class, () -> XsdLexical.parseBoolean(v));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "\u0663",
        "\uff13",
        "1\u0663",
        "",
        "+",
        "-",
        "+-1",
        "1.0",
        "1e3",
        "0x10",
        "1_000",
        "\u20037",
        "7\u00a0",
        "\u000b7",
        "2147483648",
        "-2147483649",
        "1 2"
      })
  void refusesOtherInts(String v) {
    assertThrows(NumberFormatException.class, () -> XsdLexical.parseInt(v));
  }

  @Test
  void refusesLongsBeyondRange() {
    assertThrows(NumberFormatException.class, () -> XsdLexical.parseLong("9223372036854775808"));
    assertThrows(NumberFormatException.class, () -> XsdLexical.parseLong("\u0661"));
  }
}
