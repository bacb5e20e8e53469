package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunEnvironment;

/** Real forks, tiny settings: the plumbing, never a timing. */
class PairedRunnerTest {
  private static final List<String> SMALL_HEAP = List.of("-Xmx256m");

  /** The plan with 20 ms of warm-up a variant: plumbing, not a measurement. */
  private static Claims.Plan quick(Claims.Plan plan) {
    return new Claims.Plan(
        plan.groups().stream()
            .map(g -> new Claims.GroupPlan(g.id(), g.variants(), g.classes(), 20))
            .toList(),
        plan.claims());
  }

  @Test
  void aGroupRunsItsForksAndTheFileReadsBack(@TempDir Path dir) throws Exception {
    PairedRuns.Settings s =
        new PairedRuns.Settings(null, 2, 5, 2, 2, 60_000, 0.99, 0.10, SMALL_HEAP, 0.0);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    PairedRunner runner = new PairedRunner(s, null, new PrintStream(log, true));
    PairedRuns runs = runner.run(quick(Claims.calibrationOnly()));
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
    // the warm-up the fork ran, as the group's plan gave it, is the group's on record
    assertEquals(20, back.warmupMs(back.group(Claims.CALIBRATION)));
    assertEquals(null, back.settings().warmupMs());
    RunEnvironment.Calibration c = runner.calibration();
    assertEquals(ReferenceWorkload.NAME, c.workload());
    assertEquals(2, c.nsPerOp().size());
    assertEquals(List.of(Claims.CALIBRATION, Claims.CALIBRATION), c.groups());
    assertTrue(log.toString().contains("calibration fork 2"), log::toString);
  }

  /**
   * The calibration is sampled in every group's forks, not only in its own group at the start: each
   * fork of another group times the reference workload beside its variants, in the same rounds, and
   * the run's calibration lists every fork in the order they ran (the minimum forks round by round)
   * with its group.
   */
  @Test
  void everyGroupsForksSampleTheCalibration() throws Exception {
    PairedRuns.Settings s =
        new PairedRuns.Settings(null, 2, 4, 2, 2, 60_000, 0.99, 0.10, SMALL_HEAP, 0.0);
    Claims.Plan calibration = quick(Claims.calibrationOnly());
    Map<String, String> params = Map.of("dataset", "osm_places", "count", "200");
    String encode = "org.wirebench.bench.geo.GeoEncodingBenchmark.encode";
    List<PairedRuns.Variant> variants = new ArrayList<>();
    Map<String, String> classes = new LinkedHashMap<>();
    for (String codec : List.of("gml2", "gml2-floor")) {
      Map<String, String> p = new TreeMap<>(params);
      p.put("codec", codec);
      variants.add(new PairedRuns.Variant(codec, "GeoEncodingBenchmark.encode", p));
      classes.put(codec, encode);
    }
    List<Claims.GroupPlan> groups = new ArrayList<>(calibration.groups());
    groups.add(new Claims.GroupPlan("wfs-tiny", variants, classes, 20));
    PairedRunner runner =
        new PairedRunner(s, null, new PrintStream(new ByteArrayOutputStream(), true));
    PairedRuns runs = runner.run(new Claims.Plan(groups, calibration.claims()));
    for (PairedRuns.Fork f : runs.group("wfs-tiny").forks()) {
      assertEquals(2, f.nsPerOp().size(), "the reference is no variant of the group");
      assertEquals(2, f.opsPerBatch().length);
    }
    RunEnvironment.Calibration c = runner.calibration();
    assertEquals(
        List.of(Claims.CALIBRATION, "wfs-tiny", Claims.CALIBRATION, "wfs-tiny"), c.groups());
    for (double[] fork : c.nsPerOp()) {
      assertEquals(4, fork.length);
      for (double x : fork) {
        assertTrue(x > 0 && Double.isFinite(x), "cost " + x);
      }
    }
  }

