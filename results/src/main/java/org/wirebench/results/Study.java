package org.wirebench.results;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One published study the suite re-runs: where its numbers came from, the numbers it published, and
 * what it claimed, each claim with its bound, its equivalence band and the measurement it is judged
 * on. The one place a study's facts live ({@link Studies}); the report's then-and-now rows and
 * section introductions, the pairs' claims and the load scenarios' ratio lines are made from it.
 *
 * @param name the short name rows and pairs.json use: "WFS", "SOAP", "Backend", "Raster"
 * @param title as the README and the docs head the study, e.g. "WFS output formats"
 * @param citation who, when, on what, measured how
 * @param summary what it found, in the words the README's list of studies uses (StudyDocsTest)
 * @param figures every number the study published that the suite quotes
 * @param claims what the study said, in the order the report shows them
 * @param loadRatios the ratio lines the study's load scenario draws under its tables
 * @param benchmarks the simple names of the JMH benchmark classes that measure it
 * @param section the name of the report section that shows those benchmarks' numbers
 */
public record Study(
    String name,
    String title,
    String citation,
    String summary,
    List<Figure> figures,
    List<Claim> claims,
    List<TableLayout.RatioLine> loadRatios,
    List<String> benchmarks,
    String section) {

  /**
   * A number the study published.
   *
   * @param id unique within the study, e.g. "xml-trans-per-s"
   * @param value as published
   * @param unit "req/s", "trans/s", "ms", "KiB", "B", "×", "%"
   * @param quoted how the README and docs/studies.md write it, e.g. "1,002" or "3.4–5.4×"; the
   *     figure must appear so in the study's paragraph of each (StudyDocsTest)
   */
  public record Figure(String id, double value, String unit, String quoted) {}

  /** How a claim is judged. */
  public enum Judged {
    /** a ÷ b is at least the bound (1: direction only), within the claim's band */
    AT_LEAST,
    /** not judged: a number beside the study's, for the reason the claim gives */
    CONTEXT
  }

  /**
   * What one claim is measured by: the time ratio {@code param=a} ÷ {@code param=b} of one JMH
   * benchmark at the parameters {@code at}.
   *
   * @param benchmark as a run's records name it, "GeoEncodingBenchmark.encode" (a constant of that
   *     class, checked by a test of bench-core)
   */
  public record Benchmark(
      String benchmark, Map<String, String> at, String param, String a, String b) {}

  /** The same ratio as variants {@code a} and {@code b} of pairs group {@code group}. */
  public record Pair(String group, String a, String b) {}

  /** What a load figure is. */
  public enum Quantity {
    /** the rate of the faster side ÷ the slower's */
    RATE_RATIO,
    /** the mean response time of the slower side ÷ the faster's */
    TIME_RATIO,
    /** the faster side's req/s per core of the machine */
    RATE_PER_CORE,
    /** the best req/s of each side over the points, faster ÷ slower */
    BEST_RATE_RATIO
  }

  /**
   * A load scenario's points: {@code param=a} (the side the study found slower) against {@code
   * param=b} at the parameters {@code at}.
   *
   * @param a "" for a figure of one side ({@link Quantity#RATE_PER_CORE})
   * @param reference for {@link Quantity#RATE_PER_CORE}, the study's rate it is divided by (its
   *     req/s per core, or per box where it gave no cores); 0 otherwise
   * @param unit what the study called a rate: "req/s", or "trans/s" as JMeter's summary
   */
  public record Load(
      String scenario,
      Map<String, String> at,
      String param,
      String a,
      String b,
      Quantity quantity,
      double reference,
      String unit) {}

  /**
   * One claim. A ratio is written A ÷ B, A the side the study found slower: time ÷ time, or for
   * rates B's ÷ A's; above 1 is the study's direction.
   *
   * @param id stable across runs (pairs.json keeps it), e.g. "soap-cxf-adb-ints-100"
   * @param text what was claimed, in words
   * @param then the study's figure, in words
   * @param bound the claimed ratio (1: direction only); 0 for a context figure
   * @param band the equivalence band: within [1/(1+band), 1+band] is "no difference"
   * @param judged AT_LEAST or CONTEXT
   * @param reason why a context figure is not judged; "" for a judged claim
   * @param benchmark the JMH measurement, or null
   * @param pair the pairs measurement, or null
   * @param load the load measurement, or null
   */
  public record Claim(
      String id,
      String text,
      String then,
      double bound,
      double band,
      Judged judged,
      String reason,
      Benchmark benchmark,
      Pair pair,
      Load load) {
    public Claim {
      if ((judged == Judged.CONTEXT) == reason.isEmpty()) {
        throw new IllegalArgumentException(id + ": a context figure, and only one, gives a reason");
      }
      if (benchmark == null && pair == null && load == null) {
        throw new IllegalArgumentException(id + ": a claim names what measures it");
      }
      if (judged == Judged.AT_LEAST && !(bound >= 1 && band > 0)) {
        throw new IllegalArgumentException(id + ": a judged claim needs a bound ≥ 1 and a band");
      }
    }
  }

  public Figure figure(String id) {
    for (Figure f : figures) {
      if (f.id().equals(id)) {
        return f;
      }
    }
    throw new IllegalArgumentException(name + " has no figure " + id);
  }

  /** The value of one figure. */
  public double value(String id) {
    return figure(id).value();
  }

  public Claim claim(String id) {
    for (Claim c : claims) {
      if (c.id().equals(id)) {
        return c;
      }
    }
    throw new IllegalArgumentException(name + " has no claim " + id);
  }

  /** The claims measured by a load scenario, in order. */
  public List<Claim> loadClaims() {
    return claims.stream().filter(c -> c.load() != null).toList();
  }

  /** A figure as the docs quote it. */
  public String quoted(String id) {
    return figure(id).quoted();
  }

  /** "%.2f" and the like with a fixed locale, so a report reads the same everywhere. */
  static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}
