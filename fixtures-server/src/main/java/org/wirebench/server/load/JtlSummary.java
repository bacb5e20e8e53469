package org.wirebench.server.load;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.wirebench.results.JmeterResult;
import org.wirebench.results.Statistic;
import org.wirebench.server.CliValues;

/**
 * Reads a JMeter results file (JTL, CSV with its header line, JMeter's default format) of an
 * exported plan into {@link JmeterResult}: per label, the samples after the warm-up, their
 * throughput, latency and errors. Samples of a point's outline check ({@link
 * JmeterPlan#STRUCTURE_SUFFIX}) are counted apart, never in its rate.
 */
public final class JtlSummary {
  private static final List<String> NEEDED =
      List.of("timeStamp", "elapsed", "label", "responseCode", "success", "bytes", "grpThreads");

  /** Columns not needed but checked when present: a negative time is no time JMeter measured. */
  private static final List<String> OPTIONAL = List.of("Latency", "Connect", "sentBytes");

  /**
   * The longest sample read, in ms: the latency histogram's range (1 h). A longer one is refused,
   * not clamped into it (its percentiles would be wrong and its mean not).
   */
  static final long MAX_ELAPSED_MS = 3_600_000L;

  /**
   * The range of timeStamp read, epoch ms: 2000-01-01 up to 2100-01-01 UTC. Outside it a stamp is
   * no time JMeter measured, and its sums with elapsed times could wrap round.
   */
  static final long MIN_STAMP_MS = 946_684_800_000L;

  static final long MAX_STAMP_MS = 4_102_444_800_000L;

  /** The most body bytes of one sample read (64 GiB), so a point's sum stays exact. */
  static final long MAX_BYTES = 1L << 36;

  /**
   * The most threads of one thread group (grpThreads) read: the driver's most users a point, the
   * most a plan made from it gives one engine.
   */
  static final long MAX_THREADS = 10_000;

  /** The most samples read from one file (each is held until its point is summarised). */
  static final long MAX_SAMPLES = 10_000_000;

  /** The fewest threads of one thread group (grpThreads) read: a point has a user. */
  static final long MIN_THREADS = 1;

  /**
   * The bounds a column's values are read within and what they stand for in a message, the text
   * made from the bounds themselves, one way for every column.
   */
  private record Bound(long min, long max, String meaning) {
    /** Why {@code v} is not a value of the column, or null. */
    String outside(long v) {
      if (v < 0 && min == 0) {
        return " is negative";
      }
      if (v < min) {
        return " is below " + min + meaning;
      }
      return v > max ? " is above " + max + meaning : null;
    }
  }

  private static final Bound MILLIS =
      new Bound(
          0,
          MAX_ELAPSED_MS,
          " ms (" + java.time.Duration.ofMillis(MAX_ELAPSED_MS).toHours() + " h), the most read");

  private static final Bound BYTES =
      new Bound(0, MAX_BYTES, " (" + (MAX_BYTES >> 30) + " GiB), the most read");

  /** Each column read as a number, with its bounds. */
  private static final Map<String, Bound> BOUNDS =
      Map.of(
          "timeStamp",
          new Bound(
              MIN_STAMP_MS,
              MAX_STAMP_MS,
              " (epoch ms "
                  + utcDay(MIN_STAMP_MS)
                  + ".."
                  + utcDay(MAX_STAMP_MS)
                  + " UTC, the range"
                  + " read)"),
          "elapsed",
          MILLIS,
          "Latency",
          MILLIS,
          "Connect",
          MILLIS,
          "bytes",
          BYTES,
          "sentBytes",
          BYTES,
          "grpThreads",
          new Bound(
              MIN_THREADS,
              MAX_THREADS,
              " ("
                  + MIN_THREADS
                  + ".."
                  + MAX_THREADS
                  + " threads a thread group, the most a plan has)"));

  private JtlSummary() {}

  private static java.time.LocalDate utcDay(long epochMs) {
    return java.time.LocalDate.ofInstant(
        java.time.Instant.ofEpochMilli(epochMs), java.time.ZoneOffset.UTC);
  }

