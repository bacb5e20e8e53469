package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** The refusal every usage-error test checks for, and the argument lists they build. */
final class UsageRefusals {
  private UsageRefusals() {}

  /**
   * Exit 2, one line naming {@code expected}, never a usage dump or a stack trace, nothing written
   * under the results root {@code root}.
   */
  static void refused(CliRunner cli, Path root, String expected, String... args) throws Exception {
    int exit = cli.run(args);
    String e = cli.err();
    assertEquals(2, exit, e);
    assertEquals(1, e.lines().count(), "one line: " + e);
    assertTrue(e.contains(expected), e);
    assertFalse(e.contains("Usage:") || e.contains("Exception") || e.contains("\tat "), e);
    try (var left = Files.list(root)) {
      assertEquals(0, left.count(), "nothing started");
    }
  }

  /** {@code head} followed by {@code tail}. */
  static String[] with(String[] tail, String... head) {
    String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }
}
