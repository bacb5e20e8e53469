package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profile killed with -9 while its fork samples leaves no copy of async-profiler's library in
 * java.io.tmpdir: the copy is the run's, in its tmp- folder, which discard-incomplete removes
 * whole. It was copied to java.io.tmpdir/wirebench-async-profiler*, deleted only on a normal exit,
 * so each killed profile or suite --profile left 600 KiB there.
 */
class KilledProfileTest {
  @TempDir Path tmp;

  @Test
  void aKilledProfileLeavesNoLibraryInTheTempFolder() throws Exception {
    Path own = Files.createDirectory(tmp.resolve("tmpdir"));
    Path root = tmp.resolve("runs");
    Process profile = start(root, tmp.resolve("stderr.txt"), "-Djava.io.tmpdir=" + own);
    List<ProcessHandle> forks = new ArrayList<>();
    try {
      awaitFork(profile, forks);
    } finally {
      profile.destroyForcibly(); // SIGKILL: no hook and no delete-on-exit runs
      profile.waitFor(60, TimeUnit.SECONDS);
      forks.forEach(ProcessHandle::destroyForcibly);
      for (ProcessHandle f : forks) {
        f.onExit().get(60, TimeUnit.SECONDS);
      }
    }
    try (Stream<Path> s = Files.list(own)) {
      List<String> left =
          s.map(f -> f.getFileName().toString())
              .filter(n -> n.contains("async-profiler") || n.contains("asyncProfiler"))
              .toList();
      assertEquals(List.of(), left, "async-profiler's library left in java.io.tmpdir");
    }
    List<Path> runs = IncompleteRuns.find(root);
    assertEquals(1, runs.size(), "the killed run's folder: " + runs);
    assertEquals(null, IncompleteRuns.notARun(runs.get(0)), "taken for a killed run's");
  }

  /**
   * A profile stopped by SIGTERM (as Ctrl-C) while its fork samples leaves nothing, not even the
   * results root it made, and says so in one line on stderr after its own "sampling" line.
   */
  @Test
  void aStoppedProfileLeavesNothingAndSaysSoInOneLine() throws Exception {
    Path fresh = tmp.resolve("fresh");
    Path errFile = tmp.resolve("stderr.txt");
    Process profile = start(fresh.resolve("runs"), errFile, "-Djmh.ignoreLock=true");
    List<ProcessHandle> forks = new ArrayList<>();
    try {
      awaitFork(profile, forks);
      profile.destroy(); // SIGTERM: the hooks run, as on Ctrl-C
      assertTrue(profile.waitFor(120, TimeUnit.SECONDS), "the profile ended");
    } finally {
      profile.destroyForcibly();
      forks.forEach(ProcessHandle::destroyForcibly);
    }
    String err = Files.readString(errFile);
    List<String> lines = err.lines().toList();
    assertTrue(lines.size() >= 1 && lines.get(0).startsWith("profile: sampling "), err);
    assertEquals(1, lines.size() - 1, "one line after the stop: " + err);
    assertTrue(lines.get(1).startsWith("wirebench: stopped; removed the unfinished run "), err);
    assertTrue(!Files.exists(fresh), "the results root the stopped profile made: " + err);
  }

  private static Process start(Path root, Path errFile, String jvmArg) throws Exception {
    return new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            jvmArg,
            "-Djmh.ignoreLock=true",
            "-cp",
            System.getProperty("java.class.path"),
            "org.wirebench.bench.cli.WirebenchCli",
            "profile",
            "--benchmark",
            "GeoEncodingBenchmark",
            "-p",
            "dataset=osm_places",
            "-p",
            "codec=gml2",
            "-p",
            "count=200",
            "--events",
            "alloc",
            "--iterations",
            "300",
            "--out",
            root.toString())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(errFile.toFile())
        .start();
  }

  /** Waits for JMH's fork, which loads the library (a bound for a starved machine, not a pace). */
  private static void awaitFork(Process profile, List<ProcessHandle> forks) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (forks.isEmpty() && System.nanoTime() < deadline && profile.isAlive()) {
      Thread.sleep(100);
      profile.toHandle().descendants().forEach(forks::add);
    }
    assertTrue(!forks.isEmpty(), "the profile should have started JMH's fork");
    Thread.sleep(2000); // the fork loads the library as its trial begins
  }
}
