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
                "%s settings: %d run(s) a point, %s; server JVM profile `%s` %s. Cells: req/s"
                    + " (%s ms).",
                s.settings().mode(),
                s.settings().runs(),
                s.settings().describe(),
                s.serverJvm().jvmProfile(),
                s.serverJvm().jvmFlags(),
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
        } else if (p.warmup() != null && !p.warmup().converged()) {
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
      StringBuilder b = new StringBuilder(line.label()).append(':');
      for (String c : columns) {
        PointResult a = find(points, t.columnBy(), c, line.param(), line.numerator());
        PointResult d = find(points, t.columnBy(), c, line.param(), line.denominator());
        if (a != null && d != null) {
          b.append(Scores.format(" %s %s %.2f;", t.columnBy(), c, a.throughput() / d.throughput()));
        }
      }
      ratios.add(b.toString());
    }
    if (!ratios.isEmpty()) {
      out.add(new Report.Bullets(ratios));
    }
  }

  private static void charts(List<Report.Block> out, ScenarioResult s, TableLayout.Chart c) {
    for (Map.Entry<String, List<PointResult>> chart : groupBy(s.points(), c.by()).entrySet()) {
      Map<String, List<double[]>> series = new TreeMap<>();
      for (PointResult p : chart.getValue()) {
        double x = Double.parseDouble(p.param(c.x()));
        series
            .computeIfAbsent(p.param(c.series()), k -> new ArrayList<>())
            .add(new double[] {c.logX() ? Math.max(1, x) : x, p.throughput()});
      }
      if (series.values().iterator().next().size() < 2) {
        continue; // one x value (e.g. void has no size): nothing to draw a line through
      }
      List<Svg.Series> lines = new ArrayList<>();
      series.forEach((name, pts) -> lines.add(new Svg.Series(name, pts)));
      String title =
          "req/s against " + c.xLabel() + (chart.getKey().isEmpty() ? "" : ", " + chart.getKey());
      out.add(new Report.Lines(title, c.xLabel(), "req/s", c.logX(), lines));
    }
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

  /** Numeric values in numeric order (users 4, 8, 16, 32), others in order of appearance. */
  private static List<String> sortedValues(List<PointResult> points, String param) {
    List<String> values = new ArrayList<>();
    points.forEach(
        p -> {
          if (!values.contains(p.param(param))) {
            values.add(p.param(param));
          }
        });
    if (values.stream().allMatch(v -> v.matches("-?\\d+"))) {
      values.sort(Comparator.comparingLong(Long::parseLong));
    }
    return values;
  }

  private static PointResult find(
      List<PointResult> points, String colParam, String col, String param, String value) {
    for (PointResult p : points) {
      if (p.param(colParam).equals(col) && p.param(param).equals(value)) {
        return p;
      }
    }
    return null;
  }
}
