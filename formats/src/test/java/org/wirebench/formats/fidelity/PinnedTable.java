package org.wirebench.formats.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A fidelity table pinned in {@code src/test/golden/}: a finding, not a failure, but a change (ours
 * or a library's) must be noticed and the golden file updated on purpose.
 */
public final class PinnedTable {
  private PinnedTable() {}

  /**
   * @param golden the file's name under src/test/golden
   * @param now today's table, one line a row
   */
  public static void assertPinned(String golden, String now) throws IOException {
    Path file = Path.of(System.getProperty("wirebench.root", ".."), "src/test/golden", golden);
    assertTrue(
        Files.isRegularFile(file), "no golden table " + golden + " yet; today's is:\n" + now);
    assertEquals(Files.readString(file), now, golden + " changed; today's table:\n" + now);
  }
}
