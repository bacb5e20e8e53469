package org.wirebench.bench.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.wirebench.bench.cli.CliRunner;
import org.wirebench.bench.report.Comparison;
import org.wirebench.bench.report.ThenAndNowTest;
import org.wirebench.results.RunRecord;

/**
 * compare --format text|json|markdown|junit on committed runs: the text is what compare printed
 * before the formats existed (recorded from that build; the summary line since counts "moved"), and
 * every format has the same rows, verdicts and exit code; the JUnit file is valid against what CI
 * readers take, with regressions as failures and results not judged skipped with the reason.
 */
class CompareOutputTest {
  private final CliRunner cli = new CliRunner();

  static Path committed(String run) {
    String root = System.getProperty("wirebench.root");
    return Path.of(root == null ? ".." : root, "jmh-results", run);
  }

  static Path recorded(String run) {
    return ThenAndNowTest.runs().resolve("compare").resolve(run);
  }

  /** BASE, NEW, the exit code, and the text output recorded before --format existed. */
  record Pair(Path base, Path now, int exit, String golden) {
    @Override
    public String toString() {
      return base.getFileName() + " → " + now.getFileName();
    }
  }

  static List<Pair> pairs() {
    Path q1 = committed("20261125-203257-vm-7fd6bf6-quick-jdk17");
    Path q2 = committed("20261125-211034-vm-ff56be6-quick-jdk17");
    return List.of(
        new Pair(
            recorded("warm-base1"),
            recorded("warm-planted"),
            1,
            "compare-warm-base1-warm-planted.txt"),
        new Pair(q1, q2, 1, "compare-quick-203257-211034.txt"),
        new Pair(
            committed("20261123-120005-vm-23220aa-quick-jdk17"),
            q2,
            1,
            "compare-quick-120005-211034.txt"),
        new Pair(recorded("warm-base1"), recorded("warm-base2"), 0, null),
        new Pair(q2, q1, 0, null),
        // a study claim's ratio moved (protobuf got faster): shown in every format, exit 0
        new Pair(
            committed("20261126-104841-vm-bf1626c-quick-jdk17"),
            committed("20261126-142940-vm-dac75b2-quick-jdk17"),
            0,
            null));
  }

  /** compare --format {@code format} BASE NEW, by {@code cli}. */
  static int compare(CliRunner cli, Pair p, String format) {
    return cli.run("compare", "--format", format, p.base().toString(), p.now().toString());
  }

  private int compare(Pair p, String format) {
    return compare(cli, p, format);
  }

  static Comparison comparison(Pair p) throws Exception {
    return new Comparison(RunRecord.read(p.base()), RunRecord.read(p.now()), 0.05, 0.99);
  }

  @ParameterizedTest
  @MethodSource("pairs")
  void theTextIsTodaysOutputAndTheDefault(Pair p) throws Exception {
    assertEquals(p.exit(), cli.run("compare", p.base().toString(), p.now().toString()), cli::err);
    String plain = cli.out();
    assertEquals(p.exit(), compare(p, "text"));
    assertEquals(plain, cli.out());
    if (p.golden() != null) {
      try (InputStream golden = getClass().getResourceAsStream(p.golden())) {
        assertEquals(new String(golden.readAllBytes(), StandardCharsets.UTF_8), plain);
      }
    }
  }

  /** The version --help names is the one written: it said 1 while version 2 was written. */
  @Test
  void helpNamesTheJsonVersionWritten() throws Exception {
    Pair p = pairs().get(0);
    compare(p, "json");
    int written = new ObjectMapper().readTree(cli.out()).path("formatVersion").asInt();
    cli.run("compare", "--help");
    assertTrue(
        cli.out()
            .replaceAll("\\s+", " ")
            .contains("json (wirebench-compare version " + written + ","),
        cli::out);
  }

  @ParameterizedTest
  @MethodSource("pairs")
  void jsonHasTheSameRowsVerdictsAndExitCode(Pair p) throws Exception {
    Comparison c = comparison(p);
    assertEquals(p.exit(), compare(p, "json"), cli::err);
    JsonNode json = new ObjectMapper().readTree(cli.out());
    assertEquals("wirebench-compare", json.path("format").asText());
    assertEquals(2, json.path("formatVersion").asInt());
    assertEquals(p.exit(), json.path("exitCode").asInt());
    assertEquals(c.rows().size(), json.path("results").size());
    for (int i = 0; i < c.rows().size(); i++) {
      Comparison.Row r = c.rows().get(i);
      JsonNode row = json.path("results").get(i);
      assertEquals(r.key(), row.path("label").asText());
      assertEquals(r.verdict().name().toLowerCase(), row.path("verdict").asText());
      if (r.slowdown() == null) {
        assertTrue(row.path("cost").isNull(), row::toString);
      } else if (!r.slowdown().hasInterval()) {
        assertTrue(row.path("cost").path("low").isNull(), "no interval is null, never NaN");
        assertEquals(r.slowdown().ratio(), row.path("cost").path("ratio").asDouble(), 1e-12);
      } else {
        assertEquals(r.slowdown().low(), row.path("cost").path("low").asDouble(), 1e-12);
      }
    }
    assertEquals(c.missingInNew().size(), json.path("missingInNew").size());
    assertEquals(c.unmatched().size(), json.path("onlyInNew").size());
    assertEquals(
        c.count(Comparison.Verdict.NOT_STEADY), json.path("counts").path("not_steady").asLong());
    assertFalse(cli.out().contains("NaN"), "JSON has no NaN");
  }

