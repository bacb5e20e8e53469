package org.wirebench.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** KVP whole numbers: ASCII digits only, leading zeros read past, more than a long holds capped. */
class KvpNumbersTest {
  @Test
  void digitsAreReadWithTheirLeadingZerosSkipped() {
    assertEquals(0, KvpNumbers.integer("0"));
    assertEquals(0, KvpNumbers.integer("0000"));
    assertEquals(7, KvpNumbers.integer("007"));
    assertEquals(200, KvpNumbers.integer("200"));
    assertEquals(1, KvpNumbers.integer("000000000000000000000000001"));
    assertEquals(999_999_999_999_999_999L, KvpNumbers.integer("999999999999999999"));
    assertEquals(999_999_999_999_999_999L, KvpNumbers.integer("00999999999999999999"));
  }

  @Test
  void moreDigitsThanEighteenReadAsLongMaxValue() {
    assertEquals(Long.MAX_VALUE, KvpNumbers.integer("1000000000000000000"));
    assertEquals(Long.MAX_VALUE, KvpNumbers.integer("99999999999999999999999"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " 1", "1 ", "+3", "-1", "1.0", "1e3", "0x14", "60d", "１２", "٣"})
  void anythingButAsciiDigitsIsRefused(String s) {
    assertThrows(NumberFormatException.class, () -> KvpNumbers.integer(s));
  }

  @Test
  void nullIsRefused() {
    assertThrows(NumberFormatException.class, () -> KvpNumbers.integer(null));
  }
}
