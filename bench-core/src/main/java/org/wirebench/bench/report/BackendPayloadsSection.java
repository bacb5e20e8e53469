package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.wirebench.bench.finding.BackendResponseBenchmark;
import org.wirebench.bench.finding.GatewayJsonBenchmark;
import org.wirebench.results.AuxSize;
import org.wirebench.results.JmhResult;
import org.wirebench.results.LoadResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.Statistic;
import org.wirebench.results.Studies;
import org.wirebench.results.Study;

/**
 * The ql.io study ({@link Studies#BACKEND}; BackendResponseBenchmark, GatewayJsonBenchmark): per
 * item count, what one gateway request costs with each backend format, how much of it is decoding,
 * and how far each path is from the floor (writing the same JSON from objects in memory).
 */
public final class BackendPayloadsSection implements ReportSection {
  static final String GATEWAY = BackendResponseBenchmark.GATEWAY.name();
  static final String DECODE = BackendResponseBenchmark.DECODE.name();
  static final String FLOOR = GatewayJsonBenchmark.WRITE_JSON.name();
  private static final Study STUDY = Studies.BACKEND;

  /** The study's load scenario, as its claims name it. */
  static final String SCENARIO = STUDY.loadClaims().get(0).load().scenario();

  @Override
  public String name() {
    return "backend-payloads";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    List<Report.Block> out = new ArrayList<>();
    out.add(new Report.Heading(1, "Backend payloads (BackendResponseBenchmark)"));
    /* items, then format */
    Map<Integer, Map<String, JmhResult>> gateway = byItems(run, run.results(GATEWAY));
    Map<Integer, Map<String, JmhResult>> decode = byItems(run, run.results(DECODE));
    Map<Integer, JmhResult> floor = new TreeMap<>();
    run.results(FLOOR)
        .forEach(r -> RecordedParams.once(run, floor, RecordedParams.count(run, r, "items"), r));
    if (gateway.isEmpty()) {
      out.add(Report.Text.missing("Backend payload benchmarks: not in this run."));
      return out;
    }
    List<JmhResult> all = new ArrayList<>(run.results(GATEWAY));
    all.addAll(run.results(DECODE));
    all.addAll(run.results(FLOOR));
    out.add(
        Report.Text.plain(
            "One gateway request without the network: the backend's bytes decoded, items and"
                + " errorMessage kept, JSON written; µs ± JMH's 99.9% half-width (JMH: "
                + Scores.iterations(all)
                + "). ÷ floor: the gateway's time ÷ the floor's (the same JSON written from"
                + " objects already in memory). Decode share: decode ÷ (decode + floor), the"
                + " parts each measured alone; the gateway is those two steps, but measured in a"
                + " fork of its own, so its time is not their sum (a share of the gateway's time"
                + " could reach 100% in a noisy fork, leaving nothing for the JSON write the floor"
                + " measures). "
                + Scores.RATIO_NOTE
                + Scores.format(
                    " The study (%s): %s items, XML %s bytes, protobuf %s bytes; response times %s"
                        + " ms (XML) vs %s ms (protobuf) under %s users.",
                    STUDY.citation(),
                    STUDY.quoted("items"),
                    STUDY.quoted("xml-bytes"),
                    STUDY.quoted("protobuf-bytes"),
                    STUDY.quoted("xml-mean-ms"),
                    STUDY.quoted("protobuf-mean-ms"),
                    STUDY.quoted("users"))));
    List<List<Report.Cell>> rows = new ArrayList<>();
    for (Map.Entry<Integer, Map<String, JmhResult>> e : gateway.entrySet()) {
      int items = e.getKey();
      JmhResult f = floor.get(items);
      for (Map.Entry<String, JmhResult> g : e.getValue().entrySet()) {
        JmhResult d = decode.getOrDefault(items, Map.of()).get(g.getKey());
        JmhResult r = g.getValue();
        rows.add(
            List.of(
                Report.Cell.of(Integer.toString(items)),
                Report.Cell.of(g.getKey()),
                Report.Cell.of(Scores.withError(r)),
                f == null ? Report.Cell.missing() : Report.Cell.of(Scores.ratio(r, f)),
                d == null ? Report.Cell.missing() : Report.Cell.of(Scores.withError(d)),
                d == null || f == null
                    ? Report.Cell.missing()
                    : Report.Cell.of(
                        Scores.format("%.0f%%", 100 * d.score() / (d.score() + f.score()))),
                d == null
                    ? Report.Cell.missing()
                    : Report.Cell.of(Scores.format("%.0f", 1000 * d.score() / Math.max(1, items))),
                Report.Cell.of(Scores.perOperation(r, AuxSize.BACKEND_BYTES)),
                Report.Cell.of(Scores.perOperation(r, AuxSize.JSON_BYTES))));
      }
      if (f != null) {
        rows.add(
            List.of(
                Report.Cell.of(Integer.toString(items)),
                Report.Cell.of("floor (JSON write only)"),
                Report.Cell.of(Scores.withError(f)),
                Report.Cell.of(""),
                Report.Cell.of(""),
                Report.Cell.of(""),
                Report.Cell.of(""),
                Report.Cell.of(""),
                Report.Cell.of(Scores.perOperation(f, AuxSize.JSON_BYTES))));
      }
    }
    out.add(
        new Report.Table(
            List.of(
                "items",
                "backend",
                "gateway µs",
                "gateway ÷ floor",
                "decode µs",
                "decode share",
                "decode ns/item",
                "backend bytes",
                "JSON bytes"),
            rows,
            2));
    ratios(out, gateway, decode);
    studyTable(out, run);
    return out;
  }

