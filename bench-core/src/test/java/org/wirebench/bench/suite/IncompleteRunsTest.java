package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite's run folder, made under a {@code tmp-} name and renamed when complete, has the
 * permissions any new folder gets here, not createTempDirectory's owner-only 0700, which the
 * finished run kept: no other user (a web server showing report.html) could read it.
 */
class IncompleteRunsTest {
  @TempDir Path root;

  @Test
  void aRunFolderHasANewFoldersPermissionsAndIsListedUntilRenamed() throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    Path plain = Files.createDirectory(root.resolve("plain"));
    Set<PosixFilePermission> expected = Files.getPosixFilePermissions(plain);
    Files.delete(plain);
    // with a umask of 077 every new folder is owner-only and there is nothing to tell apart
    assumeTrue(expected.contains(PosixFilePermission.GROUP_READ), "umask leaves group read");

    Path run = IncompleteRuns.create(root);
    assertEquals(expected, Files.getPosixFilePermissions(run));
    assertEquals(List.of(run), IncompleteRuns.find(root));
  }

  /**
   * The warning says what discard-incomplete would do: a killed run's marked folder is listed as
   * one it removes; an unmarked tmp- folder (a run's from before the marker, another tool's) is
   * named apart as kept, with why and how to remove it by hand. Before, both were listed in one
   * line as removed by discard-incomplete, which then kept the unmarked one.
   */
  @Test
  void theWarningTellsDiscardedFromKeptFolders() throws IOException {
    Path killed = IncompleteRuns.create(root);
    IncompleteRuns.release(killed); // what the killed process's end did
    Files.writeString(killed.resolve("jmh.json"), "[]");
    Path old = Files.createDirectories(root.resolve("tmp-20261101-old"));
    Files.writeString(old.resolve("jmh.json"), "[]");
    Files.createDirectories(root.resolve("20261101-000000-complete"));

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    IncompleteRuns.warn(root, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(2, lines.size(), lines::toString);
    String removed = lines.get(0);
    String kept = lines.get(1);
    assertTrue(removed.contains("discard-incomplete " + root), removed);
    assertTrue(removed.contains(killed.getFileName().toString()), removed);
    assertFalse(removed.contains("tmp-20261101-old"), removed);
    assertTrue(kept.contains("tmp-20261101-old (it lacks the " + IncompleteRuns.MARKER), kept);
    assertTrue(kept.contains("which discard-incomplete keeps"), kept);
    assertTrue(kept.endsWith("remove it by hand: rm -r " + old), kept);
    assertFalse(kept.contains(killed.getFileName().toString()), kept);

    // discard-incomplete does what the warning said
    IncompleteRuns.delete(killed);
    bytes.reset();
    IncompleteRuns.warn(root, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    List<String> after = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(1, after.size(), after::toString);
    assertTrue(after.get(0).contains("tmp-20261101-old"), after::toString);
  }

  /**
   * A FIFO renamed over a killed run's marker between its check and its open, again and again: the
   * listing every report and suite prints refuses it within the open's bound (the old open waited
   * for a writer for good, and the report with it).
   */
  @Test
  void aFifoSwappedInForTheMarkerIsRefusedNotWaitedFor() throws Exception {
    Path killed = IncompleteRuns.create(root);
    IncompleteRuns.release(killed);
    Path side = Files.createDirectories(root.resolve("side"));
    Path fifo = side.resolve("fifo");
    int made;
    try {
      made = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor();
    } catch (IOException noMkfifo) {
      made = -1;
    }
    assumeTrue(made == 0, "no mkfifo here");
    Path file = Files.copy(killed.resolve(IncompleteRuns.MARKER), side.resolve("file"));
    java.util.concurrent.atomic.AtomicBoolean stop =
        new java.util.concurrent.atomic.AtomicBoolean();
    Thread swapper =
        new Thread(
            () -> {
              try {
                for (int i = 0; !stop.get(); i++) {
                  Path next = side.resolve("next");
                  Files.createLink(next, i % 2 == 0 ? fifo : file);
                  Files.move(
                      next,
                      killed.resolve(IncompleteRuns.MARKER),
                      java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                }
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    swapper.setDaemon(true);
    swapper.start();
    try {
      String refused =
          org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
              java.time.Duration.ofSeconds(30),
              () -> {
                while (true) {
                  try {
                    IncompleteRuns.notARun(killed);
                  } catch (IOException e) {
                    if (String.valueOf(e.getMessage()).contains("did not open")) {
                      return e.getMessage();
                    }
                  }
                }
              });
      assertTrue(refused.contains(IncompleteRuns.MARKER), refused);
    } finally {
      stop.set(true);
      swapper.join();
      // a writer lets an open left waiting return; read and write: Linux opens a FIFO so at once
      java.nio.channels.FileChannel.open(
              fifo, java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)
          .close();
    }
  }
}
