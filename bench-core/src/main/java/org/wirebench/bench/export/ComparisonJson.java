package org.wirebench.bench.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.wirebench.bench.report.Comparison;
import org.wirebench.bench.report.Ratio;
import org.wirebench.bench.report.Workloads;
import org.wirebench.results.OtherWork;

/**
 * compare as JSON, {@value CompareFormat#JSON_FORMAT} version {@value CompareFormat#JSON_VERSION}
 * (the shape is documented in docs/measuring.md, "compare for CI"): the same rows, verdicts and
 * exit code as the text output. Numbers that are not numbers (a NaN score, a missing interval) are
 * null, never NaN.
 */
final class ComparisonJson {
  private ComparisonJson() {}

  static void write(Comparison c, String base, String now, Writer out) throws IOException {
    try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
      g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeStringField("format", CompareFormat.JSON_FORMAT);
      g.writeNumberField("formatVersion", CompareFormat.JSON_VERSION);
      g.writeStringField("base", base);
      g.writeStringField("new", now);
      g.writeNumberField("threshold", c.threshold());
      g.writeNumberField("confidence", c.confidence());
      g.writeFieldName("machines");
      if (c.machines() == null) {
        g.writeNull();
      } else {
        g.writeStartObject();
        g.writeBooleanField("differ", c.machines().differ());
        g.writeArrayFieldStart("hardware");
        for (String h : c.machines().hardware()) {
          g.writeString(h);
        }
        g.writeEndArray();
        g.writeFieldName("speed");
        if (c.machines().speed() == null) {
          g.writeNull();
        } else {
          ratio(g, c.machines().speed());
        }
        g.writeFieldName("workloads");
        Workloads w = c.machines().workloads();
        if (w == null) {
          g.writeNull();
        } else {
          g.writeStartObject();
          g.writeNumberField("ratio", w.ratio());
          g.writeNumberField("variants", w.variants());
          g.writeNumberField("groups", w.groups());
          g.writeNumberField("rose", w.rose());
          g.writeBooleanField("differ", w.differ());
          g.writeEndObject();
        }
        g.writeArrayFieldStart("shared");
        for (OtherWork.Step step : c.machines().shared()) {
          g.writeString(step.key());
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeArrayFieldStart("warnings");
      for (String w : c.warnings()) {
        g.writeString(w);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("results");
      for (Comparison.Row r : c.rows()) {
        g.writeStartObject();
        subject(g, r.subject());
        g.writeStringField("unit", r.unit());
        number(g, "base", r.base());
        number(g, "new", r.now());
        number(g, "baseGeoMean", r.baseMean());
        number(g, "newGeoMean", r.nowMean());
        g.writeFieldName("cost");
        if (r.slowdown() == null) {
          g.writeNull();
        } else {
          ratio(g, r.slowdown());
        }
        g.writeStringField("verdict", verdict(r.verdict()));
        g.writeEndObject();
      }
      g.writeEndArray();
      listed(g, "onlyInNew", c.unmatched());
      listed(g, "missingInNew", c.missingInNew());
      g.writeObjectFieldStart("counts");
      for (Comparison.Verdict v : Comparison.Verdict.values()) {
        g.writeNumberField(verdict(v), c.count(v));
      }
      g.writeNumberField("missing_in_new", c.missingInNew().size());
      g.writeNumberField("only_in_new", c.unmatched().size());
      g.writeEndObject();
      g.writeNumberField("exitCode", c.exitCode());
      if (c.problem() == null) {
        g.writeNullField("problem");
      } else {
        g.writeStringField("problem", c.problem());
      }
      g.writeEndObject();
    }
    out.write(System.lineSeparator());
    out.flush();
  }

  /** "regressed", "no_change", "not_steady" ... */
  static String verdict(Comparison.Verdict v) {
    return v.name().toLowerCase(Locale.ROOT);
  }

  private static void subject(JsonGenerator g, Comparison.Subject s) throws IOException {
    g.writeStringField("kind", s.kind().name().toLowerCase(Locale.ROOT));
    g.writeStringField("label", s.label());
    g.writeStringField("group", s.group());
    g.writeStringField("item", s.item());
    if (s.pairKind() == null) {
      g.writeNullField("pairKind");
    } else {
      g.writeStringField("pairKind", s.pairKind().name().toLowerCase(Locale.ROOT));
    }
    g.writeObjectFieldStart("params");
    for (Map.Entry<String, String> e : s.params().entrySet()) {
      g.writeStringField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
  }

  private static void listed(JsonGenerator g, String field, List<Comparison.Listed> listed)
      throws IOException {
    g.writeArrayFieldStart(field);
    for (Comparison.Listed l : listed) {
      g.writeStartObject();
      subject(g, l.subject());
      g.writeStringField("text", l.text());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void ratio(JsonGenerator g, Ratio r) throws IOException {
    g.writeStartObject();
    number(g, "ratio", r.ratio());
    number(g, "low", r.low());
    number(g, "high", r.high());
    g.writeEndObject();
  }

  private static void number(JsonGenerator g, String field, double v) throws IOException {
    if (Double.isFinite(v)) {
      g.writeNumberField(field, v);
    } else {
      g.writeNullField(field);
    }
  }
}
