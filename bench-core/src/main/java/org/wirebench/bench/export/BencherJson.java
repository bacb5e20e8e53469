package org.wirebench.bench.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Bencher Metric Format (BMF) JSON, as Bencher's {@code json} adapter reads it: an object of
 * benchmark names, each an object of measures, each {@code {"value", "lower_value", "upper_value"}}
 * (the bounds only where there is an interval or a range). Measure "latency" is Bencher's built-in
 * one in nanoseconds, "throughput" its built-in operations per second; the others are created by
 * name in the Bencher project on first use.
 */
final class BencherJson {
  /** Bencher's longest benchmark name and measure name. */
  static final int MAX_NAME = 1024;

  static final int MAX_MEASURE = 64;

  private BencherJson() {}

  static void write(List<Metric> metrics, Writer out) throws IOException {
    Map<String, List<Metric>> byBenchmark = new LinkedHashMap<>();
    for (Metric m : metrics) {
      check(m);
      byBenchmark.computeIfAbsent(m.benchmark(), k -> new ArrayList<>()).add(m);
    }
    try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
      g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      for (Map.Entry<String, List<Metric>> b : byBenchmark.entrySet()) {
        g.writeObjectFieldStart(b.getKey());
        for (Metric m : b.getValue()) {
          g.writeObjectFieldStart(m.measure());
          g.writeNumberField("value", m.value());
          if (m.hasRange()) {
            g.writeNumberField("lower_value", m.lower());
            g.writeNumberField("upper_value", m.upper());
          }
          g.writeEndObject();
        }
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    out.write(System.lineSeparator());
    out.flush();
  }

  /** What Bencher would refuse is refused here, by name, rather than sent. */
  private static void check(Metric m) {
    if (m.benchmark().isEmpty() || m.benchmark().length() > MAX_NAME) {
      throw new IllegalStateException(
          "benchmark name of "
              + m.benchmark().length()
              + " characters (Bencher: 1.."
              + MAX_NAME
              + "): "
              + m.benchmark());
    }
    if (m.measure().length() > MAX_MEASURE) {
      throw new IllegalStateException(
          "measure name longer than " + MAX_MEASURE + ": " + m.measure());
    }
    if (!Double.isFinite(m.value())) {
      throw new IllegalStateException(m.name() + " is " + m.value() + ": not a JSON number");
    }
  }
}
