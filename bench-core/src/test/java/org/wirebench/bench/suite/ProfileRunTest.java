package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.results.RunRecord;

/**
 * A profiled run of one tiny benchmark leaves CPU (or itimer) and allocation flame graphs that name
 * the encoder's own methods, and report.md links them: async-profiler's library comes from its
 * Maven Central jar, not from an installation.
 */
class ProfileRunTest {
  @Test
  void aProfiledRunLeavesFlameGraphsThatNameTheEncoder(@TempDir Path root) throws Exception {
    System.setProperty("jmh.ignoreLock", "true");
    SuiteOptions options =
        new SuiteOptions(
            "profile",
            "GeoEncodingBenchmark",
            1,
            new SuiteOptions.Iterations(1, 200),
            new SuiteOptions.Iterations(3, 300),
            Map.of(
                "dataset", new String[] {"osm_places"},
                "codec", new String[] {"gml2"},
                "count", new String[] {"200"}));
    Profiling profiling = Profiling.of(List.of("cpu", "alloc"));
    String cpu = Profiling.perfEventsAllowed() ? "cpu" : "itimer";
    assertEquals(List.of(cpu, "alloc"), profiling.events());
    Path run =
        new SuiteRunner(options, root.resolve("runs"), null, (f, j) -> {}).profile(profiling).run();
    List<String> graphs = RunRecord.read(run).flameGraphs();
    assertEquals(4, graphs.size(), graphs.toString());
    for (String event : List.of(cpu, "alloc")) {
      String reverse =
          graphs.stream()
              .filter(g -> g.endsWith("flame-" + event + "-reverse.html"))
              .findFirst()
              .orElseThrow();
      String html = Files.readString(run.resolve(reverse));
      assertTrue(html.contains("Gml2Codec"), event + " graph names the encoder");
    }
    // the profiler's library and the alloc run's own scores were the run's while it was written
    assertTrue(!Files.exists(run.resolve(org.wirebench.results.RunFiles.PROFILER_LIBRARY)));
    assertTrue(!Files.exists(run.resolve(org.wirebench.results.RunFiles.profiledScores("alloc"))));
    String md = Files.readString(run.resolve("report.md"));
    assertTrue(md.contains("## Flame graphs (async-profiler)"), md);
    assertTrue(md.contains("](" + graphs.get(0) + ")"), md);
  }

  /** suite --profile: the scored run stays unprofiled; the encoders are profiled after it. */
  @Test
  void aSuiteProfilesTheEncodersAfterAnUnprofiledScoredRun(@TempDir Path root) throws Exception {
    System.setProperty("jmh.ignoreLock", "true");
    SuiteOptions options =
        new SuiteOptions(
            "quick",
            "GeoEncodingBenchmark",
            1,
            new SuiteOptions.Iterations(1, 200),
            new SuiteOptions.Iterations(3, 300),
            Map.of(
                "dataset", new String[] {"osm_places"},
                "codec", new String[] {"floor"},
                "count", new String[] {"200"}));
    Profiling profiling = Profiling.of(List.of("alloc")).only("GeoEncodingBenchmark");
    Path run =
        new SuiteRunner(options, root.resolve("runs"), null, (f, j) -> {}).profile(profiling).run();
    assertEquals(2, RunRecord.read(run).flameGraphs().size());
    assertTrue(
        !Files.readString(run.resolve("jmh.json")).contains("\"async\""),
        "the scored run was not profiled");
  }
}
