package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check every command makes of its output folder before any work leaves nothing behind: the
 * folder is made with the command's first output. It made the folder (and those above it) and left
 * it, so a command refused after its check, or stopped or failed before its first result, left an
 * empty --out folder (suite, profile, load --out, jmeter-import, report, compare, export).
 */
class OutputFolderCheckTest {
  @TempDir Path tmp;

  @Test
  void aFolderThatCanBeMadeIsNotLeftMade() throws Exception {
    Path fresh = tmp.resolve("a");
    assertNull(OutputPaths.folderProblem("--out", fresh.resolve("b/c")));
    assertEquals(List.of(), entries(tmp), "the check made and left a folder");
    Path existing = Files.createDirectories(tmp.resolve("there"));
    assertNull(OutputPaths.folderProblem("--out", existing));
    assertTrue(Files.isDirectory(existing), "a folder that was there stays");
  }

  @Test
  void aFolderThatCannotBeMadeIsStillRefused() throws Exception {
    Path file = Files.writeString(tmp.resolve("file"), "x");
    String problem = OutputPaths.folderProblem("--out", file.resolve("sub/deeper"));
    assertTrue(problem != null && problem.contains("cannot make the folder"), problem);
    Path readOnly = Files.createDirectories(tmp.resolve("ro"));
    assertTrue(readOnly.toFile().setWritable(false));
    try {
      String p = OutputPaths.folderProblem("--out", readOnly.resolve("sub"));
      // root may write anywhere: then the folder is made and taken back like any other
      if (p == null) {
        assertEquals(List.of(), entries(readOnly));
      } else {
        assertTrue(p.contains("cannot make the folder"), p);
      }
    } finally {
      readOnly.toFile().setWritable(true);
    }
    assertEquals(List.of("file", "ro"), entries(tmp));
  }

  private static List<String> entries(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
