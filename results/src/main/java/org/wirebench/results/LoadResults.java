package org.wirebench.results;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of a {@code load-<scenario>.json} beyond its points' figures ({@link ScenarioResult}
 * checks those): each run's own format version and the fields that version has, its ranges, a
 * point's error count against its runs', its warm-up, and the wire cells.
 */
final class LoadResults {
  private LoadResults() {}

  /** The content codings the load driver asks for (its {@code --encoding} tokens). */
  static final Set<String> ENCODINGS = Set.of("identity", "gzip", "br", "zstd");

  /**
   * The newest run format a load file of this version holds: version 1 files held version 1 runs,
   * version 2 added the runs' warm-up errors (runs version 2), version 3 their coding (runs version
   * 3), and version 4 changed only the wire cells.
   */
  static int newestRun(int fileVersion) {
    return Math.min(fileVersion, LoadResult.FORMAT_VERSION);
  }

  /**
   * The file's points as a whole: each with the parameters its table lays it out by, and a warm-up
   * when the settings had the steady-state check (null is "run before the check", which a point of
   * a checked run must not pass for).
   */
  static void checkPoints(Fields f, ScenarioResult r) throws UnreadableRunException {
    boolean checked = r.settings().steadyState() != null;
    for (ScenarioResult.PointResult p : r.points()) {
      Fields pf = f.in("point " + p.id());
      for (Map.Entry<String, Object> e : p.params().entrySet()) {
        Object v = e.getValue();
        if (!(v instanceof String || v instanceof Number || v instanceof Boolean)) {
          throw pf.refuse("params." + e.getKey(), "is " + v + ", not a value");
        }
      }
      TableLayout t = r.table();
      List<String> laidOutBy = new java.util.ArrayList<>(pf.present("table.rowBy", t.rowBy()));
      laidOutBy.add(t.tableBy());
      laidOutBy.add(t.columnBy());
      for (String param : laidOutBy) {
        if (param != null && !param.isEmpty() && !p.params().containsKey(param)) {
          throw pf.refuse("params", "have no " + param + ", which the table lays points out by");
        }
      }
      checkChartX(pf, p, t.chart());
      if (checked && p.warmup() == null) {
        throw pf.refuse("warmup", "is missing, but the settings had the steady-state check");
      }
    }
  }

  static void checkPoint(
      Fields f, int fileVersion, ScenarioSettings settings, ScenarioResult.PointResult p)
      throws UnreadableRunException {
    f.latencies("latencyMs", p.latencyMs(), List.of());
    // the writer's point is its runs' mean, or the best run's: another rate is an edited file
    double rate =
        settings.keepsBest()
            ? p.runs().stream().mapToDouble(LoadResult::throughput).max().orElse(Double.NaN)
            : p.runs().stream().mapToDouble(LoadResult::throughput).average().orElse(Double.NaN);
    if (!(Math.abs(p.throughput() - rate) <= 1e-9 * Math.max(1, rate))) {
      throw f.refuse(
          "throughput",
          "is "
              + p.throughput()
              + ", but its runs' "
              + (settings.keepsBest() ? "best" : "mean")
              + " is "
              + rate);
    }
    long errors = 0;
    for (int i = 0; i < p.runs().size(); i++) {
      errors += checkRun(f.in("run " + (i + 1)), fileVersion, p.runs().get(i));
    }
    // the writer sums every run's errors into the point's (a kept best run too): another figure is
    // an edited file, whose report would call a failing point clean
    if (p.errors() != errors) {
      throw f.refuse("errors", "is " + p.errors() + ", but its runs' errors sum to " + errors);
    }
    ScenarioResult.Warmup w = p.warmup();
    if (w != null) {
      Fields wf = f.in("warmup");
      // 0 with no windows: a point the scenario did not warm (the wire scenario's)
      wf.atLeast("windowMs", w.windowMs(), 0);
      List<Double> rates = wf.present("ratesPerSecond", w.ratesPerSecond());
      for (Double r : rates) {
        wf.amount("ratesPerSecond", wf.present("ratesPerSecond", r));
      }
      if (w.windowMs() == 0 && (!rates.isEmpty() || w.converged())) {
        throw wf.refuse("windowMs", "is 0, but the point has warm-up windows or converged");
      }
      // convergence is judged on the last windows' rates: none, and there was nothing to judge
      if (w.converged() && rates.isEmpty()) {
        throw wf.refuse("ratesPerSecond", "are none, but the point converged");
      }
    }
  }

