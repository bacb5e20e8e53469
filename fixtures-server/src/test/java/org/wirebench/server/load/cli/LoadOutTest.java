package org.wirebench.server.load.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.results.NewFiles;
import org.wirebench.results.ScenarioResult;
import org.wirebench.server.DeadPort;
import org.wirebench.server.FixtureServer;
import org.wirebench.server.Mains;

/**
 * {@code load --out RUN} never changes a run folder in place: results already there are refused
 * before any work (once the histogram log was truncated at the start and a 24-point file silently
 * replaced by a 1-point one), and a run that fails or is killed publishes nothing (once it left a
 * header-only load-wfs.hlog).
 */
class LoadOutTest {
  @TempDir Path tmp;

  private String stderr = "";

  private int load(String... args) {
    org.wirebench.server.OwnStderr own = new org.wirebench.server.OwnStderr();
    try {
      return own.capture(() -> Mains.execute(new LoadCommand(), args));
    } catch (Exception e) {
      throw new AssertionError(e);
    } finally {
      stderr = own.text();
    }
  }

  /** Held for each test: a port no server can take before the run is refused there. */
  private final DeadPort dead;

  LoadOutTest() throws java.io.IOException {
    dead = new DeadPort();
  }

  @org.junit.jupiter.api.AfterEach
  void letGo() throws java.io.IOException {
    dead.close();
  }

  private String deadServer() {
    return dead.url();
  }

  private static List<String> names(Path folder) throws Exception {
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** Refused before --server-wait waits for a server that never comes (once: 10 min, then 2). */
  @Test
  @org.junit.jupiter.api.Timeout(120)
  void theOutputsAreRefusedBeforeWaitingForTheServer() throws Exception {
    Path run = Files.createDirectory(tmp.resolve("run"));
    Files.writeString(run.resolve("load-wfs.json"), "{}");
    int exit =
        load(
            "--scenario",
            "wfs",
            "--quick",
            "--server",
            deadServer(),
            "--server-wait",
            "10m",
            "--out",
            "" + run);
    assertEquals(2, exit, stderr);
    assertTrue(stderr.contains("already holds load-wfs.json"), stderr);
    exit =
        load(
            "--scenario",
            "wfs",
            "--quick",
            "--server",
            deadServer(),
            "--server-wait",
            "10m",
            "--jvm-profile",
            "no-such-profile");
    assertEquals(2, exit, stderr);
    assertTrue(stderr.contains("--jvm-profile"), stderr);
  }

  @Test
  void resultsAlreadyInTheFolderAreRefusedUntouched() throws Exception {
    Path run = Files.createDirectory(tmp.resolve("run"));
    byte[] json = "{\"a 24-point result\":true}".getBytes(StandardCharsets.UTF_8);
    byte[] hlog = "#[a histogram log]\n".getBytes(StandardCharsets.UTF_8);
    Files.write(run.resolve("load-wfs.json"), json);
    Files.write(run.resolve("load-wfs.hlog"), hlog);
    int exit = load("--scenario", "wfs", "--quick", "--server", deadServer(), "--out", "" + run);
    assertEquals(2, exit, stderr);
    assertEquals(1, stderr.lines().count(), stderr);
    assertTrue(stderr.contains("already holds load-wfs.hlog and load-wfs.json"), stderr);
    assertArrayEquals(json, Files.readAllBytes(run.resolve("load-wfs.json")));
    assertArrayEquals(hlog, Files.readAllBytes(run.resolve("load-wfs.hlog")));
    assertEquals(List.of("load-wfs.hlog", "load-wfs.json"), names(run));
    // a link to nothing takes its name too: the results could not be published there (link(2)
    // fails on it), which was found after the whole run, exit 1
    Path linked = Files.createDirectory(tmp.resolve("linked"));
    Files.createSymbolicLink(linked.resolve("load-wfs.json"), tmp.resolve("nothing"));
    exit = load("--scenario", "wfs", "--quick", "--server", deadServer(), "--out", "" + linked);
    assertEquals(2, exit, stderr);
    assertEquals(1, stderr.lines().count(), stderr);
    assertTrue(stderr.contains("already holds load-wfs.json"), stderr);
    Path file = Files.writeString(tmp.resolve("file"), "x");
    assertEquals(2, load("--scenario", "wfs", "--server", deadServer(), "--out", "" + file));
    assertTrue(stderr.contains("is a file, not a folder"), stderr);
    // a folder that cannot be made (below a file): refused before the run, not exit 1 after it
    Path below = file.resolve("sub");
    assertEquals(2, load("--scenario", "wfs", "--server", deadServer(), "--out", "" + below));
    assertTrue(stderr.contains("cannot make the folder"), stderr);
    assertEquals(1, stderr.lines().count(), stderr);
  }

  /**
   * A new --out folder (and the folders above it) is made with the run's files and goes with them:
   * a failed run leaves none (it once left it empty; the wire scenario's refusal by the kernel,
   * exit 2, the same: WireRefusalTest).
   */
  @Test
  void aFailedRunLeavesNoNewFolder() throws Exception {
    Path fresh = tmp.resolve("new");
    Path out = fresh.resolve("run");
    int exit = load("--scenario", "wfs", "--quick", "--server", deadServer(), "--out", "" + out);
    assertEquals(1, exit, stderr);
    assertTrue(!Files.exists(fresh), "left by a failed run: " + fresh);
  }

  @Test
  void aFailedRunPublishesNothing() throws Exception {
    Path run = Files.createDirectory(tmp.resolve("run"));
    int exit = load("--scenario", "wfs", "--quick", "--server", deadServer(), "--out", "" + run);
    assertEquals(1, exit, stderr);
    assertEquals(List.of(), names(run), "neither a result nor a temporary file");
  }

  @Test
  void aRunPublishesBothFilesOnceAndNeverOverwrites() throws Exception {
    Path run = tmp.resolve("new-run");
    try (FixtureServer server = new FixtureServer(FixtureServer.Settings.defaults()).start()) {
      String[] args = {
        "--scenario",
        "wfs",
        "--quick",
        "--server",
        server.uri().toString(),
        "--layers",
        "osm_places",
        "--formats",
        "geojson",
        "--users",
        "1",
        "--count",
        "10",
        "--warmup",
        "0s",
        "--duration",
        "300ms",
        "--out",
        run.toString()
      };
      assertEquals(0, load(args), stderr);
      assertEquals(List.of("load-wfs.hlog", "load-wfs.json"), names(run));
      byte[] first = Files.readAllBytes(run.resolve("load-wfs.json"));
      assertEquals(1, ScenarioResult.read(run.resolve("load-wfs.json")).points().size());
      assertEquals(2, load(args), stderr);
      assertArrayEquals(first, Files.readAllBytes(run.resolve("load-wfs.json")));
    }
  }

  @Test
  void publishingNeverReplacesAFileTakenMeanwhile() throws Exception {
    try (NewFiles files = NewFiles.create(tmp, List.of("load-x.hlog", "load-x.json"))) {
      Files.writeString(files.temp("load-x.hlog"), "new");
      Files.writeString(files.temp("load-x.json"), "new");
      Files.writeString(tmp.resolve("load-x.hlog"), "someone else's");
      assertThrows(FileAlreadyExistsException.class, files::publish);
      assertEquals("someone else's", Files.readString(tmp.resolve("load-x.hlog")));
    }
    assertEquals(List.of("load-x.hlog"), names(tmp), "the temporary files are removed");
  }
}
