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
 * A suite killed with -9 during its load step leaves no process behind: its load driver (and the
 * server JVM the driver started) stop with it, and nothing is written into the dead run's folder
 * afterwards. Once the driver ran on, re-parented to PID 1, and wrote load-wfs.json into the dead
 * run's tmp- folder a minute later.
 */
class KilledSuiteTest {
  /** A stand-in for the suite: runs the load step as the suite does, for minutes. */
  public static final class Suite {
    public static void main(String[] args) throws Exception {
      new LoadStep(
              List.of("wfs"),
              "default",
              true,
              List.of(
                  "--layers", "osm_places",
                  "--formats", "geojson",
                  "--users", "1",
                  "--count", "10",
                  "--duration", "300s"))
          .run(Path.of(args[0]), null);
    }
  }

  @Test
  void theDriverAndItsServerEndWithTheSuite(@TempDir Path folder) throws Exception {
    Process suite =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Suite.class.getName(),
                folder.toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    List<ProcessHandle> started = new ArrayList<>();
    try {
      // the driver, then the server JVM it starts
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (started.size() < 2 && System.nanoTime() < deadline && suite.isAlive()) {
        Thread.sleep(100);
        started.clear();
        suite.toHandle().descendants().forEach(started::add);
      }
      assertEquals(2, started.size(), "the suite should have started a driver and its server");
      suite.destroyForcibly(); // SIGKILL: nothing of the suite's own runs any more
      suite.waitFor();
      for (ProcessHandle p : started) {
        try {
          // a bound for a starved machine, not a speed: the load step would run its 300 s, so an
          // orphan still fails. A server orphaned while it starts watches its pipe only once
          // started (ServeCommand): 20 s failed a clean-clone verify at load average 32
          p.onExit().get(90, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
          // asserted below
        }
        assertTrue(!p.isAlive(), "still running after the suite was killed: pid " + p.pid());
      }
      try (Stream<Path> left = Files.list(folder)) {
        List<String> names = left.map(f -> f.getFileName().toString()).toList();
        assertTrue(
            names.stream().noneMatch(n -> n.startsWith("load-")),
            "written after the kill: " + names);
      }
    } finally {
      suite.destroyForcibly();
      started.forEach(ProcessHandle::destroyForcibly);
    }
  }
}
