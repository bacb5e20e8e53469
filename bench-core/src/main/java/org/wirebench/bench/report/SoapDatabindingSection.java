package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.wirebench.bench.soap.DatabindingBenchmark;
import org.wirebench.bench.soap.VoidEchoBenchmark;
import org.wirebench.results.AuxSize;
import org.wirebench.results.JmhResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.Studies;

/**
 * The WSO2 study (DatabindingBenchmark, and VoidEchoBenchmark for echoVoid): per operation, time
 * per echo against array size for each stack, each relative to {@code stax-raw} (the floor: no
 * databinding), ADB against the two JAXB stacks, and the request and response sizes.
 */
public final class SoapDatabindingSection implements ReportSection {
  private static final String BENCHMARK = DatabindingBenchmark.ECHO.name();
  private static final String VOID = VoidEchoBenchmark.ECHO.name();
  private static final String FLOOR = "stax-raw";

  @Override
  public String name() {
    return "soap-databinding";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    List<Report.Block> out = new ArrayList<>();
    out.add(new Report.Heading(1, "SOAP databinding (DatabindingBenchmark)"));
    /* operation, then size, then stack */
    Map<String, Map<Integer, Map<String, JmhResult>>> cells = new TreeMap<>();
    List<JmhResult> results = new ArrayList<>(run.results(BENCHMARK));
    results.addAll(run.results(VOID));
    for (JmhResult r : results) {
      boolean isVoid = r.name().equals(VOID); // measured once, without a size
      Map<String, JmhResult> byStack =
          cells
              .computeIfAbsent(
                  isVoid ? "void" : RecordedParams.name(run, r, "operation"), k -> new TreeMap<>())
              .computeIfAbsent(
                  isVoid ? 0 : RecordedParams.count(run, r, "size"), k -> new TreeMap<>());
      RecordedParams.once(run, byStack, RecordedParams.name(run, r, "stack"), r);
    }
    if (cells.isEmpty()) {
      out.add(Report.Text.missing("Databinding benchmarks: not in this run."));
      return out;
    }
    out.add(
        Report.Text.plain(
            "Server side of one echo (read request envelope, bind, copy, write response), µs ±"
                + " JMH's 99.9% half-width (JMH: "
                + Scores.iterations(results)
                + "); then each stack ÷ stax-raw (the floor: no databinding), the JAXB stacks ÷"
                + " ADB, and Axis2/JAXB ÷ CXF/JAXB. "
                + Scores.RATIO_NOTE
                + Scores.format(
                    " The study (%s): %s. ", Studies.SOAP.citation(), Studies.SOAP.summary())
                + Scores.WIDE_NOTE
                + "; hollow in the charts."));
    cells.forEach((op, bySize) -> operation(out, op, bySize));
    return out;
  }

  private static void operation(
      List<Report.Block> out, String op, Map<Integer, Map<String, JmhResult>> bySize) {
    out.add(new Report.Heading(2, op));
    List<String> stacks = new ArrayList<>();
    bySize.values().forEach(m -> m.keySet().forEach(s -> addOnce(stacks, s)));
    List<String> header = new ArrayList<>(List.of("size"));
    stacks.forEach(s -> header.add(s + " µs"));
    header.add("request / response bytes");
    List<String> ratioHeader = new ArrayList<>(List.of("size"));
    stacks.stream().filter(s -> !s.equals(FLOOR)).forEach(s -> ratioHeader.add(s + " ÷ " + FLOOR));
    ratioHeader.addAll(
        List.of("cxf-jaxb ÷ axis2-adb", "axis2-jaxb ÷ axis2-adb", "axis2-jaxb ÷ cxf-jaxb"));
    List<List<Report.Cell>> rows = new ArrayList<>();
    List<List<Report.Cell>> ratioRows = new ArrayList<>();
    Map<String, List<Svg.Point>> series = new TreeMap<>();
    for (Map.Entry<Integer, Map<String, JmhResult>> size : bySize.entrySet()) {
      Map<String, JmhResult> byStack = size.getValue();
      JmhResult floor = byStack.get(FLOOR);
      JmhResult adb = byStack.get("axis2-adb");
      List<Report.Cell> row = new ArrayList<>();
      List<Report.Cell> ratioRow = new ArrayList<>();
      row.add(Report.Cell.of(size.getKey().toString()));
      ratioRow.add(Report.Cell.of(size.getKey().toString()));
      for (String stack : stacks) {
        JmhResult r = byStack.get(stack);
        if (!stack.equals(FLOOR)) {
          ratioRow.add(Report.Cell.of(ratio(r, floor)));
        }
        if (r == null) {
          row.add(Report.Cell.missing());
          continue;
        }
        row.add(Report.Cell.of(Scores.withError(r)));
        series
            .computeIfAbsent(stack, k -> new ArrayList<>())
            .add(new Svg.Point(size.getKey(), r.score(), Scores.wide(r)));
      }
      ratioRow.add(Report.Cell.of(ratio(byStack.get("cxf-jaxb"), adb)));
      ratioRow.add(Report.Cell.of(ratio(byStack.get("axis2-jaxb"), adb)));
      ratioRow.add(Report.Cell.of(ratio(byStack.get("axis2-jaxb"), byStack.get("cxf-jaxb"))));
      JmhResult any = byStack.values().iterator().next();
      row.add(
          Report.Cell.of(
              Scores.perOperation(any, AuxSize.REQUEST_BYTES)
                  + " / "
                  + Scores.perOperation(any, AuxSize.RESPONSE_BYTES)));
      rows.add(row);
      ratioRows.add(ratioRow);
    }
    out.add(new Report.Table(header, rows));
    out.add(new Report.Table(ratioHeader, ratioRows));
    if (bySize.size() > 1) {
      List<Svg.Series> lines = new ArrayList<>();
      series.forEach((stack, pts) -> lines.add(new Svg.Series(stack, pts)));
      out.add(
          new Report.Lines(
              "Server side of one echo: " + op,
              "array size",
              "µs per echo",
              true,
              lines,
              Scores.WIDE_LEGEND));
    }
  }

  private static void addOnce(List<String> list, String s) {
    if (!list.contains(s)) {
      list.add(s);
    }
  }

  private static String ratio(JmhResult a, JmhResult b) {
    return a == null || b == null ? "" : Scores.ratio(a, b);
  }
}
