package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * docs/measuring.md's table of what a run leaves names each results file's format version as its
 * class writes it: the table said pairs.json was version 2 while runs had been writing 3.
 */
class RunFilesDocsTest {
  private static final Pattern VERSION = Pattern.compile("format version (\\d+)");

  /** Each file's row, as the table names it, and the version its class writes. */
  static Map<String, Integer> versions() {
    return Map.of(
        FidelityTable.FILE,
        FidelityTable.FORMAT_VERSION,
        PairedRuns.FILE,
        PairedRuns.FORMAT_VERSION,
        PayloadSizes.FILE,
        PayloadSizes.FORMAT_VERSION,
        ScenarioResult.PREFIX + "<scenario>.json",
        ScenarioResult.FORMAT_VERSION,
        RunEnvironment.FILE,
        RunEnvironment.FORMAT_VERSION,
        JmeterResult.PREFIX + "<scenario>.json",
        JmeterResult.FORMAT_VERSION);
  }

  static Iterable<String> files() {
    return versions().keySet().stream().sorted().toList();
  }

  @ParameterizedTest
  @MethodSource("files")
  void theTableNamesTheVersionTheClassWrites(String file) throws IOException {
    String root = System.getProperty("wirebench.root");
    String doc = Files.readString(Path.of(root == null ? ".." : root, "docs/measuring.md"));
    String row = null;
    for (String line : doc.split("\n")) {
      if (line.startsWith("| `" + file + "` |")) {
        row = line;
        break;
      }
    }
    assertNotNull(row, "docs/measuring.md has no row for " + file + " in what a run leaves");
    Matcher m = VERSION.matcher(row);
    assertNotNull(m.find() ? m.group(1) : null, "the row of " + file + " names no format version");
    assertEquals(
        versions().get(file).intValue(),
        Integer.parseInt(m.group(1)),
        "docs/measuring.md's row of " + file + " names another format version than its class");
  }
}
