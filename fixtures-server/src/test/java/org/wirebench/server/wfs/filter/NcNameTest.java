package org.wirebench.server.wfs.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link QualifiedNames#isNcName}'s ASCII path answers as the NCName pattern does. */
class NcNameTest {
  /** Every ASCII character, and a few past it: letters, marks, digits, the pattern's extras. */
  private static final List<String> CHARS = chars();

  private static List<String> chars() {
    List<String> out = new ArrayList<>();
    for (char c = 0; c < 0x80; c++) {
      out.add(String.valueOf(c));
    }
    for (int cp : new int[] {0xe9, 0xb7, 0x203f, 0x2040, 0x300, 0x660, 0x2160, 0x2b0, 0x1d400}) {
      out.add(Character.toString(cp));
    }
    return out;
  }

  @Test
  void everyStringOfOneOrTwoCharactersAsThePattern() {
    for (String a : CHARS) {
      assertEquals(QualifiedNames.byPattern(a), QualifiedNames.isNcName(a), a);
      for (String b : CHARS) {
        assertEquals(QualifiedNames.byPattern(a + b), QualifiedNames.isNcName(a + b), a + b);
      }
    }
  }

  @Test
  void longerStringsAsThePattern() {
    Random random = new Random(27);
    for (int i = 0; i < 200_000; i++) {
      StringBuilder s = new StringBuilder();
      int n = 1 + random.nextInt(8);
      for (int j = 0; j < n; j++) {
        s.append(CHARS.get(random.nextInt(CHARS.size())));
      }
      String t = s.toString();
      assertEquals(QualifiedNames.byPattern(t), QualifiedNames.isNcName(t), t);
    }
    for (String t : List.of("osm", "osm_places", "a.b-c_1", "_x", "x:y", "1a", "-a", ".a", "é1")) {
      assertEquals(QualifiedNames.byPattern(t), QualifiedNames.isNcName(t), t);
    }
  }

  @Test
  void nullAndEmptyAreNone() {
    assertFalse(QualifiedNames.isNcName(null));
    assertFalse(QualifiedNames.isNcName(""));
  }
}
