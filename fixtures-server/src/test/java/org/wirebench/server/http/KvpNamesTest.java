package org.wirebench.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which defined name a refused one is a near miss of, and how a refused name is shown. */
class KvpNamesTest {
  private static final Map<String, String> DEFINED =
      Map.of("count", "count", "bbox", "BBOX", "maxfeatures", "maxFeatures", "id", "ID");

  /** Written as Java strings: a CSV source would trim the control characters under test. */
  @Test
  void nearMiss() {
    String[][] cases = {
      {"count\u0000", "count"},
      {"\u200Bcount", "count"},
      {" count\t", "count"},
      {"count[]", "count"},
      {"\uFF43ount", "count"},
      {"c\u00A0ount", "count"},
      {"bbbox", "BBOX"},
      {"bbx", "BBOX"},
      {"maxfeature", "maxFeatures"},
      {"cql_filter", null},
      // one edit from a two-letter name is any three letters: no guess
      {"idx", null},
    };
    for (String[] c : cases) {
      assertEquals(c[1], KvpNames.nearMiss(c[0], DEFINED), KvpNames.printable(c[0]));
    }
  }

  @Test
  void invisibleCharactersAreShownEscaped() {
    assertEquals("count\\u0000\\u200B\\u0020x", KvpNames.printable("count\u0000\u200B x"));
    assertEquals("\uFF43ount[]", KvpNames.printable("\uFF43ount[]"));
  }

  @Test
  void theRefusalNamesTheParameterAndTheNearMiss() {
    OwsException e =
        assertThrows(
            OwsException.class,
            () ->
                KvpNames.check(
                    Map.of("count\u0009", "5"), DEFINED, "OperationParsingFailed", "WFS X"));
    assertEquals("OperationParsingFailed", e.code());
    assertEquals("count\\u0009", e.locator());
    assertEquals(
        "the parameter count\\u0009 is not one WFS X defines, and is refused rather than ignored;"
            + " did you mean count?",
        e.getMessage());
  }
}
