package org.wirebench.bench.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * github-action-benchmark's custom JSON ({@code tool: customSmallerIsBetter} or {@code
 * customBiggerIsBetter}): an array of {@code {"name", "unit", "value", "range", "extra"}}, each
 * file one direction, so a run exports as two files. {@code range} is "± h", the form the action
 * rescales with the unit: JMH's 99.9% half-width, or for a load point the farthest of its runs from
 * the value.
 */
final class GithubBenchmarkJson {
  private GithubBenchmarkJson() {}

  static void write(List<Metric> metrics, Metric.Direction direction, Writer out)
      throws IOException {
    try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
      g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      g.useDefaultPrettyPrinter();
      g.writeStartArray();
      for (Metric m : metrics) {
        if (m.direction() != direction) {
          continue;
        }
        if (!Double.isFinite(m.value())) {
          throw new IllegalStateException(m.name() + " is " + m.value() + ": not a JSON number");
        }
        g.writeStartObject();
        g.writeStringField("name", m.name());
        g.writeStringField("unit", m.unit());
        g.writeNumberField("value", m.value());
        if (m.hasRange()) {
          double h = Math.max(m.value() - m.lower(), m.upper() - m.value());
          g.writeStringField("range", String.format(Locale.ROOT, "± %.6g", h));
        }
        g.writeStringField("extra", m.note());
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    out.write(System.lineSeparator());
    out.flush();
  }
}
