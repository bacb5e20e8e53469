package org.wirebench.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * report.html: one self-contained file (inline CSS and SVG, no script, nothing fetched). Then and
 * now first, then WFS (encoder time and bytes per collection beside the floor and the JTS peers;
 * req/s against concurrency under load), then SOAP (time per echo against array size per stack,
 * log-log, and each stack relative to stax-raw). What the run did not measure says so.
 */
public final class HtmlReport {
  private static final String CSS =
      "body{font:14px/1.45 system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;"
          + "color:#222}table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid"
          + " #ccc;padding:3px 8px;text-align:right}td:first-child,th:first-child{text-align:left}"
          + ".holds{color:#1a7f37}.not{color:#b42318}.inc{color:#9a6700}.missing{color:#888;"
          + "font-style:italic}svg{display:block;margin:1em 0;font-size:11px}h2{margin-top:2em;"
          + "border-bottom:1px solid #ddd}";

  private final RunRecord run;
  private final String name;

  /**
   * @param name the run's id, as its folder is (or will be, once renamed) called
   */
  public HtmlReport(RunRecord run, String name) {
    this.run = run;
    this.name = name;
  }

  public String render() {
    StringBuilder h =
        new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">");
    JsonNode env = run.env();
    h.append("<title>wirebench ").append(esc(name)).append("</title>");
    h.append("<style>").append(CSS).append("</style></head><body>");
    h.append("<h1>wirebench: ").append(esc(name)).append("</h1>");
    h.append("<p>")
        .append(esc(env.path("suite").asText()))
        .append(" suite, started ")
        .append(esc(env.path("startedUtc").asText()))
        .append("; JDK ")
        .append(esc(env.path("jdk").asText()))
        .append(" (")
        .append(esc(env.path("vm").asText()))
        .append("); ")
        .append(esc(env.path("cpuModel").asText()))
        .append(", ")
        .append(env.path("cores").asInt())
        .append(" cores; commit ")
        .append(esc(env.path("commit").asText()))
        .append(env.path("workingTreeDirty").asBoolean() ? " (dirty)" : "")
        .append(".</p>");
    JsonNode libs = env.path("libraries");
    if (libs.isObject()) {
      h.append("<p>Libraries: ");
      List<String> parts = new ArrayList<>();
      libs.fields()
          .forEachRemaining(
              e ->
                  parts.add(
                      esc(
                          e.getKey().substring(e.getKey().indexOf(':') + 1)
                              + " "
                              + e.getValue().asText())));
      h.append(String.join(", ", parts)).append(".</p>");
    }
    thenAndNow(h);
    wfs(h);
    soap(h);
    return h.append("</body></html>\n").toString();
  }

  private void thenAndNow(StringBuilder h) {
    h.append("<h2>Then and now</h2><p>Ratios of times from JMH's per-iteration scores, 99%")
        .append(" Welch intervals on the log scale. WFS study: ")
        .append(esc(ThenAndNow.WFS_STUDY))
        .append(". SOAP study: ")
        .append(esc(ThenAndNow.SOAP_STUDY))
        .append(". This run: ")
        .append(esc(run.env().path("cpuModel").asText()))
        .append(", ")
        .append(run.env().path("cores").asInt())
        .append(" cores.</p><table><tr><th>study</th><th>claim</th><th>then</th><th>now</th>")
        .append("<th>verdict</th></tr>");
    for (ThenAndNow.Row r : ThenAndNow.rows(run)) {
      String cls =
          switch (r.verdict()) {
            case "holds" -> "holds";
            case "does not hold" -> "not";
            case "missing" -> "missing";
            default -> "inc";
          };
      h.append("<tr><td>")
          .append(esc(r.study()))
          .append("</td><td>")
          .append(esc(r.claim()))
          .append("</td><td>")
          .append(esc(r.then()))
          .append("</td><td>")
          .append(esc(r.now()))
          .append("</td><td class=\"")
          .append(cls)
          .append("\">")
          .append(esc(r.verdict()))
          .append("</td></tr>");
    }
    h.append("</table>");
  }

  private void wfs(StringBuilder h) {
    h.append("<h2>WFS output formats</h2>");
    Map<String, List<RunRecord.Benchmark>> byDataset = new TreeMap<>();
    for (RunRecord.Benchmark b : run.benchmarks()) {
      if (b.name().equals("GeoEncodingBenchmark.encode")) {
        byDataset
            .computeIfAbsent(
                b.params().get("dataset") + " × " + b.params().get("count"), k -> new ArrayList<>())
            .add(b);
      }
    }
    if (byDataset.isEmpty()) {
      h.append("<p class=\"missing\">Encoder benchmarks: not in this run.</p>");
    }
    for (var e : byDataset.entrySet()) {
      List<Svg.Bar> time = new ArrayList<>();
      List<Svg.Bar> bytes = new ArrayList<>();
      for (RunRecord.Benchmark b : e.getValue()) {
        time.add(new Svg.Bar(b.params().get("codec"), b.score(), b.scoreError()));
        Double total = b.secondary().get("bytesPerCollection");
        if (total != null && b.raw().length > 0) {
          bytes.add(new Svg.Bar(b.params().get("codec"), total / b.raw().length, Double.NaN));
        }
      }
      h.append(
          Svg.bars(
              "Encoder time per collection, " + e.getKey() + " features (± 99.9%)",
              e.getValue().get(0).unit(),
              time));
      if (!bytes.isEmpty()) {
        h.append(Svg.bars("Bytes per collection, " + e.getKey() + " features", "B", bytes));
      }
    }
    JsonNode load = run.load().get("wfs");
    if (load == null) {
      h.append("<p class=\"missing\">Under load: the wfs scenario is not in this run.</p>");
      return;
    }
    Map<String, Map<String, List<double[]>>> lines = new LinkedHashMap<>();
    Map<String, Map<String, String>> table = new LinkedHashMap<>();
    TreeSet<Integer> users = new TreeSet<>();
    for (JsonNode p : load.path("points")) {
      JsonNode params = p.path("params");
      String layer = params.path("layer").asText();
      String format = params.path("format").asText();
      int n = params.path("users").asInt();
      users.add(n);
      lines
          .computeIfAbsent(layer, k -> new LinkedHashMap<>())
          .computeIfAbsent(format, k -> new ArrayList<>())
          .add(new double[] {n, p.path("throughput").asDouble()});
      table
          .computeIfAbsent(
              layer
                  + " "
                  + format
                  + " ("
                  + String.format(Locale.ROOT, "%,.0f B", p.path("meanResponseBytes").asDouble())
                  + ")",
              k -> new LinkedHashMap<>())
          .put(
              "" + n,
              String.format(
                  Locale.ROOT,
                  "%.0f (%.1f ms)",
                  p.path("throughput").asDouble(),
                  p.path("latencyMs").path("mean").asDouble()));
    }
    for (var layer : lines.entrySet()) {
      List<Svg.Series> series = new ArrayList<>();
      layer.getValue().forEach((f, pts) -> series.add(new Svg.Series(f, pts)));
      h.append(
          Svg.lines(
              "req/s against concurrent users, " + layer.getKey(),
              "concurrent users",
              "req/s",
              false,
              series));
    }
    h.append("<table><tr><th>layer, format (response)</th>");
    users.forEach(n -> h.append("<th>").append(n).append(" users</th>"));
    h.append("</tr>");
    for (var row : table.entrySet()) {
      h.append("<tr><td>").append(esc(row.getKey())).append("</td>");
      for (int n : users) {
        String v = row.getValue().get("" + n);
        h.append(v == null ? "<td class=\"missing\">missing</td>" : "<td>" + esc(v) + "</td>");
      }
      h.append("</tr>");
    }
    h.append("</table>");
  }

  private void soap(StringBuilder h) {
    h.append("<h2>SOAP databinding</h2>");
    Map<String, Map<String, List<double[]>>> byOp = new TreeMap<>();
    Map<String, Map<Integer, Map<String, RunRecord.Benchmark>>> cells = new TreeMap<>();
    for (RunRecord.Benchmark b : run.benchmarks()) {
      if (!b.name().equals("DatabindingBenchmark.echo")) {
        continue;
      }
      String op = b.params().get("operation");
      int size = Integer.parseInt(b.params().get("size"));
      byOp.computeIfAbsent(op, k -> new TreeMap<>())
          .computeIfAbsent(b.params().get("stack"), k -> new ArrayList<>())
          .add(new double[] {size, b.score()});
      cells
          .computeIfAbsent(op, k -> new TreeMap<>())
          .computeIfAbsent(size, k -> new TreeMap<>())
          .put(b.params().get("stack"), b);
    }
    if (byOp.isEmpty()) {
      h.append("<p class=\"missing\">Databinding benchmarks: not in this run.</p>");
    }
    for (var op : byOp.entrySet()) {
      List<Svg.Series> series = new ArrayList<>();
      op.getValue().forEach((stack, pts) -> series.add(new Svg.Series(stack, pts)));
      h.append(
          Svg.lines(
              "Server side of one echo: " + op.getKey(),
              "array size",
              "µs per echo",
              true,
              series));
      h.append("<table><tr><th>size</th>");
      List<String> stacks = new ArrayList<>(op.getValue().keySet());
      stacks.forEach(s -> h.append("<th>").append(esc(s)).append(" × stax-raw</th>"));
      h.append("</tr>");
      for (var size : cells.get(op.getKey()).entrySet()) {
        RunRecord.Benchmark raw = size.getValue().get("stax-raw");
        h.append("<tr><td>").append(size.getKey()).append("</td>");
        for (String s : stacks) {
          RunRecord.Benchmark b = size.getValue().get(s);
          h.append(
              b == null || raw == null
                  ? "<td class=\"missing\">missing</td>"
                  : "<td>" + esc(Ratio.of(raw.samples(), b.samples(), 0.99).toString()) + "</td>");
        }
        h.append("</tr>");
      }
      h.append("</table>");
    }
    JsonNode load = run.load().get("soap");
    if (load == null) {
      h.append("<p class=\"missing\">Under load: the soap scenario is not in this run.</p>");
      return;
    }
    Map<String, Map<String, List<double[]>>> reqs = new TreeMap<>();
    for (JsonNode p : load.path("points")) {
      JsonNode params = p.path("params");
      reqs.computeIfAbsent(params.path("operation").asText(), k -> new TreeMap<>())
          .computeIfAbsent(params.path("stack").asText(), k -> new ArrayList<>())
          .add(
              new double[] {
                Math.max(1, params.path("size").asInt()), p.path("throughput").asDouble()
              });
    }
    for (var op : reqs.entrySet()) {
      if (op.getValue().values().iterator().next().size() < 2) {
        continue; // one size (void): nothing to draw against size
      }
      List<Svg.Series> series = new ArrayList<>();
      op.getValue().forEach((stack, pts) -> series.add(new Svg.Series(stack, pts)));
      h.append(
          Svg.lines(
              "Under load ("
                  + load.path("points").get(0).path("params").path("users").asInt()
                  + " users): "
                  + op.getKey(),
              "array size",
              "req/s",
              true,
              series));
    }
  }

  private static String esc(String s) {
    return Svg.esc(s);
  }
}
