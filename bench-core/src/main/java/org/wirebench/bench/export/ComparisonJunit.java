package org.wirebench.bench.export;

import java.io.Writer;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.wirebench.bench.report.Comparison;
import org.wirebench.results.OtherWork;

/**
 * compare as JUnit XML, the shape CI test-report readers take (Jenkins' junit, GitLab, GitHub
 * actions such as action-junit-report): one testsuite, one testcase per compared result, per result
 * missing in NEW and per result only in NEW. A regression or a result missing in NEW is a failure,
 * a score that could not be compared an error, a result not judged (not steady, machines differ or
 * its step shared, no interval, only in NEW) skipped with the reason; the rest pass. Verdicts and
 * exit code are the text output's.
 */
final class ComparisonJunit {
  private ComparisonJunit() {}

  /** The suite's step that measured a result of this kind. */
  private static OtherWork.Step step(Comparison.Kind kind) {
    return switch (kind) {
      case JMH -> OtherWork.Step.BENCHMARKS;
      case LOAD -> OtherWork.Step.LOAD;
      case PAIR -> OtherWork.Step.PAIRS;
    };
  }

  static void write(Comparison c, String base, String now, String threshold, Writer out)
      throws XMLStreamException {
    long failures = c.count(Comparison.Verdict.REGRESSED) + c.missingInNew().size();
    long errors = c.count(Comparison.Verdict.INVALID);
    long skipped =
        c.count(Comparison.Verdict.NOT_STEADY)
            + c.count(Comparison.Verdict.NOT_JUDGED)
            + c.count(Comparison.Verdict.UNKNOWN)
            + c.unmatched().size();
    long tests = c.rows().size() + c.missingInNew().size() + c.unmatched().size();
    XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
    x.writeStartDocument("UTF-8", "1.0");
    x.writeCharacters("\n");
    x.writeStartElement("testsuites");
    counts(x, "wirebench compare", tests, failures, errors, skipped);
    x.writeCharacters("\n  ");
    x.writeStartElement("testsuite");
    counts(x, "wirebench compare", tests, failures, errors, skipped);
    x.writeCharacters("\n    ");
    x.writeStartElement("properties");
    property(x, "base", base);
    property(x, "new", now);
    property(x, "threshold", threshold);
    property(x, "confidence", format("%.2f", c.confidence()));
    property(x, "machines", ComparisonText.machines(c));
    for (String w : c.warnings()) {
      property(x, "warning", w);
    }
    x.writeCharacters("\n    ");
    x.writeEndElement();
    for (Comparison.Row r : c.rows()) {
      testcase(x, r.subject());
      String figures = figures(r, threshold, c.confidence());
      switch (r.verdict()) {
        case REGRESSED -> outcome(x, "failure", "regression", "regressed: " + figures);
        case INVALID ->
            outcome(
                x,
                "error",
                "invalid",
                "could not compare: a score is NaN, zero or negative (BASE "
                    + number(r.base())
                    + ", NEW "
                    + number(r.now())
                    + " "
                    + r.unit()
                    + ")");
        case NOT_STEADY ->
            skipped(
                x,
                "not steady: the load point did not reach a steady rate in one of the runs;"
                    + " listed, never judged (BASE "
                    + number(r.base())
                    + ", NEW "
                    + number(r.now())
                    + " "
                    + r.unit()
                    + ")");
        case NOT_JUDGED ->
            skipped(
                x,
                "not judged: "
                    + (c.machines().differ()
                        ? "the runs' machines differ (their hardware, calibrations or workloads"
                            + " together)"
                        : "a run shared its machine with other work in the "
                            + step(r.subject().kind())
                            + " step, which measured it (see the warnings)")
                    + "; absolute times and rates are listed, not judged: "
                    + figures);
        case UNKNOWN ->
            skipped(
                x,
                "no verdict: no interval (one fork or one run a side says nothing of the next"
                    + " JVM): "
                    + figures);
        case MOVED ->
            systemOut(
                x,
                "moved: a study claim's ratio changed; either variant may have moved (see its"
                    + " variants against the calibration), not a regression: "
                    + figures);
        case IMPROVED, NO_CHANGE ->
            systemOut(x, ComparisonText.verdict(r.verdict()) + ": " + figures);
      }
      x.writeCharacters("\n    ");
      x.writeEndElement();
    }
    for (Comparison.Listed l : c.missingInNew()) {
      testcase(x, l.subject());
      outcome(x, "failure", "missing", "missing in NEW: BASE measured " + l.text());
      x.writeCharacters("\n    ");
      x.writeEndElement();
    }
    for (Comparison.Listed l : c.unmatched()) {
      testcase(x, l.subject());
      skipped(x, "only in NEW: no BASE result to compare with (" + l.text() + ")");
      x.writeCharacters("\n    ");
      x.writeEndElement();
    }
    x.writeCharacters("\n    ");
    x.writeStartElement("system-out");
    x.writeCharacters(
        ComparisonText.summary(c, threshold)
            + (c.problem() == null ? "" : "\ncould not compare: " + c.problem()));
    x.writeEndElement();
    x.writeCharacters("\n  ");
    x.writeEndElement();
    x.writeCharacters("\n");
    x.writeEndElement();
    x.writeCharacters("\n");
    x.writeEndDocument();
    x.flush();
    x.close();
  }

