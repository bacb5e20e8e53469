package org.wirebench.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.wirebench.bench.suite.Environment;

/**
 * One results folder as report and compare read it: env.json, JMH's jmh.json (with every
 * iteration's raw score) and the load scenarios' load-*.json. Refuses what it cannot trust: a
 * folder still under its temporary name, or a file written by a newer wirebench.
 */
public record RunRecord(
    Path folder, JsonNode env, List<Benchmark> benchmarks, Map<String, JsonNode> load) {

  /** The newest load-*.json format this reader knows. */
  public static final int LOAD_FORMAT_VERSION = 1;

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One JMH result.
   *
   * @param name the benchmark method, e.g. GeoEncodingBenchmark.encode
   * @param params its parameters, sorted by name
   * @param mode JMH's mode: avgt, sample, ss (time per op, lower is better) or thrpt
   * @param raw every measured iteration's score, all forks pooled
   * @param forks how many forks {@code raw} came from, in equal shares
   */
  public record Benchmark(
      String name,
      Map<String, String> params,
      String mode,
      String unit,
      double score,
      double scoreError,
      double[] raw,
      int forks,
      Map<String, Double> secondary) {

    /**
     * What intervals are computed from: with two or more forks, each fork's geometric mean (JIT
     * outcomes differ between forks, and iterations within one fork do not show that); with one
     * fork, its iterations.
     */
    public double[] samples() {
      if (forks < 2 || raw.length % forks != 0) {
        return raw;
      }
      int per = raw.length / forks;
      double[] means = new double[forks];
      for (int f = 0; f < forks; f++) {
        double sum = 0;
        for (int i = 0; i < per; i++) {
          sum += Math.log(raw[f * per + i]);
        }
        means[f] = Math.exp(sum / per);
      }
      return means;
    }

    /** name and parameters, the key compare matches on. */
    public String key() {
      return params.isEmpty() ? name : name + " " + params;
    }

    public boolean higherIsBetter() {
      return mode.equals("thrpt");
    }
  }

  public static RunRecord read(Path folder) throws IOException {
    return read(folder, false);
  }

  /** For the suite, which reads its run back before the folder gets its final name. */
  public static RunRecord readBeforeRename(Path folder) throws IOException {
    return read(folder, true);
  }

  private static RunRecord read(Path folder, boolean temporary) throws IOException {
    if (!Files.isDirectory(folder)) {
      throw new IOException(folder + " is not a results folder");
    }
    if (!temporary && folder.getFileName().toString().startsWith("tmp-")) {
      throw new IOException(
          folder + " is an incomplete run (still being written, or its run was killed)");
    }
    Path envFile = folder.resolve("env.json");
    if (!Files.isRegularFile(envFile)) {
      throw new IOException(folder + " has no env.json: not a wirebench run");
    }
    JsonNode env = JSON.readTree(envFile.toFile());
    checkVersion(envFile, env.path("formatVersion").asInt(0), Environment.FORMAT_VERSION);
    List<Benchmark> benchmarks = new ArrayList<>();
    Path jmh = folder.resolve("jmh.json");
    if (Files.isRegularFile(jmh)) {
      for (JsonNode b : JSON.readTree(jmh.toFile())) {
        benchmarks.add(benchmark(b));
      }
    }
    Map<String, JsonNode> load = new LinkedHashMap<>();
    for (String scenario : new String[] {"wfs", "soap"}) {
      Path file = folder.resolve("load-" + scenario + ".json");
      if (Files.isRegularFile(file)) {
        JsonNode node = JSON.readTree(file.toFile());
        checkVersion(file, node.path("formatVersion").asInt(0), LOAD_FORMAT_VERSION);
        load.put(scenario, node);
      }
    }
    return new RunRecord(folder, env, benchmarks, load);
  }

  private static void checkVersion(Path file, int version, int newest) throws IOException {
    if (version < 1) {
      throw new IOException(file + " has no formatVersion: not written by wirebench");
    }
    if (version > newest) {
      throw new IOException(
          file
              + " has format version "
              + version
              + "; this wirebench reads versions 1.."
              + newest
              + ": update wirebench to read it");
    }
  }

  private static Benchmark benchmark(JsonNode b) {
    String full = b.path("benchmark").asText();
    String[] parts = full.split("\\.");
    String name =
        parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : full;
    Map<String, String> params = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = b.path("params").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      params.put(e.getKey(), e.getValue().asText());
    }
    JsonNode primary = b.path("primaryMetric");
    List<Double> raw = new ArrayList<>();
    int forks = primary.path("rawData").size();
    for (JsonNode fork : primary.path("rawData")) {
      for (JsonNode v : fork) {
        raw.add(v.asDouble());
      }
    }
    Map<String, Double> secondary = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = b.path("secondaryMetrics").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      secondary.put(e.getKey(), e.getValue().path("score").asDouble());
    }
    return new Benchmark(
        name,
        params,
        b.path("mode").asText(),
        primary.path("scoreUnit").asText(),
        primary.path("score").asDouble(),
        primary.path("scoreError").asDouble(Double.NaN),
        raw.stream().mapToDouble(Double::doubleValue).toArray(),
        forks,
        secondary);
  }

  /** The benchmark with this name and these parameter values, or null. */
  public Benchmark find(String name, Map<String, String> params) {
    for (Benchmark b : benchmarks) {
      if (b.name().equals(name) && b.params().entrySet().containsAll(params.entrySet())) {
        return b;
      }
    }
    return null;
  }
}
