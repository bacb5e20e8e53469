package org.wirebench.server.load.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.wirebench.results.LoadResult;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.Statistic;
import org.wirebench.server.load.Latencies;

/**
 * The histogram merge on recorded runs: every committed {@code load-<scenario>.json} beside its
 * {@code .hlog}, of every format version. Each run's latencies are those of its own histogram in
 * the log, and each point's are what {@link ScenarioRunner#mean} makes of its runs' recorded
 * histograms merged (or the best run's, where the settings keep the best).
 */
class RecordedHistogramsTest {
  private static Path results() {
    String root = System.getProperty("wirebench.root");
    return Path.of(root == null ? ".." : root, "jmh-results");
  }

  /** The log's histograms by tag, "POINT#RUN" as ScenarioRunner writes them. */
  private static Map<String, Histogram> histograms(Path hlog) throws IOException {
    Map<String, Histogram> byTag = new LinkedHashMap<>();
    try (InputStream in = Files.newInputStream(hlog)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        Histogram previous = byTag.put(h.getTag(), (Histogram) h);
        assertEquals(null, previous, hlog + ": tag " + h.getTag() + " twice");
      }
    }
    return byTag;
  }

  private static void assertLatencies(
      Map<Statistic, Double> expected, Map<Statistic, Double> recorded, String where) {
    assertTrue(expected.keySet().containsAll(recorded.keySet()), where + ": " + recorded.keySet());
    for (Map.Entry<Statistic, Double> e : recorded.entrySet()) {
      assertEquals(expected.get(e.getKey()), e.getValue(), 1e-9, where + " " + e.getKey());
    }
  }

  @Test
  void everyCommittedPointIsItsRecordedHistogramsMerged() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(results(), 2)) {
      files =
          s.filter(p -> p.getFileName().toString().matches("load-[a-z]+\\.json"))
              .filter(p -> Files.isRegularFile(hlogOf(p)))
              .sorted()
              .toList();
    }
    TreeSet<Integer> versions = new TreeSet<>();
    int points = 0;
    int merged = 0;
    int apart = 0;
    for (Path file : files) {
      ScenarioResult result = ScenarioResult.read(file);
      versions.add(result.formatVersion());
      Map<String, Histogram> byTag = histograms(hlogOf(file));
      int tagsUsed = 0;
      for (ScenarioResult.PointResult p : result.points()) {
        String where = file.getParent().getFileName() + " " + file.getFileName() + " " + p.id();
        List<Histogram> runs = new ArrayList<>();
        for (int run = 1; run <= p.runs().size(); run++) {
          Histogram h = byTag.get(p.id() + "#" + run);
          assertNotNull(h, where + ": no histogram of run " + run);
          LoadResult r = p.runs().get(run - 1);
          assertLatencies(Latencies.latencyMs(h), r.latencyMs(), where + " run " + run);
          runs.add(h);
        }
        tagsUsed += runs.size();
        Histogram all = runs.get(0).copy();
        runs.stream().skip(1).forEach(all::add);
        if (result.settings().keepsBest()) {
          LoadResult best =
              p.runs().stream()
                  .max(java.util.Comparator.comparingDouble(LoadResult::throughput))
                  .orElseThrow();
          assertLatencies(best.latencyMs(), p.latencyMs(), where + " (best run kept)");
        } else {
          Scenario.Point point = new Scenario.Point(p.id(), p.params(), base -> null, null);
          ScenarioResult.PointResult mean = ScenarioRunner.mean(point, p.runs(), all, p.warmup());
          assertLatencies(mean.latencyMs(), p.latencyMs(), where);
        }
        if (runs.size() > 1) {
          // merged, never averaged: the slowest request of any run is the point's, and no run's
          // p99 lies outside what the runs' p99s span
          merged++;
          Map<Statistic, Double> m = Latencies.latencyMs(all);
          double maxP99 = 0;
          double minP99 = Double.MAX_VALUE;
          double max = 0;
          for (Histogram h : runs) {
            Map<Statistic, Double> one = Latencies.latencyMs(h);
            maxP99 = Math.max(maxP99, one.get(Statistic.P99));
            minP99 = Math.min(minP99, one.get(Statistic.P99));
            max = Math.max(max, one.get(Statistic.MAX));
          }
          assertEquals(max, m.get(Statistic.MAX), 1e-9, where);
          assertTrue(minP99 <= m.get(Statistic.P99) && m.get(Statistic.P99) <= maxP99, where);
          assertEquals(
              runs.stream().mapToLong(Histogram::getTotalCount).sum(), all.getTotalCount(), where);
          Scenario.Point point = new Scenario.Point(p.id(), p.params(), base -> null, null);
          assertLatencies(
              m, ScenarioRunner.mean(point, p.runs(), all, p.warmup()).latencyMs(), where);
          double averaged =
              p.runs().stream()
                  .mapToDouble(r -> r.latencyMs().get(Statistic.P99))
                  .average()
                  .orElseThrow();
          apart += Math.abs(averaged - m.get(Statistic.P99)) > 1e-6 ? 1 : 0;
        }
        points++;
      }
      assertEquals(byTag.size(), tagsUsed, file + ": histograms no point of the file names");
    }
    // a load format version no committed run recorded would be a version this test never read
    TreeSet<Integer> every = new TreeSet<>();
    for (int v = 1; v <= ScenarioResult.FORMAT_VERSION; v++) {
      every.add(v);
    }
    assertEquals(every, versions, "load format versions of the committed runs with a .hlog");
    assertTrue(points > 1000, "points read: " + points);
    assertTrue(merged > 0, "points of several runs merged: " + merged);
    // the recorded points where the runs' p99s averaged would have said another latency
    assertTrue(apart > 0, "merged p99 apart from the runs' average: " + apart + " of " + merged);
  }

  private static Path hlogOf(Path json) {
    String name = json.getFileName().toString();
    return json.resolveSibling(name.substring(0, name.length() - ".json".length()) + ".hlog");
  }
}
