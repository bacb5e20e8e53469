package org.wirebench.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code jmeter-<scenario>.json}: what Apache JMeter measured running a scenario's exported plan
 * ({@code load --jmeter-plan}), summarised from its JTL results file per point, so a report shows
 * it beside the driver's {@code load-<scenario>.json} for the same point ids.
 *
 * @param formatVersion {@value #FORMAT_VERSION}
 * @param scenario the load scenario the plan was generated from
 * @param jtl the results file read (its name only)
 * @param warmupMs each point's first samples dropped: those that started within this long of the
 *     point's first sample (the driver's warm-up, which the plan runs but the driver does not
 *     count)
 * @param engines how many JMeter engines sent the samples (1: one process; more: a distributed run,
 *     told by the engines' addresses in the thread names)
 * @param points in the order the plan ran them
 */
public record JmeterResult(
    int formatVersion,
    String scenario,
    String jtl,
    long warmupMs,
    long warmupSamples,
    int engines,
    List<Point> points) {
  public static final int FORMAT_VERSION = 1;
  public static final String PREFIX = "jmeter-";

  /**
   * One point (one JMeter label), after the warm-up cut.
   *
   * @param id the point id, also the thread group's and samples' label
   * @param users the most threads the samples saw at once, over all engines
   * @param samples samples counted (successful or not)
   * @param errors samples JMeter marked failed (status, content type, length or outline assertions,
   *     connection errors), by response code ("Non HTTP response code: …" kept as is): JMeter's own
   *     open vocabulary, not the driver's {@link ErrorKind}
   * @param durationMs from the first counted sample's start to the last one's end
   * @param throughput successful samples a second over {@code durationMs}
   * @param latencyMs mean, p50, p90, p99 and max of the counted samples' elapsed times
   * @param meanResponseBytes the counted samples' mean body bytes
   * @param structureChecks samples of the point's once-a-thread outline check (label {@code <id>
   *     structure}), and of those failed
   */
  public record Point(
      String id,
      int users,
      long samples,
      Map<String, Long> errors,
      long durationMs,
      double throughput,
      Map<Statistic, Double> latencyMs,
      double meanResponseBytes,
      long structureChecks,
      long structureErrors) {

    public long errorCount() {
      return errors.values().stream().mapToLong(Long::longValue).sum() + structureErrors;
    }
  }

  public static String fileName(String scenario) {
    return PREFIX + scenario + ".json";
  }

  public long errorCount() {
    return points.stream().mapToLong(Point::errorCount).sum();
  }

  public void write(Path file) throws IOException {
    ResultFiles.JSON.writeValue(file.toFile(), this);
  }

  public static JmeterResult read(Path file) throws IOException {
    JmeterResult r =
        ResultFiles.bind(file, ResultFiles.readVersioned(file, FORMAT_VERSION), JmeterResult.class);
    r.check(Fields.of(file));
    return r;
  }

  /**
   * Refuses figures the report sets beside the driver's as measured while they are none: a count
   * below zero, more errors than samples, a rate or latency that is no figure or percentiles out of
   * order, and a point given twice (the report would show one of them).
   */
  private void check(Fields f) throws UnreadableRunException {
    f.text("scenario", scenario);
    f.present("jtl", jtl);
    f.atLeast("warmupMs", warmupMs, 0);
    f.atLeast("warmupSamples", warmupSamples, 0);
    f.atLeast("engines", engines, 1);
    java.util.Set<String> ids = new java.util.HashSet<>();
    if (f.present("points", points).isEmpty()) {
      // jmeter-import refuses a JTL of no samples: no points is a file cut or edited
      throw f.refuse("points", "are none");
    }
    for (Point p : points) {
      f.present("points", p);
      f.text("point id", p.id());
      Fields pf = f.in("point " + p.id());
      if (!ids.add(p.id())) {
        throw pf.refuse("id", "appears twice");
      }
      pf.atLeast("users", p.users(), 1);
      pf.atLeast("samples", p.samples(), 1);
      long errors = pf.counts("errors", p.errors());
      pf.atMost("errors", errors, p.samples());
      pf.atLeast("durationMs", p.durationMs(), 0);
      pf.amount("throughput", p.throughput());
      pf.latencies(
          "latencyMs",
          p.latencyMs(),
          List.of(Statistic.MEAN, Statistic.P50, Statistic.P90, Statistic.P99, Statistic.MAX));
      pf.amountOrNaN("meanResponseBytes", p.meanResponseBytes());
      pf.atLeast("structureChecks", p.structureChecks(), 0);
      pf.atLeast("structureErrors", p.structureErrors(), 0);
      pf.atMost("structureErrors", p.structureErrors(), p.structureChecks());
    }
  }
}