  @ParameterizedTest
  @MethodSource("pairs")
  void markdownHasOneTableRowPerResult(Pair p) throws Exception {
    Comparison c = comparison(p);
    assertEquals(p.exit(), compare(p, "markdown"), cli::err);
    List<String> rows =
        cli.out()
            .lines()
            .filter(l -> l.startsWith("| ") && !l.startsWith("| benchmark / load point"))
            .toList();
    assertEquals(c.rows().size(), rows.size());
    for (int i = 0; i < rows.size(); i++) {
      Comparison.Verdict v = c.rows().get(i).verdict();
      String cell = v.name().toLowerCase().replace('_', ' ');
      assertTrue(
          rows.get(i)
              .endsWith(v == Comparison.Verdict.REGRESSED ? "**" + cell + "** |" : cell + " |"),
          rows.get(i));
    }
    assertEquals(
        c.missingInNew().size(),
        cli.out().lines().filter(l -> l.startsWith("- **missing in NEW**")).count());
  }

  @ParameterizedTest
  @MethodSource("pairs")
  void junitIsValidAndCountsWhatTheVerdictsSay(Pair p) throws Exception {
    Comparison c = comparison(p);
    assertEquals(p.exit(), compare(p, "junit"), cli::err);
    Document doc = junit(cli.out());
    Element suite = (Element) doc.getElementsByTagName("testsuite").item(0);
    NodeList cases = doc.getElementsByTagName("testcase");
    assertEquals(
        c.rows().size() + c.missingInNew().size() + c.unmatched().size(), cases.getLength());
    assertEquals(
        Integer.toString(cases.getLength()), suite.getAttribute("tests"), "tests = testcases");
    long failures = c.count(Comparison.Verdict.REGRESSED) + c.missingInNew().size();
    assertEquals(failures, doc.getElementsByTagName("failure").getLength());
    assertEquals(Long.toString(failures), suite.getAttribute("failures"));
    assertEquals(
        Integer.toString(doc.getElementsByTagName("skipped").getLength()),
        suite.getAttribute("skipped"));
    for (int i = 0; i < c.rows().size(); i++) {
      Comparison.Row r = c.rows().get(i);
      Element tc = (Element) cases.item(i);
      assertEquals(r.key(), tc.getAttribute("classname") + " " + tc.getAttribute("name"));
      switch (r.verdict()) {
        case REGRESSED -> {
          String message = child(tc, "failure").getAttribute("message");
          assertTrue(message.contains(r.slowdown().toString()), "ratio and interval: " + message);
          assertTrue(message.contains("99% interval, threshold 5%"), message);
        }
        case NOT_STEADY ->
            assertTrue(child(tc, "skipped").getAttribute("message").startsWith("not steady:"));
        case UNKNOWN ->
            assertTrue(child(tc, "skipped").getAttribute("message").startsWith("no verdict:"));
        case IMPROVED, NO_CHANGE, MOVED -> {
          assertEquals(null, child(tc, "failure"));
          assertEquals(null, child(tc, "skipped"));
        }
        default -> {}
      }
    }
    if (!c.unmatched().isEmpty()) {
      Element last = (Element) cases.item(cases.getLength() - 1);
      assertTrue(child(last, "skipped").getAttribute("message").startsWith("only in NEW"));
    }
  }

  /** The schema is a check that can fail: a test case without a name is not valid. */
  @Test
  void theSchemaRefusesATestCaseReadersCouldNotName() {
    String bad =
        "<testsuites name='x' tests='1' failures='0' errors='0' skipped='0' time='0'>"
            + "<testsuite name='x' tests='1' failures='0' errors='0' skipped='0' time='0'>"
            + "<testcase classname='a' time='0'/></testsuite></testsuites>";
    org.junit.jupiter.api.Assertions.assertThrows(org.xml.sax.SAXException.class, () -> junit(bad));
  }

  /** Parses (no DTD, no entities) and validates against what CI readers take. */
  static Document junit(String xml) throws Exception {
    var schema =
        SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
            .newSchema(CompareOutputTest.class.getResource("junit-report.xsd"));
    schema.newValidator().validate(new StreamSource(new StringReader(xml)));
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return f.newDocumentBuilder().parse(new org.xml.sax.InputSource(new StringReader(xml)));
  }

  private static Element child(Element e, String name) {
    NodeList l = e.getElementsByTagName(name);
    return l.getLength() == 0 ? null : (Element) l.item(0);
  }
}
