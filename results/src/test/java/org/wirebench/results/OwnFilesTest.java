package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run is read from its own regular files only: every results file that is a link, whatever it
 * points to, is refused naming it (RunRecord read through links before: a folder of links to
 * another run's files read as that run).
 */
class OwnFilesTest {
  private static final Path RUN = Samples.runs().resolve("env-v2-quick-jdk17");

  @TempDir Path tmp;

  @Test
  void aResultsFileThatIsALinkIsRefused() throws Exception {
    for (String name : new String[] {"env.json", "jmh.json", "load-wfs.json"}) {
      Path run = Files.createDirectory(tmp.resolve("run-" + name));
      try (Stream<Path> files = Files.list(RUN)) {
        for (Path f : files.toList()) {
          Path to = run.resolve(f.getFileName());
          if (f.getFileName().toString().equals(name)) {
            // a link to the very file it stands for: the bytes are the run's, the file is not
            Files.createSymbolicLink(to, f.toAbsolutePath());
          } else {
            Files.copy(f, to);
          }
        }
      }
      UnreadableRunException e =
          assertThrows(UnreadableRunException.class, () -> RunRecord.read(run));
      assertEquals(
          run.resolve(name)
              + " is a link, not a file of the run (a run's files are never read through links)",
          e.getMessage());
    }
  }

  @Test
  void theRunItselfMayBeGivenAsALink() throws Exception {
    Path link = Files.createSymbolicLink(tmp.resolve("env-v2-quick-jdk17"), RUN.toAbsolutePath());
    assertEquals(
        RunRecord.read(RUN).benchmarks().stream().map(JmhResult::key).toList(),
        RunRecord.read(link).benchmarks().stream().map(JmhResult::key).toList());
  }

  @Test
  void aLinkToNothingIsNoMissingFile() throws Exception {
    Path dangling = Files.createSymbolicLink(tmp.resolve("env.json"), tmp.resolve("gone"));
    UnreadableRunException e =
        assertThrows(UnreadableRunException.class, () -> OwnFiles.present(dangling));
    assertEquals(dangling + " is a link to nothing, not a file", e.getMessage());
  }

  @Test
  void aFileOverTheBoundIsRefusedUnread() throws Exception {
    Path big = tmp.resolve("jmh.json");
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
      f.setLength(OwnFiles.MAX_BYTES + 1); // sparse: nothing written
    }
    UnreadableRunException e = assertThrows(UnreadableRunException.class, () -> OwnFiles.read(big));
    assertTrue(
        e.getMessage().startsWith(big + " is " + (OwnFiles.MAX_BYTES + 1) + " bytes"),
        e::getMessage);
  }
}
