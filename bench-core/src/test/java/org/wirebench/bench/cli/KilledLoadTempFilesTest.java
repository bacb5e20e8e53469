package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.results.NewFiles;

/**
 * {@code load --out DIR} killed with -9 leaves its {@code tmp-load-*} files in DIR (nothing can
 * clean up on SIGKILL): discard-incomplete removes them, as it removes a killed suite's folder,
 * once the process that wrote them has ended; a live command's are kept. Before, nothing found
 * them: the docs said to delete them by hand.
 */
class KilledLoadTempFilesTest {
  @TempDir Path root;

  private final CliRunner cli = new CliRunner();

  private static List<Path> temps(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().startsWith(NewFiles.PREFIX)).toList();
    }
  }

  @Test
  void aKilledLoadsTemporaryFilesAreRemovedByDiscardIncomplete() throws Exception {
    Path out = root.resolve("run");
    Process load =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                WirebenchCli.class.getName(),
                "load",
                "--scenario",
                "wfs",
                "--quick",
                "--layers",
                "osm_places",
                "--formats",
                "geojson",
                "--users",
                "1",
                "--out",
                out.toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    List<ProcessHandle> started = new ArrayList<>();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
      while (load.isAlive()
          && System.nanoTime() < deadline
          && (!Files.isDirectory(out) || temps(out).size() < 2)) {
        Thread.sleep(50);
      }
      assertTrue(load.isAlive(), "the load ended before it was killed");
      assertEquals(2, temps(out).size(), "its .json and .hlog being written");
      load.toHandle().descendants().forEach(started::add);
      load.destroyForcibly(); // SIGKILL: no hook of its own runs
      load.waitFor();
    } finally {
      load.destroyForcibly();
      for (ProcessHandle p : started) {
        p.destroyForcibly();
      }
    }
    List<Path> left = temps(out);
    assertEquals(2, left.size(), "what a kill -9 leaves: " + left);
    // a live command's file beside them (this JVM's) is not the killed one's
    Path other = Files.createDirectories(root.resolve("other"));
    try (NewFiles live = NewFiles.create(other, List.of("load-wfs.json"))) {
      assertEquals(0, cli.run("discard-incomplete", root.toString()), cli::err);
      for (Path p : left) {
        assertFalse(Files.exists(p), p + " left");
        assertTrue(cli.out().contains("removed " + p), cli::out);
      }
      assertTrue(Files.exists(live.temp("load-wfs.json")), "a live command's file removed");
      // DIR itself given as the root
      Files.writeString(out.resolve(left.get(0).getFileName()), "");
      assertEquals(0, cli.run("discard-incomplete", out.toString()), cli::err);
      assertEquals(List.of(), temps(out));
    }
  }

  /**
   * A temporary file named before names carried the writer's process id ({@code tmp-NAME.RANDOM})
   * is kept, as no one can tell whether its writer runs, and named on stderr with the command that
   * removes it, which does; the help says so. It was named with "remove it by hand if no wirebench
   * command is writing it", and no command.
   */
  @Test
  void anOldTemporaryFileIsKeptAndNamedWithTheCommandThatRemovesIt() throws Exception {
    Path dir = Files.createDirectories(root.resolve("it's a run"));
    Path old = Files.writeString(dir.resolve("tmp-load-wfs.json.k3xzq9a0b1c2d"), "");
    assertEquals(0, cli.run("discard-incomplete", root.toString()), cli::err);
    assertTrue(Files.exists(old), "a file whose writer may run was removed");
    String line =
        cli.err()
            .lines()
            .filter(l -> l.startsWith("kept " + old))
            .findFirst()
            .orElseThrow(() -> new AssertionError(cli.err()));
    String remove = "remove it: ";
    assertTrue(line.contains(remove), line);
    Process rm =
        new ProcessBuilder("/bin/sh", "-c", line.substring(line.indexOf(remove) + remove.length()))
            .redirectErrorStream(true)
            .start();
    String said = new String(rm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, rm.waitFor(), said);
    assertFalse(Files.exists(old), line);
    assertTrue(Files.isDirectory(dir), "rm removed more than the file");
    assertEquals(0, cli.run("discard-incomplete", "--help"), cli::err);
    assertTrue(cli.out().contains("tmp-NAME.RANDOM"), cli::out);
  }
}
