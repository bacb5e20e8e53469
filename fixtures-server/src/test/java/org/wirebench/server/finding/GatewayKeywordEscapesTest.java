package org.wirebench.server.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * A keyword's %-escape is two ASCII hex digits (RFC 3986 §2.1): Character.digit read a fullwidth or
 * Arabic-Indic digit as one, so "%４１" was decoded to "A". The request-target gate refuses such a
 * target before the gateway sees it; the decoder holds the rule on its own.
 */
class GatewayKeywordEscapesTest {
  @Test
  void escapesAreAsciiHex() {
    assertEquals("ipad A/%", GatewayHandler.keywords("ipad%20%41%2f%25"));
    for (String raw : new String[] {"ipad%\uff14\uff11", "ipad%\u0664\u0661", "ipad%4\u0661"}) {
      assertThrows(IllegalArgumentException.class, () -> GatewayHandler.keywords(raw), raw);
    }
  }
}
