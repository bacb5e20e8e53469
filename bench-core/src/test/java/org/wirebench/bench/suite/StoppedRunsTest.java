package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped by SIGTERM (as Ctrl-C, the hooks run) while it writes its folder ends the processes
 * it started and removes its tmp- folder: it once left both, the folder for discard-incomplete and
 * a fork running until its iteration ended.
 */
class StoppedRunsTest {
  /** A stand-in for a suite: a run folder being written and a child process, for minutes. */
  public static final class Writer {
    public static void main(String[] args) throws Exception {
      Path run = IncompleteRuns.create(Path.of(args[0]));
      Files.writeString(run.resolve("jmh.json"), "[]");
      new ProcessBuilder("sleep", "300").start();
      System.out.println("ready");
      System.out.flush();
      Thread.sleep(300_000);
    }
  }

  @Test
  void aRunStoppedBySigtermLeavesNoFolderAndNoChild(@TempDir Path root) throws Exception {
    Process writer =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Writer.class.getName(),
                root.toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    List<ProcessHandle> children = new ArrayList<>();
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("ready", out.readLine(), "the writer started its run");
      writer.toHandle().children().forEach(children::add);
      assertEquals(1, children.size(), "the writer's child: " + children);
      try (Stream<Path> runs = Files.list(root)) {
        assertEquals(1, runs.count(), "the run being written");
      }
      writer.destroy(); // SIGTERM
      assertTrue(writer.waitFor(60, TimeUnit.SECONDS), "the writer ended");
      // a bound for a starved machine, not a speed: the child would sleep its 300 s
      children.get(0).onExit().get(30, TimeUnit.SECONDS);
      try (Stream<Path> left = Files.list(root)) {
        assertEquals(List.of(), left.toList(), "nothing left of the stopped run");
      }
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("the writer's child outlived it: pid " + children.get(0).pid(), e);
    } finally {
      writer.destroyForcibly();
      children.forEach(ProcessHandle::destroyForcibly);
    }
  }
}
