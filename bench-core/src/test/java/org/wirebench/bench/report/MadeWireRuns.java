package org.wirebench.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.results.ErrorKind;
import org.wirebench.results.LoadModel;
import org.wirebench.results.LoadResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.Statistic;
import org.wirebench.results.TableLayout;
import org.wirebench.results.WireCell;

/**
 * Made-up wire scenario results whose answers are known, for {@link WireSectionTest}: points of
 * single-client cells (receive, decode, end to end), their wire cells, and a run holding them.
 */
final class MadeWireRuns {
  private MadeWireRuns() {}

  /**
   * The wire scenario's own layout, as a run of it records it: a changed layout is tested as is.
   */
  static final TableLayout LAYOUT =
      org.wirebench.server.load.scenario.Scenarios.get("wire").table();

  /** One cell's three single-client points, p50s in ms, and its coded bytes. */
  record Made(String link, double rateMbit, int rttMs, String format, String encoding) {}

  static ScenarioResult.PointResult point(
      Made m, String spec, String measure, double p50, boolean steady) {
    return point(m, spec, measure, p50, Double.NaN, steady);
  }

  /** As above with a 90th percentile too (NaN: not recorded). */
  static ScenarioResult.PointResult point(
      Made m, String spec, String measure, double p50, double p90, boolean steady) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("link", m.link());
    params.put("rateMbit", m.rateMbit());
    params.put("rttMs", m.rttMs());
    params.put("layer", "osm_mainroads");
    params.put("format", m.format());
    params.put("encoding", m.encoding());
    params.put("count", 200);
    params.put("measure", measure);
    params.put("users", 1);
    LoadResult run =
        new LoadResult(
            LoadResult.FORMAT_VERSION,
            "http://x/",
            LoadModel.CLOSED,
            1,
            0,
            1000,
            10,
            1000 / p50,
            0,
            1000,
            Double.isNaN(p90)
                ? Map.of(Statistic.P50, p50)
                : Map.of(Statistic.P50, p50, Statistic.P90, p90),
            Map.of(ErrorKind.TIMEOUT, 0L),
            Map.of(ErrorKind.TIMEOUT, 0L));
    return new ScenarioResult.PointResult(
        spec + "/osm_mainroads/" + m.format() + "/" + m.encoding() + "/200/" + measure,
        params,
        1000 / p50,
        run.latencyMs(),
        1000,
        0,
        List.of(run),
        new ScenarioResult.Warmup(1000, List.of(1.0, 1.0, 1.0), steady));
  }

  static RunRecord run(ScenarioResult wire) throws IOException {
    RunRecord base = RunRecord.read(ThenAndNowTest.runs().resolve("env-v2-quick-jdk17"));
    Map<String, ScenarioResult> load = new LinkedHashMap<>(Map.of("wire", wire));
    return new RunRecord(Path.of("x"), base.env(), base.benchmarks(), load, null, null, null, null);
  }

  /**
   * Two links; geojson identity (1,000,000 bytes) against gzip (200,000 bytes, 8.4 ms more CPU): at
   * 1 Gbit/s identity is first (10 ms against 12), at 10 Mbit/s gzip (200 against 900). Each cell
   * records its bytes on the wire and the server's CPU a request.
   */
  static ScenarioResult made() {
    List<ScenarioResult.PointResult> points = new ArrayList<>();
    List<WireCell> cells = new ArrayList<>();
    Object[][] rows = {
      // spec, label, rate, rtt, encoding, receive, decode, bytes, on the wire, server CPU µs
      {
        "1gbit/1ms",
        "1 Gbit/s, 1 ms RTT",
        1000.0,
        1,
        "identity",
        8.0,
        2.0,
        1_000_000L,
        1_040_000L,
        300.0
      },
      {"1gbit/1ms", "1 Gbit/s, 1 ms RTT", 1000.0, 1, "gzip", 9.0, 3.0, 200_000L, 208_000L, 2_500.4},
      {
        "10mbit/80ms",
        "10 Mbit/s, 80 ms RTT",
        10.0,
        80,
        "identity",
        898.0,
        2.0,
        1_000_000L,
        1_040_000L,
        310.0
      },
      {
        "10mbit/80ms",
        "10 Mbit/s, 80 ms RTT",
        10.0,
        80,
        "gzip",
        197.0,
        3.0,
        200_000L,
        208_500L,
        2_612.0
      },
    };
    for (Object[] r : rows) {
      Made m = new Made((String) r[1], (double) r[2], (int) r[3], "geojson", (String) r[4]);
      String spec = (String) r[0];
      double receive = (double) r[5];
      double decode = (double) r[6];
      points.add(point(m, spec, "receive", receive, true));
      points.add(point(m, spec, "decode", decode, true));
      points.add(point(m, spec, "end to end", receive + decode, true));
      cells.add(
          new WireCell(
              spec + "/osm_mainroads/geojson/" + m.encoding() + "/200",
              12L,
              (long) r[7],
              (long) r[8],
              600L,
              receive / 2,
              (double) r[9],
              0));
    }
    return new ScenarioResult(
        ScenarioResult.FORMAT_VERSION,
        "wire",
        ScenarioSettings.counted("quick", 1, 3, 12, java.time.Duration.ofSeconds(3)),
        "2026-11-26T00:00:00Z",
        Map.of(),
        Map.of(),
        LAYOUT,
        points,
        cells);
  }

  /** {@code s} with other points and cells. */
  static ScenarioResult with(
      ScenarioResult s, List<ScenarioResult.PointResult> points, List<WireCell> cells) {
    return new ScenarioResult(
        s.formatVersion(),
        s.scenario(),
        s.settings(),
        s.startedUtc(),
        s.server(),
        s.client(),
        s.table(),
        points,
        cells);
  }
}
