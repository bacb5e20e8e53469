package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.wirebench.bench.finding.BackendResponseBenchmark;
import org.wirebench.bench.geo.GeoEncodingBenchmark;
import org.wirebench.bench.soap.DatabindingBenchmark;
import org.wirebench.results.JmhResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;

/**
 * Each study's published claims beside this run's numbers, with a verdict: holds, does not hold, or
 * inconclusive (the 99% interval straddles the claim), or missing when the run did not measure it.
 * Ratios of times come from JMH's per-iteration scores ({@link Ratio}). Every ratio is written A ÷
 * B in one direction: the time of the side the study found slower ÷ the time of the side it found
 * faster (for rates, the faster's ÷ the slower's), so that above 1 is the study's direction and its
 * figure is the claimed ratio ({@link #CONVENTION}).
 */
public final class ThenAndNow {
  /** Where the study's figures came from. */
  public static final String WFS_STUDY =
      "GeoServer 2.3.3 WFS output formats, 2013, 8-core server, JMeter, features from its store";

  public static final String SOAP_STUDY =
      "WSO2 \"Web services are not slow\", 2007, Axis2 ADB vs XFire with JAXB in Tomcat, ab with"
          + " 25 threads";

  public static final String FINDING_STUDY =
      "ql.io XML vs protobuf, 2012, node 0.6 gateway and mock backend on one box, JMeter with 200"
          + " users and 900 ± 100 ms think time";

  /** How every ratio of the claims is directed, for the section's text. */
  public static final String CONVENTION =
      "Every ratio is written A ÷ B, A the side the study found slower and B the faster: time ÷"
          + " time, or for rates B's req/s ÷ A's. Above 1 is the study's direction, and its figure"
          + " is the claimed ratio (a tile cache +28% faster: direct ÷ tile-cache time 1.28).";

  /** A claim's fate in this run. */
  public enum Verdict {
    HOLDS("holds", Report.Style.HOLDS),
    DOES_NOT_HOLD("does not hold", Report.Style.DOES_NOT_HOLD),
    /** real, in the claimed direction, but below the claimed size (paired runs) */
    SMALLER("smaller than claimed", Report.Style.DOES_NOT_HOLD),
    /** inside the claim's equivalence band (paired runs) */
    NO_DIFFERENCE("no difference", Report.Style.DOES_NOT_HOLD),
    /** the other way round (paired runs) */
    REVERSED("reversed", Report.Style.DOES_NOT_HOLD),
    INCONCLUSIVE("inconclusive", Report.Style.INCONCLUSIVE),
    NO_INTERVAL("inconclusive (no interval)", Report.Style.INCONCLUSIVE),
    MISSING("missing", Report.Style.MISSING),
    /** a number beside a number, no bound to judge */
    FIGURE("figure", Report.Style.PLAIN);

    private final String label;
    private final Report.Style style;

    Verdict(String label, Report.Style style) {
      this.label = label;
      this.style = style;
    }

    public String label() {
      return label;
    }

    public Report.Style style() {
      return style;
    }
  }

  /**
   * @param study which study
   * @param claim what it said
   * @param then its figure
   * @param now ours, with interval, or "missing ..."
   */
  public record Row(String study, String claim, String then, String now, Verdict verdict) {}

  private ThenAndNow() {}

  public static List<Row> rows(RunRecord run) {
    if (run.pairs() != null) {
      return pairedRows(run);
    }
    List<Row> rows = new ArrayList<>();
    double[][] study = {{230 / 43.0, 5.35}, {240 / 55.0, 4.36}};
    String[] layers = {"osm_mainroads", "osm_places"};
    for (int i = 0; i < layers.length; i++) {
      rows.add(
          atLeast(
              "WFS",
              "GML 3.2 encodes several times slower than GML 2 (" + layers[i] + ", 200 features)",
              Scores.format("%.1f× (req/s under load)", study[i][0]),
              time(run, GeoEncodingBenchmark.ENCODE.name(), "codec", "gml32", "gml2", layers[i]),
              3.4));
    }
    rows.add(geoJsonPerCore(run));
    for (String op : new String[] {"ints", "strings", "simpleEvents"}) {
      rows.add(
          atLeast(
              "SOAP",
              "ADB is faster than the JAXB stack (XFire then, CXF now): " + op + " × 100",
              "~1.5×",
              soap(run, op, 100, "cxf-jaxb", "axis2-adb"),
              1.0));
    }
    for (int size : new int[] {100, 1000, 5000}) {
      rows.add(
          atLeast(
              "SOAP",
              "ADB is faster than the JAXB stack for MeshInterfaceObjects from 50 up: × " + size,
              "~1.7×",
              soap(run, "meshInterfaceObjects", size, "cxf-jaxb", "axis2-adb"),
              1.0));
    }
    for (String op : new String[] {"ints", "meshInterfaceObjects"}) {
      rows.add(
          atLeast(
              "SOAP",
              "Axis2 with JAXB is the slowest stack: " + op + " × 100, against CXF/JAXB",
              "slowest",
              soap(run, op, 100, "axis2-jaxb", "cxf-jaxb"),
              1.0));
    }
    rows.add(
        atLeast(
            "Backend",
            "The gateway's protobuf path is 3× faster than its XML path (50 items)",
            "3.0× (mean response 72 vs 24 ms)",
            finding(run, "xml", "protobuf"),
            3.0));
    rows.addAll(FindingRows.rows(run));
    rows.addAll(RasterRows.rows(run));
    return rows;
  }

