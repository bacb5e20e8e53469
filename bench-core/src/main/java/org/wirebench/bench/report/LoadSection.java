package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioResult.PointResult;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.ServerJvm;
import org.wirebench.results.TableLayout;

/**
 * Every load scenario of the run, each laid out as its own results say ({@link TableLayout}): this
 * section knows no scenario by name, so a new one appears here by being run.
 */
public final class LoadSection implements ReportSection {
  @Override
  public String name() {
    return "load";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    List<Report.Block> out = new ArrayList<>();
    out.add(new Report.Heading(1, "Under load (fixture server)"));
    if (run.load().isEmpty()) {
      out.add(Report.Text.missing("Not run (no load scenario in this run)."));
      return out;
    }
    run.load().values().forEach(s -> scenario(out, s));
    return out;
  }

  private static void scenario(List<Report.Block> out, ScenarioResult s) {
    TableLayout t = s.table();
    out.add(new Report.Heading(2, s.scenario() + " scenario"));
    out.add(
        Report.Text.plain(
            Scores.format(
                "Each point as run (%s): %s; %s. %s. Cells: req/s (%s ms).",
                "mode " + s.settings().mode() + ", with the run's options",
                settings(s.settings()),
                server(s),
                steadiness(s.settings()),
                t.latency())));
    List<PointResult> unsteady = s.unconverged();
    if (!unsteady.isEmpty()) {
      boolean unchecked = unsteady.stream().allMatch(p -> p.warmup() == null);
      out.add(
          new Report.Text(
              unchecked
                  ? "This run did not check that its points were measured at a steady rate (load"
                      + " format 1): read these figures as unverified; none feeds a verdict."
                  : unsteady.size()
                      + " of "
                      + s.points().size()
                      + " points did not reach a steady rate before they were measured, or (runs"
                      + " from 2026-11-24 on) left it while measured, by more than twice the"
                      + " tolerance (marked \"not steady\"): read them as unverified; none feeds"
                      + " a verdict.",
              Report.Style.INCONCLUSIVE));
    }
    Map<String, List<PointResult>> tables = groupBy(s.points(), t.tableBy());
    for (Map.Entry<String, List<PointResult>> table : tables.entrySet()) {
      if (!table.getKey().isEmpty()) {
        out.add(Report.Text.plain("**" + table.getKey() + "**"));
      }
      table(out, t, table.getValue());
    }
    if (t.chart() != null) {
      charts(out, s, t.chart());
    }
  }

  private static void table(List<Report.Block> out, TableLayout t, List<PointResult> points) {
    List<String> columns = sortedValues(points, t.columnBy());
    Map<String, Map<String, PointResult>> rows = new LinkedHashMap<>();
    for (PointResult p : points) {
      rows.computeIfAbsent(rowKey(p, t), k -> new LinkedHashMap<>()).put(p.param(t.columnBy()), p);
    }
    List<String> header = new ArrayList<>(List.of(String.join(" × ", t.rowBy())));
    if (t.showBytes()) {
      header.add("bytes");
    }
    columns.forEach(c -> header.add(t.columnBy() + " " + c));
    List<List<Report.Cell>> cells = new ArrayList<>();
    for (Map.Entry<String, Map<String, PointResult>> row : rows.entrySet()) {
      List<Report.Cell> r = new ArrayList<>();
      r.add(Report.Cell.of(row.getKey()));
      if (t.showBytes()) {
        PointResult any = row.getValue().values().iterator().next();
        r.add(Report.Cell.of(Scores.format("%,.0f", any.meanResponseBytes())));
      }
      for (String c : columns) {
        PointResult p = row.getValue().get(c);
        if (p == null) {
          r.add(Report.Cell.missing());
        } else if (notSteady(p)) {
          r.add(
              new Report.Cell(
                  Scores.format("%.0f (%.1f) not steady", p.throughput(), p.latency(t.latency())),
                  Report.Style.INCONCLUSIVE));
        } else {
          r.add(
              Report.Cell.of(Scores.format("%.0f (%.1f)", p.throughput(), p.latency(t.latency()))));
        }
      }
      cells.add(r);
    }
    out.add(new Report.Table(header, cells));
    List<String> ratios = new ArrayList<>();
    for (TableLayout.RatioLine line : t.ratios()) {
      ratios.add(line.label() + ": " + ratios(t, line, points));
    }
    if (!ratios.isEmpty()) {
      out.add(new Report.Bullets(ratios));
    }
  }

  private static void charts(List<Report.Block> out, ScenarioResult s, TableLayout.Chart c) {
    for (Map.Entry<String, List<PointResult>> chart : groupBy(s.points(), c.by()).entrySet()) {
      Map<String, List<Svg.Point>> series = new TreeMap<>();
      for (PointResult p : chart.getValue()) {
        double x = Double.parseDouble(p.param(c.x()));
        series
            .computeIfAbsent(p.param(c.series()), k -> new ArrayList<>())
            .add(new Svg.Point(c.logX() ? Math.max(1, x) : x, p.throughput(), notSteady(p)));
      }
      if (series.values().iterator().next().size() < 2) {
        continue; // one x value (e.g. void has no size): nothing to draw a line through
      }
      List<Svg.Series> lines = new ArrayList<>();
      series.forEach((name, pts) -> lines.add(new Svg.Series(name, pts)));
      String title =
          "req/s against " + c.xLabel() + (chart.getKey().isEmpty() ? "" : ", " + chart.getKey());
      out.add(new Report.Lines(title, c.xLabel(), "req/s", c.logX(), lines, NOT_STEADY_NOTE));
    }
  }

