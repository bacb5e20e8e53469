package org.wirebench.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * NEW against BASE: every benchmark (by name and parameters) and every load point (throughput and
 * p99) present in both, as a ratio with its 99% interval and a verdict, plus warnings where the two
 * runs' machines or JVMs differ.
 */
public final class Comparison {
  public enum Verdict {
    IMPROVED,
    REGRESSED,
    NO_CHANGE,
    /** a ratio without an interval (one run a side): never called a change */
    UNKNOWN
  }

  /**
   * @param slowdown NEW/BASE as a cost: time ratio, or the inverse of a throughput ratio
   */
  public record Row(
      String key, String unit, double base, double now, Ratio slowdown, Verdict verdict) {}

  private final List<Row> rows = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();
  private final List<String> unmatched = new ArrayList<>();

  /**
   * @param threshold relative change below which nothing is called a change, e.g. 0.05
   */
  public Comparison(RunRecord base, RunRecord now, double threshold, double confidence) {
    warnDifferences(base.env(), now.env());
    Map<String, RunRecord.Benchmark> before = new LinkedHashMap<>();
    base.benchmarks().forEach(b -> before.put(b.key(), b));
    for (RunRecord.Benchmark b : now.benchmarks()) {
      RunRecord.Benchmark a = before.remove(b.key());
      if (a == null) {
        unmatched.add("only in NEW: " + b.key());
        continue;
      }
      Ratio r = Ratio.of(a.samples(), b.samples(), confidence);
      if (b.higherIsBetter()) {
        r = new Ratio(1 / r.ratio(), 1 / r.high(), 1 / r.low(), confidence);
      }
      rows.add(new Row(b.key(), b.unit(), a.score(), b.score(), r, verdict(r, threshold)));
    }
    before.keySet().forEach(k -> unmatched.add("only in BASE: " + k));
    for (String scenario : now.load().keySet()) {
      JsonNode a = base.load().get(scenario);
      if (a == null) {
        unmatched.add("load scenario only in NEW: " + scenario);
        continue;
      }
      compareLoad(scenario, a, now.load().get(scenario), threshold, confidence);
    }
  }

  private void compareLoad(
      String scenario, JsonNode base, JsonNode now, double threshold, double confidence) {
    Map<String, JsonNode> before = new LinkedHashMap<>();
    base.path("points").forEach(p -> before.put(p.path("id").asText(), p));
    for (JsonNode p : now.path("points")) {
      JsonNode a = before.get(p.path("id").asText());
      if (a == null) {
        unmatched.add("load point only in NEW: " + scenario + " " + p.path("id").asText());
        continue;
      }
      String key = "load " + scenario + " " + p.path("id").asText();
      // throughput: higher is better, so the cost is BASE/NEW
      Ratio t = Ratio.of(perRun(p, "throughput"), perRun(a, "throughput"), confidence);
      rows.add(
          new Row(
              key + " throughput",
              "req/s",
              a.path("throughput").asDouble(),
              p.path("throughput").asDouble(),
              t,
              verdict(t, threshold)));
      Ratio l = Ratio.of(perRun(a, "latencyMs/p99"), perRun(p, "latencyMs/p99"), confidence);
      rows.add(
          new Row(
              key + " p99",
              "ms",
              a.path("latencyMs").path("p99").asDouble(),
              p.path("latencyMs").path("p99").asDouble(),
              l,
              verdict(l, threshold)));
    }
  }

  /** One value per run of a load point; {@code path} as in "throughput" or "latencyMs/p99". */
  private static double[] perRun(JsonNode point, String path) {
    List<Double> xs = new ArrayList<>();
    point.path("runs").forEach(r -> xs.add(r.at("/" + path).asDouble()));
    return xs.stream().mapToDouble(Double::doubleValue).filter(x -> x > 0).toArray();
  }

  static Verdict verdict(Ratio slowdown, double threshold) {
    if (!slowdown.hasInterval()) {
      return Verdict.UNKNOWN;
    }
    if (slowdown.low() > 1 && slowdown.ratio() > 1 + threshold) {
      return Verdict.REGRESSED;
    }
    if (slowdown.high() < 1 && slowdown.ratio() < 1 / (1 + threshold)) {
      return Verdict.IMPROVED;
    }
    return Verdict.NO_CHANGE;
  }

  private void warnDifferences(JsonNode a, JsonNode b) {
    String[][] fields = {
      {"jdk", "JDK"},
      {"forkedJdkMajor", "forked JDK"},
      {"forkedJvm", "forked JVM"},
      {"cpuModel", "CPU"},
      {"cores", "core count"},
      {"launcherJvmArgs", "launcher JVM flags"},
      {"forkJvmArgs", "forked JVM flags"},
      {"serverJvms", "server JVM flags"},
      {"libraries", "library versions"}
    };
    for (String[] f : fields) {
      JsonNode x = withoutPaths(a.get(f[0]));
      JsonNode y = withoutPaths(b.get(f[0]));
      if (x != null && y != null && !x.equals(y)) {
        warnings.add("the runs differ in " + f[1] + ": " + x + " vs " + y);
      }
    }
  }

  /** JVM arguments that only name where wirebench's own files are do not change performance. */
  private static JsonNode withoutPaths(JsonNode args) {
    if (args == null || !args.isArray()) {
      return args;
    }
    com.fasterxml.jackson.databind.node.ArrayNode kept =
        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
    args.forEach(
        a -> {
          if (a.isArray()) {
            kept.add(withoutPaths(a)); // one list per fork
          } else if (!a.asText().startsWith("-Dwirebench.")) {
            kept.add(a);
          }
        });
    return kept;
  }

  public List<Row> rows() {
    return rows;
  }

  public List<String> warnings() {
    return warnings;
  }

  public List<String> unmatched() {
    return unmatched;
  }

  public long count(Verdict v) {
    return rows.stream().filter(r -> r.verdict() == v).count();
  }
}