  /**
   * A run that measured its claims as pairs: each study claim's ratio and verdict from pairs.json,
   * in the claims' order, the load scenarios' figures after their study's claims.
   */
  private static List<Row> pairedRows(RunRecord run) {
    List<Row> rows = new ArrayList<>();
    for (String study : List.of("WFS", "SOAP", "Backend", "Raster")) {
      rows.addAll(PairedClaims.rows(run.pairs(), study));
      switch (study) {
        case "WFS" -> rows.add(geoJsonPerCore(run));
        case "Backend" -> rows.addAll(FindingRows.rows(run));
        case "Raster" -> rows.addAll(RasterRows.loadRows(run));
        default -> {}
      }
    }
    return rows;
  }

  /**
   * A time ratio of two JMH results as a claim row reads it: the ratio (the one {@link Scores}
   * computes for every section), and its text, "gml32 ÷ gml2 time 1.13× [1.05, 1.22] (99%, 1 fork ×
   * 4 iterations)".
   */
  record Measured(Ratio ratio, String text) {
    static Measured of(JmhResult a, JmhResult b, String nameA, String nameB, String what) {
      if (a == null || b == null) {
        return null;
      }
      Ratio r = Scores.ratioOf(a, b);
      return new Measured(
          r,
          Scores.format(
              "%s ÷ %s %s %s (%.0f%%, %s)",
              nameA,
              nameB,
              what,
              Scores.ratio(r),
              100 * r.confidence(),
              Scores.iterations(List.of(a, b))));
    }
  }

  /** The time ratio {@code key=a} ÷ {@code key=b} of one benchmark at the {@code common} params. */
  private static Measured ratio(
      RunRecord run, String benchmark, Map<String, String> common, String key, String a, String b) {
    Map<String, String> pa = new java.util.HashMap<>(common);
    pa.put(key, a);
    Map<String, String> pb = new java.util.HashMap<>(common);
    pb.put(key, b);
    return Measured.of(run.find(benchmark, pa), run.find(benchmark, pb), a, b, "time");
  }

  private static Measured time(
      RunRecord run, String name, String key, String a, String b, String dataset) {
    return ratio(run, name, Map.of("dataset", dataset, "count", "200"), key, a, b);
  }

  private static Measured soap(RunRecord run, String op, int size, String a, String b) {
    return ratio(
        run,
        DatabindingBenchmark.ECHO.name(),
        Map.of("operation", op, "size", "" + size),
        "stack",
        a,
        b);
  }

  private static Measured finding(RunRecord run, String slow, String fast) {
    return ratio(
        run,
        BackendResponseBenchmark.GATEWAY.name(),
        Map.of("items", "50"),
        "backendFormat",
        slow,
        fast);
  }

  /** The claim "ratio ≥ bound": holds when the whole 99% interval is at or above it. */
  static Row atLeast(String study, String claim, String then, Measured m, double bound) {
    if (m == null) {
      return new Row(study, claim, then, "missing (not in this run)", Verdict.MISSING);
    }
    Ratio r = m.ratio();
    Verdict verdict =
        !r.hasInterval()
            ? Verdict.NO_INTERVAL
            : r.low() >= bound
                ? Verdict.HOLDS
                : r.high() < bound ? Verdict.DOES_NOT_HOLD : Verdict.INCONCLUSIVE;
    return new Row(study, claim, then, m.text(), verdict);
  }

  /**
   * The study's load point (roads as GeoJSON, 200 features, 32 users), found by its parameters in
   * whichever scenario of the run measured it.
   */
  private static Row geoJsonPerCore(RunRecord run) {
    String claim = "GeoJSON roads, 200 features, 32 users: req/s per core";
    String then = "180 req/s on 8 cores = 22.5 per core";
    Map<String, String> wanted =
        Map.of("layer", "osm_mainroads", "format", "geojson", "users", "32", "count", "200");
    for (ScenarioResult s : run.load().values()) {
      for (ScenarioResult.PointResult p : s.points()) {
        if (wanted.entrySet().stream().allMatch(e -> p.param(e.getKey()).equals(e.getValue()))) {
          if (p.warmup() != null && !p.warmup().converged()) {
            return new Row(
                "WFS",
                claim,
                then,
                Scores.format(
                    "%.0f req/s, not measured at a steady rate (warm-up windows %s req/s)",
                    p.throughput(), p.warmup().ratesPerSecond()),
                Verdict.MISSING);
          }
          int cores = Math.max(1, run.env().cores());
          double perCore = p.throughput() / cores;
          return new Row(
              "WFS",
              claim,
              then,
              Scores.format(
                  "%.0f req/s on %s (server and driver share them) = %.0f per core, %.0f× the study",
                  p.throughput(), run.env().machine(), perCore, perCore / 22.5),
              Verdict.FIGURE);
        }
      }
    }
    return new Row("WFS", claim, then, "missing (no such load point in this run)", Verdict.MISSING);
  }
}
