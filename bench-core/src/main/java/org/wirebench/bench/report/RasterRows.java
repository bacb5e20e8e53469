package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.wirebench.bench.raster.RasterBenchmark;
import org.wirebench.bench.report.ThenAndNow.Row;
import org.wirebench.bench.report.ThenAndNow.Verdict;
import org.wirebench.results.JmhResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioResult.PointResult;

/**
 * The MapProxy raster study's claim — a tile cache answers random GetMap requests faster than
 * rendering from the source, +28% in EPSG:4326 and +52% reprojected to 900913 — beside this run:
 * the time ratio of RasterBenchmark's renderers (a verdict), and the {@code wms} scenario's best
 * req/s of each renderer over its concurrencies (a figure; a point not measured at a steady rate is
 * left out, and said so when none is left).
 */
final class RasterRows {
  static final String STUDY =
      "MapProxy 0.8.3 vs MapServer 5.6 Blue Marble WMS, 2010, 4 cores, 2000 random requests, best"
          + " of 3";

  /** Each SRS, the study's figure as a ratio (A ÷ B in the claims' direction) and as it said it. */
  private static final String[][] SRS = {
    {"EPSG:4326", "1.28× (+28% req/s)"}, {"EPSG:3857", "1.52× (+52% req/s, 900913)"}
  };

  private RasterRows() {}

  /** The wms scenario's rows alone, for a run whose time ratios were measured as pairs. */
  static List<Row> loadRows(RunRecord run) {
    List<Row> rows = new ArrayList<>();
    for (String[] s : SRS) {
      String claim = "A tile cache serves a map faster than rendering it from the source: " + s[0];
      rows.add(load(run, s[0], claim + " (wms scenario, best req/s over users)", s[1]));
    }
    return rows;
  }

  static List<Row> rows(RunRecord run) {
    List<Row> rows = new ArrayList<>();
    for (String[] s : SRS) {
      String claim = "A tile cache serves a map faster than rendering it from the source: " + s[0];
      JmhResult direct =
          run.find(RasterBenchmark.MAP.name(), Map.of("renderer", "direct", "srs", s[0]));
      JmhResult tiles =
          run.find(RasterBenchmark.MAP.name(), Map.of("renderer", "tilecache", "srs", s[0]));
      ThenAndNow.Measured m =
          ThenAndNow.Measured.of(direct, tiles, "direct", "tile-cache", "time a map");
      rows.add(ThenAndNow.atLeast("Raster", claim + " (time a map)", s[1], m, 1.0));
      rows.add(load(run, s[0], claim + " (wms scenario, best req/s over users)", s[1]));
    }
    return rows;
  }

  private static Row load(RunRecord run, String srs, String claim, String then) {
    ScenarioResult s = run.load().get("wms");
    PointResult direct = best(s, srs, "direct");
    PointResult tiles = best(s, srs, "tilecache");
    if (direct == null || tiles == null) {
      return new Row(
          "Raster",
          claim,
          then,
          "missing (no steady point of both renderers in this run)",
          Verdict.MISSING);
    }
    return new Row(
        "Raster",
        claim,
        then,
        Scores.format(
            "tile-cache ÷ direct req/s %.2f× (%.0f req/s at %s users vs %.0f at %s users)",
            tiles.throughput() / direct.throughput(),
            tiles.throughput(),
            tiles.param("users"),
            direct.throughput(),
            direct.param("users")),
        Verdict.FIGURE);
  }

  private static PointResult best(ScenarioResult s, String srs, String renderer) {
    if (s == null) {
      return null;
    }
    PointResult best = null;
    for (PointResult p : s.points()) {
      if (p.param("srs").equals(srs)
          && p.param("renderer").equals(renderer)
          && p.measuredAtSteadyState()
          && (best == null || p.throughput() > best.throughput())) {
        best = p;
      }
    }
    return best;
  }
}