  @Test
  void aForkTimesTheReferenceInEveryRoundWhenAsked() throws Throwable {
    PairWorker.ForkSpec spec =
        new PairWorker.ForkSpec(
            List.of(
                new PairWorker.VariantSpec(
                    "gml2",
                    "org.wirebench.bench.geo.GeoEncodingBenchmark.encode",
                    Map.of("dataset", "osm_places", "codec", "gml2", "count", "200"))),
            10,
            2,
            6,
            7,
            1);
    PairWorker.ForkResult r = PairWorker.run(spec);
    assertEquals(1, r.nsPerOp().size());
    assertEquals(1, r.wallNsPerOp().size());
    assertEquals(6, r.referenceNsPerOp().length);
    PairWorker.ForkResult without =
        PairWorker.run(new PairWorker.ForkSpec(spec.variants(), 10, 2, 6, 7, 0));
    assertNull(without.referenceNsPerOp());
  }

  /**
   * The warm-up runs on the fork's own thread, each timed round on a thread of its own: a thread's
   * native state is a draw (PairWorker.onFreshThread), and a fork's mean is to be one over draws.
   */
  @Test
  void everyTimedRoundRunsOnAThreadOfItsOwn() throws Throwable {
    RoundThreads.reset();
    PairWorker.ForkResult r = PairWorker.run(fork(3, 5, 0, "call"));
    int rounds = r.nsPerOp().get(0).length;
    List<Thread> threads = RoundThreads.CALLED_ON;
    assertEquals(Thread.currentThread(), threads.get(0), "the warm-up: " + threads);
    assertEquals(1 + rounds, threads.size(), "one thread a round: " + threads);
    assertEquals(threads.size(), new HashSet<>(threads).size(), threads::toString);
  }

  /**
   * A cycling variant's long batch is spread over eight threads, an eighth each (a tile cache's
   * speed is its thread's: PairWorker.timeInterleaved), so each round weighs eight draws.
   */
  @Test
  void aCyclingVariantsBatchRunsAnEighthOfItAThread() throws Throwable {
    RoundThreads.reset();
    PairWorker.ForkResult r = PairWorker.run(fork(3, 4, 0, "cycling"));
    int rounds = r.nsPerOp().get(0).length;
    int batch = r.opsPerBatch()[0];
    assertEquals(0, batch % 16, "whole cycles: " + batch);
    long chunkThreads =
        RoundThreads.CYCLE_CALLS.values().stream().filter(n -> n.get() == batch / 8).count();
    assertEquals(rounds * 8, chunkThreads, RoundThreads.CYCLE_CALLS::toString);
  }

  /**
   * Two cycling variants' batches are interleaved chunk by chunk (PairWorker.timeInterleaved): a
   * slow spell of the VM during a round then falls on both sides of a pair alike, not on whichever
   * batch happened to be running.
   */
  @Test
  void twoCyclingVariantsTakeTurnsChunkByChunk() throws Throwable {
    RoundThreads.reset();
    PairWorker.ForkSpec spec = fork(3, 3, 0, "cycling", "cyclingToo");
    PairWorker.ForkResult r = PairWorker.run(spec);
    assertEquals(0, r.opsPerBatch()[0] % 16, "whole cycles");
    assertTakeTurns(spec, r);
  }

  /**
   * Batches of one cycle each, 9 and 12 calls: each is cut into eight chunks all the same (9 calls
   * into seven of 1 and one of 2), so the two take turns to the end of the round; chunks of a fixed
   * ceil(b/8) calls gave the 9 five chunks and the 12 six.
   */
  @Test
  void cyclingVariantsOfUnlikeBatchesTakeTurnsToTheEnd() throws Throwable {
    RoundThreads.reset();
    PairWorker.ForkSpec spec = fork(3, 4, 0, "slowNine", "slowTwelve");
    PairWorker.ForkResult r = PairWorker.run(spec);
    assertArrayEquals(new int[] {9, 12}, r.opsPerBatch(), "one cycle a batch");
    assertTakeTurns(spec, r);
  }

