package org.wirebench.bench.pair;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.bench.BenchmarkMethod;
import org.wirebench.bench.finding.BackendResponseBenchmark;
import org.wirebench.bench.finding.GatewayJsonBenchmark;
import org.wirebench.bench.geo.GeoEncodingBenchmark;
import org.wirebench.bench.raster.RasterBenchmark;
import org.wirebench.bench.soap.DatabindingBenchmark;
import org.wirebench.results.PairedRuns.Claim;
import org.wirebench.results.PairedRuns.Kind;
import org.wirebench.results.PairedRuns.Variant;
import org.wirebench.results.Studies;
import org.wirebench.results.Study;

/**
 * Every claim the suite measures as a pair, and the groups of variants that measure them: the
 * studies' then-and-now claims (taken from their {@link Study}, each with the size the study
 * claimed) and the report's target ratios (ours against the least work that writes the same bytes),
 * whose bounds live here. pairs.json records every claim with the run, so a report re-rendered
 * later judges by the bounds the run was measured for.
 */
public final class Claims {
  /**
   * What a codec may cost over the least work that writes its bytes (issue 27: every codec, on
   * every layer); the GML codecs sat at 1.0–1.1, GeoJSON at 1.1–1.8 while Jackson wrote it.
   */
  public static final double SAME_BYTES_FLOOR_TARGET = 1.2;

  /** A claim's equivalence band: a ratio within ±10% is "no difference" ({@link Studies#BAND}). */
  public static final double BAND = Studies.BAND;

  /**
   * The variants measured together in one JVM.
   *
   * @param warmupMs per variant, ms of cost before the first measured round: each group's own, as
   *     long as its variants were measured to need ({@link Warmups})
   */
  public record GroupPlan(
      String id, List<Variant> variants, Map<String, String> classes, int warmupMs) {}

  /** What a run measures. */
  public record Plan(List<GroupPlan> groups, List<Claim> claims) {}

  private final List<GroupPlan> groups = new ArrayList<>();
  private final List<Claim> claims = new ArrayList<>();

  private Claims() {}

  /** The quick suite's plan: every then-and-now claim, the targets on the study's two layers. */
  public static Plan quick() {
    return plan(List.of("osm_mainroads", "osm_places"));
  }

  /** The full suite: the targets on every layer too. */
  public static Plan full() {
    return plan(List.of("osm_mainroads", "osm_places", "helsinki_roads", "helsinki_pois"));
  }

  /** The calibration and A/A group alone (tests, the method's own check). */
  public static Plan calibrationOnly() {
    Claims c = new Claims();
    c.calibration();
    return new Plan(List.copyOf(c.groups), List.copyOf(c.claims));
  }

  private static Plan plan(List<String> layers) {
    Claims c = new Claims();
    c.calibration();
    for (String layer : layers) {
      c.wfs(layer);
    }
    c.studyClaims(Studies.WFS);
    c.soap();
    c.studyClaims(Studies.SOAP);
    c.backend();
    c.studyClaims(Studies.BACKEND);
    c.raster();
    c.studyClaims(Studies.RASTER);
    return new Plan(List.copyOf(c.groups), List.copyOf(c.claims));
  }

  /** The group whose first variant is the machine's calibration. */
  public static final String CALIBRATION = "calibration";

  private void calibration() {
    Map<String, String> classes = new LinkedHashMap<>();
    String bench = ReferenceWorkload.class.getName() + ".run";
    List<Variant> v = new ArrayList<>();
    for (String id : List.of("reference", "reference-again")) {
      v.add(new Variant(id, "ReferenceWorkload.run", Map.of()));
      classes.put(id, bench);
    }
    groups.add(new GroupPlan(CALIBRATION, v, classes, Warmups.CALIBRATION_MS));
    claims.add(
        new Claim(
            "aa-reference",
            "A/A",
            "The same workload against itself: no difference (the method's own check)",
            "1×",
            CALIBRATION,
            "reference",
            "reference-again",
            1.0,
            BAND,
            Kind.NO_DIFFERENCE));
  }

