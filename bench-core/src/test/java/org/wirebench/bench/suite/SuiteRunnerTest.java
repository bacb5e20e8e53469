package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;
import org.wirebench.results.RunRecord;

/**
 * A whole suite run, JMH in-process and very short, with recorded load results standing in for the
 * load step: the folder it leaves is complete and reads back (a suite that read its load results
 * before writing env.json once threw away a 13-minute run at its very end).
 */
class SuiteRunnerTest {
  @Test
  void aRunLeavesACompleteFolder(@TempDir Path root) throws Exception {
    System.setProperty("jmh.ignoreLock", "true");
    SuiteOptions options =
        new SuiteOptions(
            "test",
            "GeoEncodingBenchmark",
            0,
            new SuiteOptions.Iterations(0, 50),
            new SuiteOptions.Iterations(2, 50),
            Map.of(
                "dataset", new String[] {"osm_places"},
                // a same-bytes floor is no registered codec: the size recorder once refused it
                "codec", new String[] {"floor", "gml2-floor"},
                "count", new String[] {"200"}));
    SuiteRunner.LoadPhase recorded =
        (folder, java) -> {
          for (String f : new String[] {"load-wfs.json", "load-soap.json"}) {
            Files.copy(ThenAndNowTest.runs().resolve("load-v1").resolve(f), folder.resolve(f));
          }
        };
    Path run = new SuiteRunner(options, root, null, recorded).run();
    assertFalse(run.getFileName().toString().startsWith("tmp-"), run.toString());
    RunRecord r = RunRecord.read(run);
    assertEquals(2, r.benchmarks().size());
    assertEquals(2, r.load().size());
    assertEquals("default", r.env().serverJvms().get("wfs").jvmProfile());
    assertEquals(2, r.sizes().payloads().size());
    // a fresh heap page costs ~8 µs on this VM: unless every fork's heap is fixed and touched up
    // front, allocation-heavy benchmarks score 1-7x their steady value (StudyBenchmark)
    assertEquals(
        java.util.List.of(
            java.util.List.of(
                "-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", "-XX:+UseTransparentHugePages")),
        r.env().forkJvmArgs().stream()
            .map(a -> a.stream().filter(f -> !f.startsWith("-Dwirebench")).toList())
            .toList());
    for (String f :
        new String[] {"env.json", "jmh.json", "sizes.json", "report.md", "report.html"}) {
      assertTrue(Files.isRegularFile(run.resolve(f)), f);
    }
    try (Stream<Path> left = Files.list(root)) {
      assertEquals(1, left.count(), "no tmp- folder left behind");
    }
  }

  /**
   * A run that fails before its first result leaves nothing, not even its results root when the run
   * made it: the root was made first and left empty.
   */
  @Test
  void aFailedRunLeavesNoRootItMade(@TempDir Path tmp) throws Exception {
    SuiteOptions options =
        new SuiteOptions(
            "test",
            SuiteRunner.NO_JMH,
            1,
            new SuiteOptions.Iterations(1, 50),
            new SuiteOptions.Iterations(1, 50),
            Map.of());
    Path root = tmp.resolve("fresh/runs");
    SuiteRunner.LoadPhase failing =
        (folder, java) -> {
          throw new java.io.IOException("the load step failed");
        };
    java.io.IOException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            java.io.IOException.class, () -> new SuiteRunner(options, root, null, failing).run());
    assertEquals("the load step failed", e.getMessage());
    try (Stream<Path> left = Files.list(tmp)) {
      assertEquals(java.util.List.of(), left.toList(), "what the failed run left");
    }
  }
}
