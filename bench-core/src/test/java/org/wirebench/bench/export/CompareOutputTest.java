package org.wirebench.bench.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
  @TempDir Path tmp;

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

  private int compare(Pair p, String format) {
    return cli.run("compare", "--format", format, p.base().toString(), p.now().toString());
  }

  private static Comparison comparison(Pair p) throws Exception {
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

  /**
   * Iterations of zero are no measurement: the run is refused when read, exit 2 in one line naming
   * the file and the result, in every format, before any output is written.
   */
  @Test
  void aScoreThatIsNoMeasurementIsRefusedInEveryFormat() throws Exception {
    ObjectMapper json = new ObjectMapper();
    JsonNode results = json.readTree(recorded("base1").resolve("jmh.json").toFile());
    for (JsonNode fork : results.get(0).path("primaryMetric").path("rawData")) {
      for (int i = 0; i < fork.size(); i++) {
        ((com.fasterxml.jackson.databind.node.ArrayNode) fork).set(i, 0.0);
      }
    }
    Path zero = Files.createDirectory(tmp.resolve("zero"));
    Files.copy(recorded("base1").resolve("env.json"), zero.resolve("env.json"));
    json.writeValue(zero.resolve("jmh.json").toFile(), results);
    Pair p = new Pair(recorded("base1"), zero, 2, null);
    for (String format : List.of("text", "json", "markdown", "junit")) {
      assertEquals(2, compare(p, format), format);
      assertTrue(cli.err().contains("an iteration of 0.0 in rawData"), cli::err);
      assertEquals(1, cli.err().strip().lines().count(), cli::err);
      assertEquals("", cli.out(), format);
    }
  }

  /**
   * The a35e677 quick run copied without pairs.json and its calibration (a run of {@code suite
   * --pairs none}, or one from before the pairs): as NEW, its 26 claims and targets and 37
   * per-variant rows are missing in NEW in every format, exit 1 (the old compare listed none and
   * exited 0); as BASE, they are only in NEW, exit 0 as for any other new result.
   */
  @Test
  void aRunWithoutPairsLacksEveryPairRowOfTheOtherInEveryFormat() throws Exception {
    Path with = committed("20261126-161639-vm-a35e677-quick-jdk17");
    Path without = tmp.resolve("no-pairs");
    Files.createDirectories(without);
    try (var files = Files.list(with)) {
      for (Path f : files.toList()) {
        if (!f.getFileName().toString().equals("pairs.json")) {
          Files.copy(f, without.resolve(f.getFileName()));
        }
      }
    }
    ObjectMapper mapper = new ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode env =
        (com.fasterxml.jackson.databind.node.ObjectNode)
            mapper.readTree(without.resolve("env.json").toFile());
    env.remove("calibration");
    mapper.writeValue(without.resolve("env.json").toFile(), env);
    Pair lost = new Pair(with, without, 1, null);
    Comparison c = comparison(lost);
    List<Comparison.Listed> pairs =
        c.missingInNew().stream().filter(l -> l.subject().kind() == Comparison.Kind.PAIR).toList();
    assertEquals(26 + 37, pairs.size(), c.missingInNew()::toString);
    assertEquals(
        37,
        pairs.stream().filter(l -> l.subject().pairKind() == Comparison.PairKind.VARIANT).count());
    assertEquals(1, c.exitCode());
    assertEquals(1, compare(lost, "text"), cli::err);
    assertTrue(
        cli.out().contains("missing in NEW: pair backend xml ÷ calibration (NEW has no"), cli::out);
    assertTrue(cli.out().contains("; 63 missing in NEW"), cli::out);
    assertEquals(1, compare(lost, "json"), cli::err);
    JsonNode json = mapper.readTree(cli.out());
    assertEquals(63, json.path("counts").path("missing_in_new").asInt());
    assertEquals(1, json.path("exitCode").asInt());
    assertEquals(1, compare(lost, "markdown"), cli::err);
    assertEquals(
        63, cli.out().lines().filter(l -> l.startsWith("- **missing in NEW**: pair")).count());
    assertEquals(1, compare(lost, "junit"), cli::err);
    assertEquals(63, junit(cli.out()).getElementsByTagName("failure").getLength());

    Pair gained = new Pair(without, with, 0, null);
    Comparison g = comparison(gained);
    assertEquals(
        63, g.unmatched().stream().filter(l -> l.subject().kind() == Comparison.Kind.PAIR).count());
    assertEquals(0, g.missingInNew().size());
    assertEquals(0, compare(gained, "json"), cli::err);
    assertEquals(63, mapper.readTree(cli.out()).path("counts").path("only_in_new").asInt());
  }

  /**
   * Every pair row says what it is, claim, target or per-variant, in JSON's {@code pairKind}, since
   * all have the group "pair"; other rows have null there. A text row's BASE and NEW are the
   * geometric means its cost is the quotient of, JSON's {@code baseGeoMean} and {@code newGeoMean},
   * so the cost can be checked from what is printed (BackendResponseBenchmark.decode xml: JMH's
   * scores 205.3 → 315.4 are 1.536; the cost 1.506 is 302.4 / 200.7).
   */
  @Test
  void pairRowsSayTheirKindAndTheCostIsTheQuotientOfThePrintedColumns() throws Exception {
    Pair p =
        new Pair(
            committed("20261126-142940-vm-dac75b2-quick-jdk17"),
            committed("20261126-161639-vm-a35e677-quick-jdk17"),
            0,
            null);
    assertEquals(0, compare(p, "json"), cli::err);
    JsonNode json = new ObjectMapper().readTree(cli.out());
    java.util.Map<String, Integer> kinds = new java.util.TreeMap<>();
    for (JsonNode row : json.path("results")) {
      String kind = row.path("pairKind").isNull() ? "null" : row.path("pairKind").asText();
      kinds.merge(row.path("kind").asText() + "/" + kind, 1, Integer::sum);
      if (row.path("cost").path("ratio").isNumber()) {
        double cost = row.path("cost").path("ratio").asDouble();
        double quotient = row.path("newGeoMean").asDouble() / row.path("baseGeoMean").asDouble();
        boolean rate = row.path("unit").asText().endsWith("/s");
        assertEquals(rate ? 1 / quotient : quotient, cost, 1e-9 * cost, row::toString);
      }
    }
    assertEquals(14, kinds.get("pair/claim"), kinds::toString);
    assertEquals(12, kinds.get("pair/target"), kinds::toString);
    assertEquals(37, kinds.get("pair/variant"), kinds::toString);
    assertTrue(kinds.get("jmh/null") > 0, kinds::toString);
    assertEquals(0, compare(p, "text"), cli::err);
    String decode =
        cli.out()
            .lines()
            .filter(l -> l.startsWith("BackendResponseBenchmark.decode {backendFormat=xml"))
            .findFirst()
            .orElseThrow();
    assertTrue(decode.matches(".* 200\\.7 +302\\.4 +1\\.506 .*"), decode);
  }

  @Test
  void aBadFormatIsRefusedInOneLineBeforeAnyWork() throws Exception {
    Path file = tmp.resolve("never.xml");
    assertEquals(
        2,
        cli.run("compare", "--format", "xml", "--out", file.toString(), "no-such-a", "no-such-b"));
    assertEquals(1, cli.err().lines().count(), cli::err);
    assertTrue(
        cli.err().contains("unknown format 'xml'; valid: text, json, markdown, junit"), cli::err);
    assertFalse(cli.err().contains("no-such"), "refused before the runs were read");
    assertFalse(Files.exists(file));
    assertEquals("", cli.out());
  }

  @Test
  void outWritesTheFileWholeAndNeverReplacesOneSilently() throws Exception {
    Pair p = pairs().get(0);
    Path file = tmp.resolve("reports/compare.xml");
    assertEquals(
        1,
        cli.run(
            "compare",
            "--format",
            "junit",
            "--out",
            file.toString(),
            p.base().toString(),
            p.now().toString()));
    String written = Files.readString(file);
    junit(written);
    assertTrue(cli.out().contains("1 compared (threshold 5%"), "the table on stdout too");
    try (var left = Files.list(file.getParent())) {
      assertEquals(List.of(file), left.toList(), "no tmp- file left beside it");
    }
    Files.writeString(file, "kept");
    assertEquals(
        2,
        cli.run(
            "compare",
            "--format",
            "json",
            "--out",
            file.toString(),
            p.base().toString(),
            p.now().toString()));
    assertEquals(1, cli.err().lines().count(), cli::err);
    assertTrue(cli.err().contains("exists"), cli::err);
    assertEquals("kept", Files.readString(file));
    assertEquals(
        1,
        cli.run(
            "compare",
            "--format",
            "json",
            "--out",
            file.toString(),
            "--replace",
            p.base().toString(),
            p.now().toString()));
    assertEquals(1, new ObjectMapper().readTree(file.toFile()).path("exitCode").asInt());
    assertEquals(2, cli.run("compare", "--replace", p.base().toString(), p.now().toString()));
    assertTrue(cli.err().contains("--replace needs --out"), cli::err);
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