  /**
   * A whole number within the column's bounds, else the file and line, the column and the value.
   */
  private static long number(String where, String column, String value) throws IOException {
    long v;
    try {
      v = CliValues.whole(value); // Long.parseLong also takes "+5" and Arabic-Indic digits
    } catch (NumberFormatException e) {
      throw new IOException(where + column + " '" + value + "' is not a whole number", e);
    }
    String outside = BOUNDS.get(column).outside(v);
    if (outside != null) {
      throw new IOException(where + column + " " + v + outside);
    }
    return v;
  }

  /** JMeter writes success as true or false; anything else is not a JMeter JTL's. */
  private static boolean success(String where, String value) throws IOException {
    if (value.equals("true") || value.equals("false")) {
      return value.equals("true");
    }
    throw new IOException(where + "success '" + value + "' is neither true nor false");
  }

  /** One sample as the JTL has it. */
  private record Sample(long startMs, long elapsedMs, boolean ok, String code, long bytes, int n) {}

  /**
   * @param timestampIsStart whether the file's timeStamp is each sample's start (JMeter's
   *     sampleresult.timestamp.start=true, as the Maven plugin sets it) or its end (JMeter's own
   *     default)
   * @param engines how many JMeter engines wrote the file (a distributed run: each ran the plan's
   *     users)
   * @throws IOException for a file that is not a CSV JTL with the columns needed (named), or has no
   *     sample
   */
  public static JmeterResult read(
      Path jtl,
      String scenario,
      long warmupMs,
      long warmupSamples,
      boolean timestampIsStart,
      int engines)
      throws IOException {
    Map<String, List<Sample>> byLabel = new LinkedHashMap<>();
    long samples = 0;
    try (JtlLines in = new JtlLines(jtl)) {
      String header = in.next();
      if (header == null || header.startsWith("<")) {
        throw new IOException(
            jtl
                + ": not a CSV JTL with a header line (XML results: set"
                + " jmeter.save.saveservice.output_format=csv)");
      }
      List<String> names = fields(header);
      String odd = headerProblem(names);
      if (odd != null) {
        throw new IOException(jtl + ": its header " + odd + ": not a JTL JMeter wrote");
      }
      int[] at = new int[NEEDED.size()];
      for (int i = 0; i < at.length; i++) {
        at[i] = names.indexOf(NEEDED.get(i));
        if (at[i] < 0) {
          throw new IOException(jtl + ": no column " + NEEDED.get(i) + " in " + header);
        }
      }
      int[] optional = OPTIONAL.stream().mapToInt(names::indexOf).toArray();
      for (String line = in.next(); line != null; line = in.next()) {
        if (line.isBlank()) {
          continue;
        }
        String where = in.where();
        List<String> f = fields(line);
        if (f.size() < names.size()) {
          throw new IOException(where + f.size() + " fields");
        }
        if (++samples > MAX_SAMPLES) {
          throw new IOException(where + "more than " + MAX_SAMPLES + " samples, the most read");
        }
        long stamp = number(where, "timeStamp", f.get(at[0]));
        long elapsed = number(where, "elapsed", f.get(at[1]));
        for (int i = 0; i < optional.length; i++) {
          if (optional[i] >= 0) {
            number(where, OPTIONAL.get(i), f.get(optional[i]));
          }
        }
        byLabel
            .computeIfAbsent(f.get(at[2]), k -> new ArrayList<>())
            .add(
                new Sample(
                    timestampIsStart ? stamp : stamp - elapsed,
                    elapsed,
                    success(where, f.get(at[4])),
                    f.get(at[3]),
                    number(where, "bytes", f.get(at[5])),
                    (int) number(where, "grpThreads", f.get(at[6]))));
      }
    }
    List<JmeterResult.Point> points = new ArrayList<>();
    for (Map.Entry<String, List<Sample>> e : byLabel.entrySet()) {
      if (e.getKey().endsWith(JmeterPlan.STRUCTURE_SUFFIX)) {
        continue;
      }
      List<Sample> checks =
          byLabel.getOrDefault(e.getKey() + JmeterPlan.STRUCTURE_SUFFIX, List.of());
      points.add(point(e.getKey(), e.getValue(), checks, warmupMs, warmupSamples, engines));
    }
    if (points.isEmpty()) {
      throw new IOException(jtl + ": no samples");
    }
    return new JmeterResult(
        JmeterResult.FORMAT_VERSION,
        scenario,
        jtl.getFileName().toString(),
        warmupMs,
        warmupSamples,
        engines,
        points);
  }