  /**
   * "cost NEW/BASE 1.095 [1.028, 1.168] (99% interval, threshold 5%; ...): BASE 61.64, NEW 67.59
   * us/op"
   */
  private static String figures(Comparison.Row r, String threshold, double confidence) {
    String cost = r.slowdown() == null ? "no ratio" : r.slowdown().toString();
    return "cost NEW/BASE "
        + cost
        + " ("
        + format("%.0f", 100 * confidence)
        + "% interval, threshold "
        + threshold
        + "; above 1 is slower or fewer req/s): BASE "
        + number(r.baseMean())
        + ", NEW "
        + number(r.nowMean())
        + " "
        + r.unit()
        + " (geometric means the cost is the quotient of)";
  }

  private static void counts(
      XMLStreamWriter x, String name, long tests, long failures, long errors, long skipped)
      throws XMLStreamException {
    x.writeAttribute("name", name);
    x.writeAttribute("tests", Long.toString(tests));
    x.writeAttribute("failures", Long.toString(failures));
    x.writeAttribute("errors", Long.toString(errors));
    x.writeAttribute("skipped", Long.toString(skipped));
    x.writeAttribute("time", "0");
  }

  private static void property(XMLStreamWriter x, String name, String value)
      throws XMLStreamException {
    x.writeCharacters("\n      ");
    x.writeEmptyElement("property");
    x.writeAttribute("name", name);
    x.writeAttribute("value", value);
  }

  /** Opens a testcase: the class is the benchmark, "load SCENARIO" or "pair", the name the rest. */
  private static void testcase(XMLStreamWriter x, Comparison.Subject s) throws XMLStreamException {
    x.writeCharacters("\n    ");
    x.writeStartElement("testcase");
    x.writeAttribute("classname", s.group());
    x.writeAttribute("name", s.item().isEmpty() ? s.group() : s.item());
    x.writeAttribute("time", "0");
  }

  private static void outcome(XMLStreamWriter x, String element, String type, String message)
      throws XMLStreamException {
    x.writeCharacters("\n      ");
    x.writeStartElement(element);
    x.writeAttribute("type", type);
    x.writeAttribute("message", message);
    x.writeCharacters(message);
    x.writeEndElement();
  }

  private static void skipped(XMLStreamWriter x, String message) throws XMLStreamException {
    x.writeCharacters("\n      ");
    x.writeEmptyElement("skipped");
    x.writeAttribute("message", message);
  }

  private static void systemOut(XMLStreamWriter x, String text) throws XMLStreamException {
    x.writeCharacters("\n      ");
    x.writeStartElement("system-out");
    x.writeCharacters(text);
    x.writeEndElement();
  }

  private static String number(double v) {
    return format("%.4g", v);
  }

  private static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}
