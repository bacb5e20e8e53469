package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
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

  /**
   * A FIFO renamed over a run's file between the check and the open, again and again, until a read
   * meets it: refused within the open's bound (the old read's open waited for a writer for good).
   */
  @Test
  void aFifoSwappedInAfterTheCheckIsRefusedNotWaitedFor() throws Exception {
    Path fifo = fifo();
    try {
      assertEquals("did not open", readsWhileSwapping(fifo, "did not open"));
    } finally {
      unblock(fifo);
    }
  }

  /**
   * The same with a writer holding the FIFO open, so that its open returns at once: refused, not
   * read (the old read waited for the writer's first byte for good).
   */
  @Test
  void aFifoWithAWriterSwappedInAfterTheCheckIsRefusedNotReadFrom() throws Exception {
    Path fifo = fifo();
    try (FileChannel writer =
        FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      assertEquals("cannot be read", readsWhileSwapping(fifo, "cannot be read"));
    } finally {
      unblock(fifo);
    }
  }

  /** A new FIFO, made by mkfifo(1); the test is skipped where there is none. */
  private Path fifo() throws Exception {
    Path fifo = tmp.resolve("fifo");
    int made;
    try {
      made = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor();
    } catch (java.io.IOException noMkfifo) {
      made = -1;
    }
    Assumptions.assumeTrue(made == 0 && Files.exists(fifo), "no mkfifo here");
    return fifo;
  }

  /**
   * Reads a run's env.json while another thread renames, in turn, a regular file and {@code fifo}
   * over it; returns {@code refusal} once a read is refused so, after the check found the regular
   * file. Fails when no read ends within 30 s.
   */
  private String readsWhileSwapping(Path fifo, String refusal) throws Exception {
    Path file = Files.writeString(tmp.resolve("file"), "{}");
    Path target = tmp.resolve("env.json");
    Files.copy(file, target);
    AtomicBoolean stop = new AtomicBoolean();
    Thread swapper =
        new Thread(
            () -> {
              try {
                for (int i = 0; !stop.get(); i++) {
                  Path next = tmp.resolve("next");
                  Files.createLink(next, i % 2 == 0 ? fifo : file);
                  Files.move(next, target, StandardCopyOption.ATOMIC_MOVE);
                }
              } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    swapper.setDaemon(true);
    swapper.start();
    try {
      return assertTimeoutPreemptively(
          Duration.ofSeconds(30),
          () -> {
            while (true) {
              try {
                OwnFiles.read(target);
              } catch (UnreadableRunException e) {
                // a FIFO the check found is refused before any open; go on till one is not
                if (String.valueOf(e.getMessage()).contains(refusal)) {
                  return refusal;
                }
              }
            }
          });
    } finally {
      stop.set(true);
      swapper.join();
    }
  }

  /** Opens {@code fifo} for writing, which lets an open left waiting for a writer return. */
  private static void unblock(Path fifo) throws java.io.IOException {
    // read and write: Linux opens a FIFO so at once, a writer or not
    FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE).close();
  }
}
