package org.wirebench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A whole load scenario as {@code load-<scenario>.json} holds it, beside the JMH results; written
 * by the load driver and read back by the reports and compare through this class only.
 *
 * @param formatVersion {@value #FORMAT_VERSION}: 2 added {@code table}; version 1 files get the
 *     layout the two scenarios of that version had; 3: each run ({@link LoadResult} version 3)
 *     records its content coding and bytes on the wire; 4: the wire scenario's cells ({@code
 *     wireCells}) with the server's CPU a request (version 3 wire files get theirs from {@code
 *     client.links[].cells}, without the CPU)
 * @param server url, how it was started (jvmProfile, jvmFlags, java, command) or "external"
 * @param table how a report tabulates the points, declared by the scenario
 * @param wireCells the wire scenario's cells in run order; empty for every other scenario (and left
 *     out of their files)
 */
public record ScenarioResult(
    int formatVersion,
    String scenario,
    ScenarioSettings settings,
    String startedUtc,
    Map<String, Object> server,
    Map<String, Object> client,
    TableLayout table,
    List<PointResult> points,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<WireCell> wireCells) {

  public static final int FORMAT_VERSION = 4;

  /** What the name of a scenario's driver results and histograms starts with. */
  public static final String PREFIX = "load-";

  /** The driver's results of {@code scenario}: {@code load-<scenario>.json}. */
  public static String fileName(String scenario) {
    return PREFIX + scenario + ".json";
  }

  /** The driver's latency histograms of {@code scenario}: {@code load-<scenario>.hlog}. */
  public static String hlogName(String scenario) {
    return PREFIX + scenario + ".hlog";
  }

  public ScenarioResult {
    wireCells = wireCells == null ? List.of() : List.copyOf(wireCells);
  }

  /** A scenario without wire cells (every one but wire). */
  public ScenarioResult(
      int formatVersion,
      String scenario,
      ScenarioSettings settings,
      String startedUtc,
      Map<String, Object> server,
      Map<String, Object> client,
      TableLayout table,
      List<PointResult> points) {
    this(formatVersion, scenario, settings, startedUtc, server, client, table, points, List.of());
  }

  /**
   * One point: every run and their mean.
   *
   * @param params what varies between points (layer, format, users ...), as the scenario named them
   * @param throughput successful requests per second: the runs' mean, or the best run's where the
   *     settings keep the best ({@link ScenarioSettings#keep})
   * @param latencyMs each statistic (mean, p50 ... max), milliseconds: of all the runs' requests
   *     (their histograms merged; runs before 2026-11-25 recorded the mean of the runs'
   *     statistics), or the best run's
   * @param warmup how the point was warmed before it was measured; null in runs from before the
   *     steady-state check
   */
  public record PointResult(
      String id,
      Map<String, Object> params,
      double throughput,
      Map<Statistic, Double> latencyMs,
      double meanResponseBytes,
      long errors,
      List<LoadResult> runs,
      Warmup warmup) {

    /** Converged: measured at steady state. Not converged or not checked: never a verdict. */
    public boolean measuredAtSteadyState() {
      return warmup != null && warmup.converged();
    }

    /** A parameter's value as text ("" when the point has no such parameter). */
    public String param(String name) {
      Object v = params.get(name);
      return v == null ? "" : v.toString();
    }

    public double latency(Statistic statistic) {
      Double v = latencyMs.get(statistic);
      return v == null ? Double.NaN : v;
    }

    /** The runs' mean body bytes as they came over the wire; NaN when a run did not record it. */
    public double meanWireBytes() {
      if (runs.isEmpty() || runs.stream().anyMatch(r -> r.meanWireBytes() == null)) {
        return Double.NaN;
      }
      return runs.stream().mapToDouble(LoadResult::meanWireBytes).average().orElse(Double.NaN);
    }

    /** The content coding every run of the point asked for, or null when one did not record it. */
    public String encoding() {
      List<String> codings = runs.stream().map(LoadResult::encoding).distinct().toList();
      return codings.size() == 1 ? codings.get(0) : null;
    }
  }

  /**
   * The steady-state warm-up of one point.
   *
   * @param windowMs each window's length
   * @param ratesPerSecond successful req/s of each window, in order
   * @param converged whether the last windows were within the settings' tolerance and, in runs from
   *     2026-11-24 on, the measured rate then stayed within twice that tolerance of theirs ({@link
   *     ScenarioSettings.SteadyState#kept}; not asked of points with think time, whose rate the
   *     think time sets and whose short windows start every user at once)
   */
  public record Warmup(long windowMs, List<Double> ratesPerSecond, boolean converged) {
    /** This warm-up, judged again with the point's measured rate. */
    public Warmup measured(ScenarioSettings.SteadyState rule, double measuredPerSecond) {
      return new Warmup(
          windowMs, ratesPerSecond, converged && rule.kept(ratesPerSecond, measuredPerSecond));
    }
  }

  /** Points measured before their rate was steady, or without the check (older runs). */
  public List<PointResult> unconverged() {
    return points.stream().filter(p -> !p.measuredAtSteadyState()).toList();
  }

  public long errorCount() {
    return points.stream().mapToLong(PointResult::errors).sum();
  }

  /** The point of this id, or null. */
  public PointResult point(String id) {
    return points.stream().filter(p -> p.id().equals(id)).findFirst().orElse(null);
  }

  /** The server JVM's profile, flags and java, as env.json summarises them. */
  public ServerJvm serverJvm() {
    Object flags = server.get("jvmFlags");
    return new ServerJvm(
        String.valueOf(server.getOrDefault("jvmProfile", "external")),
        flags == null ? "null" : ResultFiles.JSON.valueToTree(flags).toString(),
        String.valueOf(server.getOrDefault("java", "unknown")));
  }

  public void write(Path file) throws IOException {
    ResultFiles.JSON.writeValue(file.toFile(), this);
  }

  public static ScenarioResult read(Path file) throws IOException {
    JsonNode node = ResultFiles.readVersioned(file, FORMAT_VERSION);
    int version = node.path("formatVersion").asInt();
    if (version == 1) {
      node = fromVersion1(file, (ObjectNode) node);
    }
    if (version < 4) {
      if (node.has("wireCells")) {
        throw new UnreadableRunException(
            file + " has wireCells, which format version " + version + " did not have");
      }
      if ("wire".equals(node.path("scenario").asText())) {
        ((ObjectNode) node).set("wireCells", wireCellsOfVersion3(file, node.path("client")));
      }
    }
    ScenarioResult r = ResultFiles.bind(file, node, ScenarioResult.class);
    r.check(file);
    return r;
  }

  /**
   * Refuses points whose figures compare, export and the reports would take as measured: a point id
   * given twice (compare matched the second as "only in NEW"), a point without runs (its p99 row
   * was dropped without a word), a rate, latency, size or error count below zero, beyond a double
   * (1e400 reads as Infinity) or outside {@link Figures}' range (5e-324 req/s). Zero req/s is a
   * measurement (nothing succeeded), and NaN a latency or size not recorded.
   */
  private void check(Path file) throws IOException {
    if (points == null || points.isEmpty()) {
      // the writer records every point it ran, and a scenario runs at least one
      throw new UnreadableRunException(file + ": no points");
    }
    Fields f = Fields.of(file);
    f.text("scenario", scenario);
    f.instant("startedUtc", startedUtc);
    f.present("server", server);
    f.present("client", client);
    f.present("table", table);
    f.present("settings", settings).check(f.in("settings"));
    java.util.Set<String> ids = new java.util.HashSet<>();
    for (PointResult p : points) {
      if (p == null || p.id() == null || p.params() == null || p.latencyMs() == null) {
        throw new UnreadableRunException(file + ": a point without its id, params or latencyMs");
      }
      String where = file + ": point " + p.id();
      if (!ids.add(p.id())) {
        throw new UnreadableRunException(where + " appears twice");
      }
      if (p.runs() == null || p.runs().isEmpty()) {
        throw new UnreadableRunException(where + " has no runs");
      }
      figures(where, p.throughput(), p.latencyMs(), p.meanResponseBytes(), p.errors(), "errors");
      for (LoadResult run : p.runs()) {
        if (run == null || run.latencyMs() == null) {
          throw new UnreadableRunException(where + " has a run without its latencyMs");
        }
        figures(
            where + ", a run of it,",
            run.throughput(),
            run.latencyMs(),
            run.meanResponseBytes(),
            run.requests(),
            "requests");
      }
      LoadResults.checkPoint(f.in("point " + p.id()), formatVersion, settings, p);
    }
    LoadResults.checkCells(f, this);
    LoadResults.checkPoints(f, this);
  }

  private static void figures(
      String where,
      double rate,
      Map<Statistic, Double> latency,
      double bytes,
      long count,
      String counted)
      throws IOException {
    String not = Figures.notAmount(rate, "not a rate");
    if (not != null) {
      throw new UnreadableRunException(where + " has throughput " + rate + ", " + not);
    }
    for (Map.Entry<Statistic, Double> e : latency.entrySet()) {
      not = e.getValue() == null ? "not a time" : Figures.notAmount(e.getValue(), "not a time");
      if (not != null && !(e.getValue() != null && e.getValue().isNaN())) {
        throw new UnreadableRunException(
            where + " has latency " + e.getKey() + " of " + e.getValue() + " ms, " + not);
      }
    }
    // the driver writes NaN ("NaN") for a size or latency of no good response: not recorded
    not = Double.isNaN(bytes) ? null : Figures.notAmount(bytes, "not a size");
    if (not != null) {
      throw new UnreadableRunException(where + " has " + bytes + " bytes a response, " + not);
    }
    if (count < 0) {
      throw new UnreadableRunException(where + " has " + count + " " + counted + ", below zero");
    }
  }

  /**
   * Version 3 kept each wire cell's measures in {@code client.links[].cells}, by cell id: {@code
   * codedBytes}, {@code linkBytesDownPerAnswer}, {@code linkBytesUpPerAnswer} and {@code
   * firstByteMsP50}, nothing else; they become the cells, and are bound (and checked) as those.
   */
  private static ArrayNode wireCellsOfVersion3(Path file, JsonNode client) throws IOException {
    ArrayNode cells = ResultFiles.JSON.createArrayNode();
    JsonNode links = client.path("links");
    if (links.isMissingNode()) {
      return cells;
    }
    if (!links.isArray()) {
      throw new UnreadableRunException(file + ": client.links is not a list");
    }
    for (JsonNode link : links) {
      JsonNode byId = link.path("cells");
      if (byId.isMissingNode()) {
        continue;
      }
      if (!byId.isObject()) {
        throw new UnreadableRunException(file + ": a link's cells are not an object by cell id");
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = byId.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!e.getValue().isObject()) {
          throw new UnreadableRunException(
              file + ": wire cell " + e.getKey() + " is not an object");
        }
        ObjectNode cell = ResultFiles.JSON.createObjectNode().put("id", e.getKey());
        // an unknown field fails the binding below: version 3 wrote these four only
        cell.setAll((ObjectNode) e.getValue());
        cells.add(cell);
      }
    }
    return cells;
  }

  /** Version 1 had no table layout: the two scenarios of that version get the one they had. */
  private static JsonNode fromVersion1(Path file, ObjectNode v1) throws IOException {
    TableLayout layout =
        switch (v1.path("scenario").asText()) {
          case "wfs" ->
              new TableLayout(
                  "layer",
                  List.of("format"),
                  "users",
                  Statistic.MEAN,
                  true,
                  new TableLayout.Chart("layer", "users", "format", "concurrent users", false),
                  Studies.WFS.loadRatios());
          case "soap" ->
              new TableLayout(
                  "",
                  List.of("operation", "size"),
                  "stack",
                  Statistic.P99,
                  false,
                  new TableLayout.Chart("operation", "size", "stack", "array size", true),
                  List.of());
          default ->
              throw new UnreadableRunException(
                  file + ": format version 1 knew only the wfs and soap scenarios");
        };
    v1.set("table", ResultFiles.JSON.valueToTree(layout));
    if (v1.path("settings").isObject() && !v1.path("settings").has("serverWarmupMs")) {
      ((ObjectNode) v1.path("settings")).put("serverWarmupMs", 0);
    }
    return v1;
  }
}