  /**
   * A group of every kind at once: a variant of like calls, timed on the round's thread, two
   * cycling ones of unlike batches taking turns on threads of their own, and the reference
   * workload.
   */
  @Test
  void aMixedGroupTimesEveryVariantAndTheReferenceEveryRound() throws Throwable {
    RoundThreads.reset();
    PairWorker.ForkSpec spec = fork(3, 4, 1, "call", "cycling", "slowNine");
    PairWorker.ForkResult r = PairWorker.run(spec);
    int rounds = r.nsPerOp().get(0).length;
    assertTrue(rounds >= TimedBatches.MIN_ROUNDS, "rounds " + rounds);
    assertEquals(3, r.nsPerOp().size());
    assertEquals(3, r.wallNsPerOp().size());
    for (List<double[]> perVariant :
        List.of(r.nsPerOp(), r.wallNsPerOp(), List.of(r.referenceNsPerOp()))) {
      for (double[] v : perVariant) {
        assertEquals(rounds, v.length);
        for (double x : v) {
          assertTrue(x > 0 && Double.isFinite(x), "per op " + x);
        }
      }
    }
    assertEquals(1 + rounds, RoundThreads.CALLED_ON.size(), "the like calls: one thread a round");
    assertTakeTurns(spec, r);
  }

  /** A fork of RoundThreads' variants, each named by its method, with a 1 ms batch. */
  private static PairWorker.ForkSpec fork(
      long seed, int rounds, int referenceBatchMs, String... methods) {
    List<PairWorker.VariantSpec> variants = new ArrayList<>();
    for (String m : methods) {
      variants.add(new PairWorker.VariantSpec(m, RoundThreads.class.getName() + "." + m, Map.of()));
    }
    return new PairWorker.ForkSpec(variants, 5, 1, rounds, seed, referenceBatchMs);
  }

  /**
   * The timed chunks of the fork's cycling variants, two with batches of 8 calls or more (the
   * chunks on threads other than this one, the warm-up's): each variant made exactly its batch of
   * calls a round, in min(8, batch) chunks a round, and the two alternated, chunk by chunk, to the
   * end of every round.
   */
  private static void assertTakeTurns(PairWorker.ForkSpec spec, PairWorker.ForkResult r)
      throws ClassNotFoundException {
    int rounds = r.nsPerOp().get(0).length;
    List<RoundThreads.Chunk> timed =
        RoundThreads.CHUNKS.stream().filter(c -> c.thread() != Thread.currentThread()).toList();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < spec.variants().size(); i++) {
      String v = spec.variants().get(i).id();
      if (BenchmarkInvoker.cycleOf(spec.variants().get(i).benchmark()) == 1) {
        continue;
      }
      ids.add(v);
      int batch = r.opsPerBatch()[i];
      List<RoundThreads.Chunk> own = timed.stream().filter(c -> c.variant().equals(v)).toList();
      assertEquals(
          (long) rounds * batch,
          own.stream().mapToLong(c -> c.calls().get()).sum(),
          v + ": its batch, every round");
      assertEquals(rounds * Math.min(8, batch), own.size(), v + ": chunks " + own);
      assertEquals(own.size(), own.stream().map(RoundThreads.Chunk::thread).distinct().count());
    }
    assertEquals(2, ids.size(), "cycling variants: " + ids);
    List<String> order = timed.stream().map(RoundThreads.Chunk::variant).toList();
    assertEquals(0, order.size() % 2, order::toString);
    for (int slot = 0; slot < order.size(); slot += 2) {
      assertEquals(
          Set.copyOf(ids),
          Set.copyOf(order.subList(slot, slot + 2)),
          "slot " + slot / 2 + " of " + order);
    }
  }

  /** A fork run by hand with a slowdown planted on a cycling variant refuses it too. */
  @Test
  void aForkRefusesASlowdownPlantedOnACyclingVariant() {
    System.setProperty(PlantedSlowdown.PROPERTY, "c:10");
    try {
      IllegalArgumentException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              IllegalArgumentException.class,
              () ->
                  PairWorker.run(
                      new PairWorker.ForkSpec(
                          List.of(
                              new PairWorker.VariantSpec(
                                  "c", RoundThreads.class.getName() + ".cycling", Map.of())),
                          5,
                          1,
                          3,
                          3,
                          0)));
      assertTrue(e.getMessage().contains("c cycles through a sample"), e.getMessage());
    } finally {
      System.clearProperty(PlantedSlowdown.PROPERTY);
    }
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
            1,
            0);
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