  /** One run; returns its error count. */
  private static long checkRun(Fields f, int fileVersion, LoadResult r)
      throws UnreadableRunException {
    int newest = newestRun(fileVersion);
    if (r.formatVersion() < 1 || r.formatVersion() > newest) {
      throw f.refuse(
          "formatVersion",
          "is "
              + r.formatVersion()
              + ", not a run version 1.."
              + newest
              + " (what a load file of version "
              + fileVersion
              + " holds)");
    }
    if (r.formatVersion() < 2) {
      f.absent("warmupErrors", r.warmupErrors(), r.formatVersion());
    }
    if (r.formatVersion() < 3) {
      f.absent("encoding", r.encoding(), r.formatVersion());
      f.absent("meanWireBytes", r.meanWireBytes(), r.formatVersion());
    }
    f.text("target", r.target());
    LoadModel model = f.present("model", r.model());
    if (model == LoadModel.CLOSED) {
      f.atLeast("users", r.users(), 1);
      if (r.rate() != 0) {
        throw f.refuse("rate", "is " + r.rate() + ", but a closed model sends at no set rate");
      }
    } else {
      f.atLeast("users", r.users(), 0);
      f.positive("rate", r.rate());
    }
    // a count-bounded run under a millisecond records 0 (the driver truncates to whole ms)
    f.atLeast("durationMs", r.durationMs(), 0);
    f.amount("bytesPerSecond", r.bytesPerSecond());
    long errors = f.counts("errors", r.errors());
    if (r.warmupErrors() != null) {
      f.counts("warmupErrors", r.warmupErrors());
    }
    if (r.encoding() != null) {
      f.oneOf("encoding", r.encoding(), ENCODINGS);
    }
    if (r.meanWireBytes() != null) {
      f.amountOrNaN("meanWireBytes", r.meanWireBytes());
    }
    f.latencies("latencyMs", r.latencyMs(), List.of());
    return errors;
  }

  /**
   * One cell id, one cell: the same id with other figures would be two rows of one cell. Cells are
   * the wire scenario's alone. A wire file's points are its cells' measures ({@code <cell
   * id>/<measure>}): since version 4 (which wrote the cells beside the points) a point of no cell,
   * or points without any cell, is a file whose cells were edited away; the report would show the
   * points without their bytes and CPU. In every version a cell with no points, or a cell's points
   * without one of the measures the wire section reads, is refused: the section dropped such a cell
   * without a word.
   */
  static void checkCells(Fields f, ScenarioResult r) throws UnreadableRunException {
    Map<String, WireCell> byId = new HashMap<>();
    for (WireCell c : r.wireCells()) {
      f.present("wireCells", c);
      WireCell before = byId.putIfAbsent(c.id(), c);
      if (before != null && !before.equals(c)) {
        throw f.in("wire cell " + c.id()).refuse("id", "appears twice, with other figures");
      }
    }
    if (!"wire".equals(r.scenario())) {
      if (!byId.isEmpty()) {
        throw f.refuse("wireCells", "are there, but only the wire scenario has cells");
      }
      return;
    }
    Map<String, Set<String>> measures = new LinkedHashMap<>();
    for (ScenarioResult.PointResult p : r.points()) {
      int slash = p.id().lastIndexOf('/');
      String cell = slash < 0 ? p.id() : p.id().substring(0, slash);
      if (r.formatVersion() >= 4 && !byId.containsKey(cell)) {
        throw f.in("point " + p.id())
            .refuse("id", "names wire cell " + cell + ", which wireCells lacks");
      }
      checkWireParams(f.in("point " + p.id()), p);
      measures.computeIfAbsent(cell, k -> new HashSet<>()).add(p.param("measure"));
    }
    for (String id : byId.keySet()) {
      if (!measures.containsKey(id)) {
        throw f.in("wire cell " + id).refuse("id", "names no point: a cell with no points");
      }
    }
    for (Map.Entry<String, Set<String>> e : measures.entrySet()) {
      for (String m : WIRE_MEASURES) {
        if (!e.getValue().contains(m)) {
          throw f.in("wire cell " + e.getKey()).refuse("points", "have no " + m + " measure");
        }
      }
    }
  }

  /** The single-client measures of a wire cell the wire section reads, as its points name them. */
  static final List<String> WIRE_MEASURES = List.of("receive", "decode", "end to end");

  /**
   * A wire point's parameters the wire section reads as numbers: the link's rate (divided by) and
   * round trip, and the answer's feature count, each a number of the kind the writer records.
   */
  private static void checkWireParams(Fields f, ScenarioResult.PointResult p)
      throws UnreadableRunException {
    for (String text : List.of("link", "layer", "format", "encoding", "measure")) {
      if (!(p.params().get(text) instanceof String s) || s.isBlank()) {
        throw f.refuse("params." + text, "is " + p.params().get(text) + ", not a name");
      }
    }
    f.positive("params.rateMbit", number(f, "params.rateMbit", p.params().get("rateMbit")));
    f.amount("params.rttMs", number(f, "params.rttMs", p.params().get("rttMs")));
    if (!(p.params().get("count") instanceof Integer n) || n < 1) {
      throw f.refuse(
          "params.count", "is " + p.params().get("count") + ", not a count of 1 or more");
    }
  }

  private static double number(Fields f, String field, Object v) throws UnreadableRunException {
    if (!(v instanceof Number n)) {
      throw f.refuse(field, "is " + v + ", not a number");
    }
    return n.doubleValue();
  }

  /**
   * A chart's x parameter is drawn as a number on its axis: each point's is one, and a figure
   * ({@link Figures#isAmount}); a name there failed the report, a subnormal drew nonsense.
   */
  static void checkChartX(Fields f, ScenarioResult.PointResult p, TableLayout.Chart chart)
      throws UnreadableRunException {
    if (chart == null || chart.x() == null || chart.x().isEmpty()) {
      return;
    }
    String field = "params." + chart.x();
    f.amount(field, number(f, field, p.params().get(chart.x())));
  }
}
