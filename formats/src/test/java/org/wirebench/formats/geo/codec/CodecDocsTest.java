package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * docs/studies.md's table of codecs has a row for every registered codec, saying what it writes:
 * gml31 was served, benchmarked and in the quick suite with no row there.
 */
class CodecDocsTest {
  static Iterable<String> codecs() {
    return GeoCodecs.registry().names();
  }

  @ParameterizedTest
  @MethodSource("codecs")
  void everyCodecHasARowInTheCodecsTable(String codec) throws IOException {
    String root = System.getProperty("wirebench.root");
    String doc = Files.readString(Path.of(root == null ? ".." : root, "docs/studies.md"));
    int from = doc.indexOf("\n### Codecs\n");
    int to = doc.indexOf("\n### ", from + 1);
    assertTrue(from >= 0 && to > from, "docs/studies.md has no section ### Codecs");
    assertTrue(
        doc.substring(from, to).contains("\n| `" + codec + "` |"),
        "docs/studies.md's codecs table has no row for " + codec);
  }
}
