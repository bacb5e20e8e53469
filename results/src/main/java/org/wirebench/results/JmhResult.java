package org.wirebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One JMH result as a report reads it, from JMH's own {@code jmh.json} (JMH's format, not ours: it
 * carries no version, so what we need of it is checked field by field).
 *
 * @param name the benchmark class and method, e.g. GeoEncodingBenchmark.encode (packages dropped,
 *     so runs from before a package move still match)
 * @param params its parameters, sorted by name
 * @param mode JMH's mode: avgt, sample, ss (time per op, lower is better) or thrpt
 * @param raw every measured iteration's score, all forks pooled
 * @param forks how many forks {@code raw} came from, in equal shares
 * @param secondary each secondary metric's score (gc.alloc.rate.norm, aux counters ...)
 */
public record JmhResult(
    String name,
    Map<String, String> params,
    String mode,
    String unit,
    double score,
    double scoreError,
    double[] raw,
    int forks,
    Map<String, Double> secondary) {

  public static final String FILE = "jmh.json";

  /**
   * What intervals are computed from: with two or more forks, each fork's geometric mean (JIT
   * outcomes differ between forks, and iterations within one fork do not show that); with one fork,
   * its iterations.
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

  public String param(String name) {
    return params.get(name);
  }

  /**
   * A size per operation (bytes or features of one collection, message, map), whichever way the run
   * counted it ({@link AuxSize}): its total over the operations counter, or, in runs from before
   * that counter, JMH's sum of per-iteration values over the iteration count (every measured
   * iteration of every fork: the primary score has one sample each). NaN when not recorded or when
   * no operation ran.
   */
  public double perOperation(AuxSize size) {
    Double operations = secondary.get(AuxSize.OPERATIONS);
    if (operations != null) {
      Double total = secondary.get(size.total());
      return total == null || !(operations > 0) ? Double.NaN : total / operations;
    }
    Double summed = secondary.get(size.legacy());
    return summed == null || raw.length == 0 ? Double.NaN : summed / raw.length;
  }

  /** A secondary metric's score, NaN when absent. */
  public double secondaryScore(String metric) {
    Double s = secondary.get(metric);
    return s == null ? Double.NaN : s;
  }

  /** Every result in a jmh.json. */
  public static List<JmhResult> readAll(Path file) throws IOException {
    JsonNode root = ResultFiles.tree(file);
    if (root == null || !root.isArray()) {
      throw new UnreadableRunException(
          file + " is not JMH's JSON result format (an array of results)");
    }
    List<JmhResult> out = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    for (JsonNode b : root) {
      JmhResult r = of(file, b);
      // compare and the reports find a result by name and parameters: a second one would be
      // listed as "only in NEW" or never shown, whatever its mode
      if (!keys.add(r.key())) {
        throw new UnreadableRunException(file + " holds " + r.key() + " twice");
      }
      out.add(r);
    }
    return out;
  }

  private static JmhResult of(Path file, JsonNode b) throws IOException {
    JsonNode primary = b.path("primaryMetric");
    // asText() would take a benchmark of 12345 for "12345"
    if (!b.path("benchmark").isTextual()
        || b.path("benchmark").asText().isEmpty()
        || !primary.path("score").isNumber()
        || !b.path("mode").isTextual()) {
      throw new UnreadableRunException(
          file + " has a result without benchmark, mode or primaryMetric.score: not JMH's format");
    }
    String full = b.path("benchmark").asText();
    String[] parts = full.split("\\.");
    String name =
        parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : full;
    Map<String, String> params = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = object(file, name, b, "params");
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      // JMH writes every parameter as text: asText() would take null for "null"
      if (!e.getValue().isTextual()) {
        throw new UnreadableRunException(
            file
                + ": "
                + name
                + " has parameter "
                + e.getKey()
                + " of "
                + e.getValue()
                + ", not text");
      }
      params.put(e.getKey(), e.getValue().asText());
    }
    String what = file + ": " + name + (params.isEmpty() ? "" : " " + params);
    String mode = b.path("mode").asText();
    if (!JmhUnits.MODES.contains(mode)) {
      throw new UnreadableRunException(
          what + " has mode '" + mode + "', not one JMH writes " + JmhUnits.MODES);
    }
    JsonNode unit = primary.path("scoreUnit");
    // compare and export convert between JMH's units: a unit they do not know has no conversion
    if (!unit.isTextual() || Double.isNaN(JmhUnits.nanos(mode, unit.asText()))) {
      throw new UnreadableRunException(
          what
              + " has scoreUnit "
              + unit
              + " in mode "
              + mode
              + ", not a unit JMH writes for it ("
              + (mode.equals("thrpt") ? "ops/ns .. ops/day" : "ns/op .. day/op")
              + ")");
    }
    JsonNode error = primary.path("scoreError");
    // JMH writes "NaN" when it has too few iterations for an error; a missing or negative one would
    // print as an interval that is none
    boolean noError = error.isTextual() && error.asText().equals("NaN");
    if (!noError && !(error.isNumber() && Figures.isAmount(error.asDouble()))) {
      throw new UnreadableRunException(
          what
              + " has scoreError "
              + (error.isMissingNode() ? "missing" : error)
              + ", not a half-width");
    }
    double score = primary.path("score").asDouble();
    // every mode's score is a time or a rate: a number that is none would become a ratio
    String notScore = Figures.notPositive(score, "not a measurement");
    if (notScore != null) {
      throw new UnreadableRunException(what + " has score " + score + ", " + notScore);
    }
    List<Double> raw = new ArrayList<>();
    JsonNode rawData = primary.path("rawData");
    int forks = rawData.size();
    int perFork = rawData.isArray() && forks > 0 ? rawData.get(0).size() : 0;
    if (!rawData.isArray() || perFork == 0) {
      throw new UnreadableRunException(what + " has no measured iterations (rawData)");
    }
    for (JsonNode fork : rawData) {
      // samples() splits the iterations into forks of equal shares
      if (!fork.isArray() || fork.size() != perFork) {
        throw new UnreadableRunException(what + " has forks of unequal iterations in rawData");
      }
      for (JsonNode v : fork) {
        String not =
            v.isNumber()
                ? Figures.notPositive(v.asDouble(), "not a measurement")
                : "not a measurement";
        if (not != null) {
          throw new UnreadableRunException(
              what + " has an iteration of " + v + " in rawData, " + not);
        }
        raw.add(v.asDouble());
      }
    }
    checkScore(what, mode, score, raw);
    Map<String, Double> secondary = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = object(file, what, b, "secondaryMetrics");
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!e.getValue().isObject()) {
        throw new UnreadableRunException(
            what
                + " has secondary metric "
                + e.getKey()
                + " of type "
                + type(e.getValue())
                + ", not an object with a score");
      }
      JsonNode s = e.getValue().path("score");
      // JMH writes a score it has none of as the string "NaN"; anything else that is no count or
      // rate would read as 0
      boolean nan = s.isTextual() && s.asText().equals("NaN");
      if (!nan && !(s.isNumber() && Figures.isAmount(s.asDouble()))) {
        throw new UnreadableRunException(
            what + " has secondary metric " + e.getKey() + " of " + s + ", not a count or rate");
      }
      secondary.put(e.getKey(), nan ? Double.NaN : s.asDouble());
    }
    return new JmhResult(
        name,
        params,
        mode,
        unit.asText(),
        score,
        noError ? Double.NaN : error.asDouble(),
        raw.stream().mapToDouble(Double::doubleValue).toArray(),
        forks,
        secondary);
  }

  /**
   * The members of {@code field}, an object where JMH writes one (none when it leaves it out);
   * null, an array or a number would read as "none" and drop what the file says.
   */
  private static Iterator<Map.Entry<String, JsonNode>> object(
      Path file, String what, JsonNode b, String field) throws UnreadableRunException {
    JsonNode node = b.path(field);
    if (!node.isMissingNode() && !node.isObject()) {
      throw new UnreadableRunException(
          (what.startsWith(file.toString()) ? what : file + ": " + what)
              + " has "
              + field
              + " of type "
              + type(node)
              + ", not an object (JMH writes name: value)");
    }
    return node.fields();
  }

  private static String type(JsonNode node) {
    return node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * JMH's score is the mean of the iterations' scores in thrpt, avgt and ss (each iteration one
   * sample of equal weight); in sample mode it is the mean of every sampled time, so a mean of the
   * iterations' means weighted by their counts: between the smallest and the largest. A score that
   * disagrees would be printed beside an interval computed from rawData.
   */
  private static void checkScore(String what, String mode, double score, List<Double> raw)
      throws UnreadableRunException {
    double tolerance = 1e-6 * score;
    if (mode.equals("sample")) {
      double min = raw.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
      double max = raw.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
      if (score < min - tolerance || score > max + tolerance) {
        throw new UnreadableRunException(
            what
                + " has score "
                + score
                + " outside its iterations' range ["
                + min
                + ", "
                + max
                + "] in rawData: the file was edited");
      }
      return;
    }
    double mean = raw.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    if (Math.abs(score - mean) > tolerance) {
      throw new UnreadableRunException(
          what
              + " has score "
              + score
              + ", not the mean "
              + mean
              + " of its iterations in rawData: the file was edited");
    }
  }

  /**
   * This result with its score, error and iterations in {@code unit}, another unit JMH writes for
   * its mode (ns/op for us/op, ops/s for ops/ms).
   *
   * @param file the file it was read from, named when it is refused
   * @throws UnreadableRunException when a figure in the new unit is outside {@link Figures}' range:
   *     each was within it in its own unit, but 2e-154 ns/op beside 6e153 day/op has a ratio that
   *     is no finite figure once one is converted to the other's unit
   */
  public JmhResult inUnit(String unit, Path file) throws UnreadableRunException {
    double f = JmhUnits.factor(mode, this.unit, unit);
    if (!(f > 0) || Double.isInfinite(f)) {
      throw new IllegalArgumentException(unit + " is no unit for " + mode + " in " + this.unit);
    }
    if (unit.equals(this.unit)) {
      return this;
    }
    double[] scaled = new double[raw.length];
    for (int i = 0; i < raw.length; i++) {
      scaled[i] = raw[i] * f;
      inRange(file, "an iteration of " + raw[i], unit, scaled[i], Figures.isPositive(scaled[i]));
    }
    inRange(file, "score " + score, unit, score * f, Figures.isPositive(score * f));
    double error = scoreError * f;
    inRange(
        file,
        "scoreError " + scoreError,
        unit,
        error,
        Double.isNaN(error) || Figures.isAmount(error));
    return new JmhResult(
        name, params, mode, unit, score * f, scoreError * f, scaled, forks, secondary);
  }

  private void inRange(Path file, String figure, String unit, double converted, boolean ok)
      throws UnreadableRunException {
    if (!ok) {
      throw new UnreadableRunException(
          file
              + ": "
              + key()
              + " has "
              + figure
              + " "
              + this.unit
              + ", "
              + converted
              + " in "
              + unit
              + " (the unit it is set beside): outside 2^-511..2^511 (about 1.5e-154..6.7e153),"
              + " where the ratio of two figures stays finite");
    }
  }
}