  private void wfs(String layer) {
    String group = "wfs-" + layer;
    Builder b = new Builder(group, GeoEncodingBenchmark.ENCODE, Warmups.WFS_MS);
    for (String codec :
        List.of(
            "gml2",
            "gml32",
            "geojson",
            "flatgeobuf",
            "gml2-floor",
            "gml32-floor",
            "geojson-floor",
            "flatgeobuf-floor")) {
      b.variant(codec, Map.of("dataset", layer, "count", "200", "codec", codec));
    }
    groups.add(b.build());
    claim(
        group,
        "target-gml32-gml2-" + layer,
        "target",
        "GML 3.2 / GML 2 ≤ 1.2 (" + layer + ")",
        "",
        "gml32",
        "gml2",
        1.2,
        Kind.AT_MOST);
    for (String codec : List.of("gml2", "gml32", "geojson", "flatgeobuf")) {
      claim(
          group,
          "target-" + codec + "-floor-" + layer,
          "target",
          codec + " / its same-bytes floor ≤ " + SAME_BYTES_FLOOR_TARGET + " (" + layer + ")",
          "",
          codec,
          codec + "-floor",
          SAME_BYTES_FLOOR_TARGET,
          Kind.AT_MOST);
    }
  }

  private void soap() {
    Builder b = new Builder("soap-100", DatabindingBenchmark.ECHO, Warmups.SOAP_100_MS);
    for (String op : List.of("ints", "strings", "simpleEvents", "meshInterfaceObjects")) {
      for (String stack : List.of("axis2-adb", "cxf-jaxb")) {
        b.variant(stack + "-" + op, Map.of("stack", stack, "operation", op, "size", "100"));
      }
    }
    for (String op : List.of("ints", "meshInterfaceObjects")) {
      b.variant("axis2-jaxb-" + op, Map.of("stack", "axis2-jaxb", "operation", op, "size", "100"));
    }
    groups.add(b.build());
    Builder mesh = new Builder("soap-mesh", DatabindingBenchmark.ECHO, Warmups.SOAP_MESH_MS);
    for (String size : List.of("1000", "5000")) {
      for (String stack : List.of("axis2-adb", "cxf-jaxb")) {
        mesh.variant(
            stack + "-" + size,
            Map.of("stack", stack, "operation", "meshInterfaceObjects", "size", size));
      }
    }
    groups.add(mesh.build());
  }

  private void backend() {
    Builder b = new Builder("backend", BackendResponseBenchmark.GATEWAY, Warmups.BACKEND_MS);
    for (String format : List.of("xml", "protobuf")) {
      b.variant(format, Map.of("backendFormat", format, "items", "50"));
    }
    b.variant("json-write-floor", GatewayJsonBenchmark.WRITE_JSON, Map.of("items", "50"));
    groups.add(b.build());
    for (String format : List.of("xml", "protobuf")) {
      claim(
          "backend",
          "target-gateway-" + format + "-floor",
          "target",
          "the gateway's " + format + " path / its JSON-write floor ≤ 2",
          "",
          format,
          "json-write-floor",
          2.0,
          Kind.AT_MOST);
    }
  }

  private void raster() {
    Builder b = new Builder("raster", RasterBenchmark.MAP, Warmups.RASTER_MS);
    for (String srs : List.of("EPSG:4326", "EPSG:3857")) {
      for (String renderer : List.of("direct", "tilecache")) {
        b.variant(renderer + "-" + srs, Map.of("renderer", renderer, "srs", srs));
      }
    }
    groups.add(b.build());
  }

  /** Every claim of the study measured as a pair of a planned group, in the study's order. */
  private void studyClaims(Study study) {
    for (Study.Claim c : study.claims()) {
      Study.Pair p = c.pair();
      if (p == null || groups.stream().noneMatch(g -> g.id().equals(p.group()))) {
        continue;
      }
      claims.add(
          new Claim(
              c.id(),
              study.name(),
              c.text(),
              c.then(),
              p.group(),
              p.a(),
              p.b(),
              c.bound(),
              c.band(),
              Kind.AT_LEAST));
    }
  }

  private void claim(
      String group,
      String id,
      String study,
      String text,
      String then,
      String a,
      String b,
      double claimed,
      Kind kind) {
    claims.add(new Claim(id, study, text, then, group, a, b, claimed, BAND, kind));
  }

  /** Variants of one group; each names its benchmark class, usually the group's. */
  private static final class Builder {
    private final String group;
    private final BenchmarkMethod benchmark;
    private final List<Variant> variants = new ArrayList<>();
    private final Map<String, String> classes = new LinkedHashMap<>();
    private final int warmupMs;

    Builder(String group, BenchmarkMethod benchmark, int warmupMs) {
      this.group = group;
      this.benchmark = benchmark;
      this.warmupMs = warmupMs;
    }

    void variant(String id, Map<String, String> params) {
      variant(id, benchmark, params);
    }

    void variant(String id, BenchmarkMethod on, Map<String, String> params) {
      variants.add(new Variant(id, on.name(), new java.util.TreeMap<>(params)));
      classes.put(id, on.fullName());
    }

    GroupPlan build() {
      return new GroupPlan(group, List.copyOf(variants), Map.copyOf(classes), warmupMs);
    }
  }
}