  /**
   * One ratio line: req/s at the numerator ÷ req/s at the denominator, for every combination of the
   * layout's other parameters (per column when the ratio's parameter names the rows, per row when
   * it names the columns), "; "-separated; a ratio with a point not measured at a steady rate says
   * so.
   */
  private static String ratios(
      TableLayout t, TableLayout.RatioLine line, List<PointResult> points) {
    List<String> others = new ArrayList<>(t.rowBy());
    others.add(t.columnBy());
    others.remove(line.param());
    Map<String, PointResult[]> pairs = new LinkedHashMap<>();
    List<PointResult> ordered = new ArrayList<>(points);
    if (others.contains(t.columnBy()) && others.size() == 1) {
      List<String> columns = sortedValues(points, t.columnBy());
      ordered.sort(Comparator.comparingInt(p -> columns.indexOf(p.param(t.columnBy()))));
    }
    for (PointResult p : ordered) {
      boolean num = p.param(line.param()).equals(line.numerator());
      if (!num && !p.param(line.param()).equals(line.denominator())) {
        continue;
      }
      List<String> key = new ArrayList<>();
      others.forEach(o -> key.add(o + " " + p.param(o)));
      pairs.computeIfAbsent(String.join(", ", key), k -> new PointResult[2])[num ? 0 : 1] = p;
    }
    List<String> parts = new ArrayList<>();
    pairs.forEach(
        (key, pair) -> {
          if (pair[0] != null && pair[1] != null) {
            boolean steady = !notSteady(pair[0]) && !notSteady(pair[1]);
            parts.add(
                Scores.format(
                    "%s %.2f%s",
                    key,
                    pair[0].throughput() / pair[1].throughput(),
                    steady ? "" : " (not steady)"));
          }
        });
    return parts.isEmpty() ? "no pair of points in this run" : String.join("; ", parts);
  }

  /** Marked in the table and hollow in the chart: warmed, but never at a steady rate. */
  static boolean notSteady(PointResult p) {
    return p.warmup() != null && !p.warmup().converged();
  }

  static final String NOT_STEADY_NOTE = "not steady: not measured at a steady rate";

  /**
   * "1 run, 2 s measured after 0 s warm-up": what each point did, as recorded (the mode is only
   * where the options started from, so it is not called the settings).
   */
  static String settings(ScenarioSettings s) {
    return Scores.format("%d run%s, %s", s.runs(), s.runs() == 1 ? "" : "s", s.describe());
  }

  private static String steadiness(ScenarioSettings s) {
    ScenarioSettings.SteadyState r = s.steadyState();
    if (r == null) {
      return "Points were not checked for a steady rate (runs before the check)";
    }
    return Scores.format(
        "Before it was measured, each point ran in %.1f s windows until the last %d agreed within"
            + " ±%.0f%% (at most %.0f s)",
        r.windowMs() / 1000.0,
        ScenarioSettings.SteadyState.WINDOWS,
        100 * r.tolerance(),
        r.maxMs() / 1000.0);
  }

  /** How the server the points ran against was started, or that it was not this run's. */
  static String server(ScenarioResult s) {
    Object url = s.server().get("url");
    if (!s.server().containsKey("jvmProfile")) {
      return "server "
          + (url == null ? "" : url + ", ")
          + "started outside this run (its JVM was not recorded)";
    }
    ServerJvm j = s.serverJvm();
    String flags = j.jvmFlags().equals("[]") ? "no extra flags" : "flags " + j.jvmFlags();
    return "server JVM profile `" + j.jvmProfile() + "` (" + flags + "), java: " + j.java();
  }

  private static String rowKey(PointResult p, TableLayout t) {
    List<String> parts = new ArrayList<>();
    t.rowBy().forEach(k -> parts.add(p.param(k)));
    return String.join(" × ", parts);
  }

  private static Map<String, List<PointResult>> groupBy(List<PointResult> points, String param) {
    Map<String, List<PointResult>> out = new LinkedHashMap<>();
    for (PointResult p : points) {
      out.computeIfAbsent(param.isEmpty() ? "" : p.param(param), k -> new ArrayList<>()).add(p);
    }
    return out;
  }

  /**
   * Numeric values in numeric order (users 4, 8, 16, 32), others in order of appearance. Compared
   * as the whole numbers they spell, of any length: a value past a long's range, in a crafted or
   * future load-*.json, failed the report with a NumberFormatException (exit 1, no file named).
   */
  private static List<String> sortedValues(List<PointResult> points, String param) {
    List<String> values = new ArrayList<>();
    points.forEach(
        p -> {
          if (!values.contains(p.param(param))) {
            values.add(p.param(param));
          }
        });
    if (values.stream().allMatch(v -> v.matches("-?\\d+"))) {
      values.sort(Comparator.comparing(java.math.BigInteger::new));
    }
    return values;
  }
}
