package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.results.PairedRuns;

/**
 * A suite killed with -9 while a pair fork runs leaves nothing in its java.io.tmpdir: each fork's
 * spec and stderr were temporary files there (wirebench-fork-*.json and .log), deleted only when
 * the fork had ended in the suite's JVM.
 */
class KilledPairsTest {
  /** A stand-in for the suite's pairs step: forks for minutes. */
  public static final class Pairs {
    public static void main(String[] args) throws Exception {
      PairedRuns.Settings s =
          new PairedRuns.Settings(
              null, 1000, 1000, 2, 2, 3_600_000, 0.99, 0.10, List.of("-Xmx256m"), 0.0);
      new PairedRunner(s, null, new PrintStream(System.out, true)).run(Claims.calibrationOnly());
    }
  }

  @Test
  void aKilledSuitesPairForkLeavesNothingInItsTempFolder(@TempDir Path tmp) throws Exception {
    Path own = Files.createDirectory(tmp.resolve("tmpdir"));
    Process pairs =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + own,
                "-cp",
                System.getProperty("java.class.path"),
                Pairs.class.getName())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    List<ProcessHandle> forks = new ArrayList<>();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120); // a bound, not a pace
      while (forks.isEmpty() && System.nanoTime() < deadline && pairs.isAlive()) {
        Thread.sleep(100);
        pairs.toHandle().descendants().forEach(forks::add);
      }
      assertTrue(!forks.isEmpty(), "the pairs step should have started a fork");
    } finally {
      pairs.destroyForcibly(); // SIGKILL: no finally of the suite's runs
      pairs.waitFor(60, TimeUnit.SECONDS);
      forks.forEach(ProcessHandle::destroyForcibly);
    }
    try (Stream<Path> s = Files.list(own)) {
      assertEquals(List.of(), s.toList(), "what the killed pairs step left in java.io.tmpdir");
    }
  }
}