  private static JmeterResult.Point point(
      String id,
      List<Sample> all,
      List<Sample> checks,
      long warmupMs,
      long warmupSamples,
      int engines) {
    long first = all.stream().mapToLong(Sample::startMs).min().orElse(0);
    List<Sample> kept =
        all.stream()
            .sorted(java.util.Comparator.comparingLong(Sample::startMs))
            .skip(Math.min(warmupSamples, all.size() - 1))
            // as a difference: the warm-up is read from a plan, and first + warmupMs could wrap
            .filter(s -> s.startMs() - first >= warmupMs)
            .toList();
    // a timed point too short for its warm-up: every sample counts rather than none
    if (kept.isEmpty()) {
      kept = all;
    }
    long start = kept.stream().mapToLong(Sample::startMs).min().orElse(0);
    long end = kept.stream().mapToLong(s -> s.startMs() + s.elapsedMs()).max().orElse(start);
    Histogram h = new Histogram(MAX_ELAPSED_MS, 3);
    Map<String, Long> errors = new TreeMap<>();
    long ok = 0;
    long bytes = 0;
    long sum = 0;
    int users = 0;
    for (Sample s : kept) {
      h.recordValue(s.elapsedMs()); // 0..MAX_ELAPSED_MS, checked when read
      // exact: each value is bounded when read and the samples are at most MAX_SAMPLES, so these
      // cannot wrap; were the bounds ever raised, a wrap throws rather than gives a wrong mean
      sum = Math.addExact(sum, s.elapsedMs());
      bytes = Math.addExact(bytes, s.bytes());
      users = Math.max(users, s.n());
      if (s.ok()) {
        ok++;
      } else {
        errors.merge(s.code().isEmpty() ? "failed" : s.code(), 1L, Long::sum);
      }
    }
    Map<Statistic, Double> latency = new EnumMap<>(Statistic.class);
    latency.put(Statistic.MEAN, (double) sum / kept.size());
    latency.put(Statistic.P50, (double) h.getValueAtPercentile(50));
    latency.put(Statistic.P90, (double) h.getValueAtPercentile(90));
    latency.put(Statistic.P99, (double) h.getValueAtPercentile(99));
    latency.put(Statistic.MAX, (double) h.getMaxValue());
    long durationMs = Math.max(1, end - start);
    return new JmeterResult.Point(
        id,
        Math.multiplyExact(users, engines),
        kept.size(),
        errors,
        durationMs,
        ok * 1000.0 / durationMs,
        latency,
        (double) bytes / kept.size(),
        checks.size(),
        checks.stream().filter(s -> !s.ok()).count());
  }

  /**
   * What is wrong with a header's column names, or null: a name given twice (which column holds its
   * values could not be told: the first was read, the second silently ignored) or an empty one (a
   * delimiter too many). JMeter names each column it saves once.
   */
  static String headerProblem(List<String> names) {
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (int i = 0; i < names.size(); i++) {
      String n = names.get(i);
      if (n.isEmpty()) {
        return "has no name for column " + (i + 1);
      }
      if (!seen.add(n)) {
        return "names column "
            + n
            + " twice (columns "
            + (names.indexOf(n) + 1)
            + " and "
            + (i + 1)
            + ")";
      }
    }
    return null;
  }

  /** One CSV line's fields (JMeter quotes a field holding the delimiter or a quote). */
  static List<String> fields(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder b = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          b.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          b.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        out.add(b.toString());
        b.setLength(0);
      } else {
        b.append(c);
      }
    }
    out.add(b.toString());
    return out;
  }
}