  /** The study's JMeter summary columns for each load point of the finding scenario. */
  private static void studyTable(List<Report.Block> out, RunRecord run) {
    ScenarioResult s = run.load().get(SCENARIO);
    out.add(new Report.Heading(2, "End to end: the study's table (finding scenario)"));
    if (s == null) {
      out.add(Report.Text.missing("The finding load scenario: not in this run."));
      return;
    }
    out.add(
        Report.Text.plain(
            STUDY.quoted("users")
                + " users GET the gateway, which POSTs to the mock backend in the same server JVM;"
                + " response times in ms (means over runs); KB/s of gateway JSON. "
                + Scores.format(
                    "The study: XML %s trans/s, average %s ms, max %s ms; protobuf %s trans/s,"
                        + " average %s ms, max %s ms; %s errors.",
                    STUDY.quoted("xml-trans-per-s"),
                    STUDY.quoted("xml-mean-ms"),
                    STUDY.quoted("xml-max-ms"),
                    STUDY.quoted("protobuf-trans-per-s"),
                    STUDY.quoted("protobuf-mean-ms"),
                    STUDY.quoted("protobuf-max-ms"),
                    STUDY.quoted("errors"))));
    List<List<Report.Cell>> rows = new ArrayList<>();
    for (ScenarioResult.PointResult p : s.points()) {
      long samples = p.runs().stream().mapToLong(LoadResult::requests).sum();
      double kbPerSecond =
          p.runs().stream().mapToDouble(LoadResult::bytesPerSecond).average().orElse(0) / 1024;
      double errorPct = 100.0 * p.errors() / Math.max(1, samples + p.errors());
      rows.add(
          List.of(
              Report.Cell.of(p.param("format")),
              Report.Cell.of(p.param("think")),
              Report.Cell.of(Long.toString(samples)),
              Report.Cell.of(ms(p, Statistic.MEAN)),
              Report.Cell.of(ms(p, Statistic.MIN)),
              Report.Cell.of(ms(p, Statistic.MAX)),
              Report.Cell.of(ms(p, Statistic.STDDEV)),
              Report.Cell.of(ms(p, Statistic.P90)),
              Report.Cell.of(ms(p, Statistic.P99)),
              Report.Cell.of(Scores.format("%.2f%%", errorPct)),
              p.measuredAtSteadyState()
                  ? Report.Cell.of(Scores.format("%.1f", p.throughput()))
                  : new Report.Cell(
                      Scores.format("%.1f (not steady)", p.throughput()), Report.Style.MISSING),
              Report.Cell.of(Scores.format("%.0f", kbPerSecond))));
    }
    out.add(
        new Report.Table(
            List.of(
                "backend",
                "think time",
                "samples",
                "average",
                "min",
                "max",
                "std. dev.",
                "p90",
                "p99",
                "error %",
                "trans/s",
                "KB/s"),
            rows,
            2));
  }

  private static String ms(ScenarioResult.PointResult p, Statistic statistic) {
    double v = p.latency(statistic);
    return Double.isNaN(v) ? "" : Scores.format("%.2f", v);
  }

  /** XML over protobuf and JSON over protobuf, per item count: the study's question. */
  private static void ratios(
      List<Report.Block> out,
      Map<Integer, Map<String, JmhResult>> gateway,
      Map<Integer, Map<String, JmhResult>> decode) {
    List<List<Report.Cell>> rows = new ArrayList<>();
    for (Map.Entry<Integer, Map<String, JmhResult>> e : gateway.entrySet()) {
      Map<String, JmhResult> g = e.getValue();
      Map<String, JmhResult> d = decode.getOrDefault(e.getKey(), Map.of());
      rows.add(
          List.of(
              Report.Cell.of(e.getKey().toString()),
              Report.Cell.of(ratio(g.get("xml"), g.get("protobuf"))),
              Report.Cell.of(ratio(d.get("xml"), d.get("protobuf"))),
              Report.Cell.of(ratio(g.get("json"), g.get("protobuf"))),
              Report.Cell.of(ratio(d.get("json"), d.get("protobuf")))));
    }
    out.add(new Report.Heading(2, "XML and JSON backends against protobuf (time ratios)"));
    out.add(
        new Report.Table(
            List.of(
                "items",
                "gateway xml ÷ protobuf",
                "decode xml ÷ protobuf",
                "gateway json ÷ protobuf",
                "decode json ÷ protobuf"),
            rows));
  }

  private static String ratio(JmhResult a, JmhResult b) {
    return a == null || b == null ? "missing" : Scores.ratio(a, b);
  }

  private static Map<Integer, Map<String, JmhResult>> byItems(
      RunRecord run, List<JmhResult> results) {
    Map<Integer, Map<String, JmhResult>> out = new TreeMap<>();
    for (JmhResult r : results) {
      Map<String, JmhResult> byFormat =
          out.computeIfAbsent(
              RecordedParams.count(run, r, "items"), k -> new java.util.LinkedHashMap<>());
      RecordedParams.once(run, byFormat, RecordedParams.name(run, r, "backendFormat"), r);
    }
    return out;
  }
}
