package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunEnvironment;

/** Real forks, tiny settings: the plumbing, never a timing. */
class PairedRunnerTest {
  private static final List<String> SMALL_HEAP = List.of("-Xmx256m");

  @Test
  void aGroupRunsItsForksAndTheFileReadsBack(@TempDir Path dir) throws Exception {
    PairedRuns.Settings s = new PairedRuns.Settings(20, 2, 5, 2, 2, 60_000, 0.99, 0.10, SMALL_HEAP);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    PairedRuns runs =
        new PairedRunner(s, null, new PrintStream(log, true)).run(Claims.calibrationOnly());
    PairedRuns.Group g = runs.group(Claims.CALIBRATION);
    assertEquals(2, g.forks().size());
    assertTrue(List.of("decided", "max-forks").contains(g.stopped()), g.stopped());
    for (PairedRuns.Fork f : g.forks()) {
      assertEquals(2, f.nsPerOp().size());
      assertEquals(5, f.nsPerOp().get(0).length);
      for (double[] v : f.nsPerOp()) {
        for (double x : v) {
          assertTrue(x > 0 && Double.isFinite(x), "cost " + x);
        }
      }
    }
    Path file = dir.resolve(PairedRuns.FILE);
    runs.write(file);
    PairedRuns back = PairedRuns.read(file);
    assertEquals(runs.claims(), back.claims());
    RunEnvironment.Calibration c = PairedRunner.calibration(back);
    assertEquals(ReferenceWorkload.NAME, c.workload());
    assertEquals(2, c.nsPerOp().size());
    assertTrue(log.toString().contains("calibration fork 2"), log::toString);
  }

  @Test
  void aForkWhoseParentIsGoneEnds(@TempDir Path dir) throws Exception {
    // a fork asked for an hour of warm-up: only its parent's end can stop it
    PairWorker.ForkSpec spec =
        new PairWorker.ForkSpec(
            List.of(
                new PairWorker.VariantSpec(
                    "r", ReferenceWorkload.class.getName() + ".run", Map.of())),
            3_600_000,
            20,
            5,
            1);
    Path file = dir.resolve("spec.json");
    new ObjectMapper().writeValue(file.toFile(), spec);
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m",
                "-cp",
                System.getProperty("java.class.path"),
                PairWorker.class.getName(),
                file.toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      Thread.sleep(500);
      assertTrue(p.isAlive(), "the fork should still be warming up");
      p.getOutputStream().close(); // what the parent's death does to the pipe
      assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the fork outlived its parent");
      assertEquals(1, p.exitValue());
    } finally {
      p.destroyForcibly();
    }
  }

  @Test
  void aVariantNamingNoSuchParameterIsRefused() {
    Exception e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                BenchmarkInvoker.prepare(
                    "org.wirebench.bench.geo.GeoEncodingBenchmark.encode",
                    Map.of(
                        "dataset", "osm_places", "codec", "gml2", "count", "200", "nosuch", "1")));
    assertTrue(e.getMessage().contains("nosuch"), e::getMessage);
  }

  @Test
  void aParameterWithSeveralValuesMustBeNamed() {
    Exception e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                BenchmarkInvoker.prepare(
                    "org.wirebench.bench.geo.GeoEncodingBenchmark.encode",
                    Map.of("dataset", "osm_places", "codec", "gml2")));
    assertTrue(e.getMessage().contains("count"), e::getMessage);
  }

  @Test
  void theInvokerRunsTheBenchmarkWithItsValidatedSetUp() throws Throwable {
    BenchmarkInvoker.Op op =
        BenchmarkInvoker.prepare(
            "org.wirebench.bench.geo.GeoEncodingBenchmark.encode",
            Map.of("dataset", "osm_places", "codec", "gml2", "count", "200"));
    Object bytes = op.call();
    assertTrue(bytes instanceof Integer n && n > 10_000, "encoded bytes " + bytes);
    // the same bytes every call: the sink is reset as JMH's benchmark resets it
    assertEquals(bytes, op.call());
  }

  @Test
  void everyClaimNamesVariantsOfItsGroup() {
    for (Claims.Plan plan : List.of(Claims.quick(), Claims.full())) {
      for (PairedRuns.Claim c : plan.claims()) {
        Claims.GroupPlan g =
            plan.groups().stream().filter(x -> x.id().equals(c.group())).findFirst().orElseThrow();
        assertTrue(g.classes().containsKey(c.a()) && g.classes().containsKey(c.b()), c::id);
      }
      assertEquals(
          plan.claims().size(),
          plan.claims().stream().map(PairedRuns.Claim::id).distinct().count(),
          "claim ids are unique");
    }
  }
}
