package org.wirebench.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.wirebench.results.JmeterResult;
import org.wirebench.results.LoadResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.Statistic;

/**
 * JMeter's run of an exported plan beside the driver's run of the same points ({@code
 * jmeter-<scenario>.json} beside {@code load-<scenario>.json}): req/s of each, their ratio, and
 * each load generator's own time a sample, which is where two closed-model generators part. Says
 * nothing for runs without JMeter results.
 */
public final class JmeterSection implements ReportSection {
  /** How far JMeter's req/s may sit from the driver's and still be said to agree. */
  static final double AGREEMENT = 0.15;

  @Override
  public String name() {
    return "jmeter";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    Map<String, JmeterResult> jmeter;
    try {
      jmeter = run.jmeter();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Report.Block> blocks = new ArrayList<>();
    for (JmeterResult j : jmeter.values()) {
      blocks.add(new Report.Heading(1, "JMeter beside the driver: " + j.scenario()));
      blocks.add(
          Report.Text.plain(
              String.format(
                  Locale.ROOT,
                  "Apache JMeter ran the plan exported from the same points (load --jmeter-plan),"
                      + " on %d engine%s (%s); each point's first %s dropped, as the driver"
                      + " drops its warm-up. req/s: successful samples a second. Own time a"
                      + " sample: users / req/s − mean latency, the time each user spends per"
                      + " request outside the server's answer (the generator's own work, plus"
                      + " any think time): where two closed-model generators differ. They agree"
                      + " when JMeter's req/s is within %.0f%% of the driver's; a driver point that"
                      + " was not steady gives no verdict. One JMeter run; the driver's figure is"
                      + " its runs' mean or best, as its scenario keeps.",
                  j.engines(),
                  j.engines() == 1 ? "" : "s, one controller (-R)",
                  j.jtl(),
                  j.warmupSamples() > 0
                      ? j.warmupSamples() + " samples"
                      : String.format(Locale.ROOT, "%.0f s", j.warmupMs() / 1000.0),
                  AGREEMENT * 100)));
      blocks.add(table(j, run.load().get(j.scenario())));
    }
    return blocks;
  }

  private static Report.Table table(JmeterResult j, ScenarioResult driver) {
    List<List<Report.Cell>> rows = new ArrayList<>();
    for (JmeterResult.Point p : j.points()) {
      ScenarioResult.PointResult d = find(driver, p.id());
      List<Report.Cell> row = new ArrayList<>();
      row.add(Report.Cell.of(p.id()));
      row.add(Report.Cell.of(Integer.toString(p.users())));
      row.add(Report.Cell.of(fmt(p.throughput())));
      row.add(d == null ? Report.Cell.missing() : Report.Cell.of(fmt(d.throughput())));
      row.add(
          d == null || d.throughput() <= 0
              ? Report.Cell.missing()
              : Report.Cell.of(
                  String.format(Locale.ROOT, "%.2f", p.throughput() / d.throughput())));
      row.add(
          Report.Cell.of(ownTime(p.users(), p.throughput(), p.latencyMs().get(Statistic.MEAN))));
      int users = d == null || d.runs().isEmpty() ? 0 : d.runs().get(0).users();
      row.add(
          d == null
              ? Report.Cell.missing()
              : Report.Cell.of(ownTime(users, d.throughput(), mean(d))));
      row.add(Report.Cell.of(Long.toString(p.errorCount())));
      row.add(verdict(p, d));
      rows.add(row);
    }
    return new Report.Table(
        List.of(
            "point",
            "JMeter users",
            "JMeter req/s",
            "driver req/s",
            "JMeter ÷ driver",
            "JMeter own µs/sample",
            "driver own µs/sample",
            "JMeter failed",
            "verdict"),
        rows);
  }

  private static Report.Cell verdict(JmeterResult.Point p, ScenarioResult.PointResult d) {
    if (p.errorCount() > 0) {
      return new Report.Cell(
          p.errorCount() + " failed samples: no comparison", Report.Style.DOES_NOT_HOLD);
    }
    if (d == null) {
      return new Report.Cell("no driver point of this id", Report.Style.MISSING);
    }
    if (!d.measuredAtSteadyState()) {
      return new Report.Cell("driver not steady", Report.Style.INCONCLUSIVE);
    }
    if (d.runs().isEmpty() || d.runs().get(0).users() * 1L != p.users()) {
      return new Report.Cell("different users", Report.Style.INCONCLUSIVE);
    }
    double ratio = p.throughput() / d.throughput();
    if (Math.abs(ratio - 1) <= AGREEMENT) {
      return new Report.Cell("agree", Report.Style.HOLDS);
    }
    return new Report.Cell(
        String.format(Locale.ROOT, "differ by %+.0f%%", (ratio - 1) * 100),
        Report.Style.DOES_NOT_HOLD);
  }

  private static ScenarioResult.PointResult find(ScenarioResult driver, String id) {
    return driver == null ? null : driver.point(id);
  }

  private static Double mean(ScenarioResult.PointResult d) {
    double m = d.latency(Statistic.MEAN);
    if (Double.isNaN(m) && !d.runs().isEmpty()) {
      LoadResult r = d.runs().get(0);
      Double v = r.latencyMs().get(Statistic.MEAN);
      return v;
    }
    return m;
  }

  /** users / req/s − mean latency, in µs; "–" when either is unknown. */
  static String ownTime(int users, double perSecond, Double meanMs) {
    if (users <= 0 || perSecond <= 0 || meanMs == null || meanMs.isNaN()) {
      return "–";
    }
    // rounded as a long: no "-0" for a time within half a microsecond of none
    return Long.toString(Math.round(users / perSecond * 1e6 - meanMs * 1e3));
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%,.0f", v);
  }
}
