package org.wirebench.bench.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.wirebench.bench.cli.CliRunner;
import org.wirebench.bench.report.Comparison;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunRecord;

/**
 * wirebench export of a run's pairs (pairs.json): every claim, target and per-variant cost is in
 * the export, named as compare names its rows, with the values the report prints and compare
 * computes; a run of pairs alone exports instead of being refused as holding no results.
 */
class PairExportTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A quick run with pairs and a calibration timed in every group's forks (env.json v4). */
  static final Path QUICK = CompareOutputTest.committed("20261126-161639-vm-a35e677-quick-jdk17");

  /** A run of pairs alone: no jmh.json, no load. */
  static final Path PAIRS_ONLY =
      CompareOutputTest.committed("20261126-150553-vm-fc7f8e9-helsinki-pairs-jdk17");

  /** "| 0.85× [0.81, 0.89] (99%, 5 forks, 100 pairs) |": a measured cell of the claims table. */
  private static final Pattern MEASURED =
      Pattern.compile("\\| (\\d+\\.\\d\\d)× \\[(\\d+\\.\\d\\d), (\\d+\\.\\d\\d)\\] \\(99%");

  private final CliRunner cli = new CliRunner();

  private JsonNode export(Path run, String format) throws Exception {
    assertEquals(0, cli.run("export", run.toString(), "--format", format), cli::err);
    return JSON.readTree(cli.out());
  }

  /**
   * Each of compare's pair rows (26 claims and targets, 37 variants ÷ calibration) is a bencher
   * benchmark of the same name whose value is compare's figure for the run, and each claim's and
   * target's value and 99% interval are what the report's claims table prints.
   */
  @Test
  void bencherHoldsEveryPairAsCompareNamesItAndTheReportPrintsIt() throws Exception {
    JsonNode bmf = export(QUICK, "bencher");
    ExportTest.assertBmf(bmf);
    assertFalse(cli.err().contains("÷ calibration: none"), cli::err);
    RunRecord run = RunRecord.read(QUICK);
    List<Comparison.Row> rows =
        new Comparison(run, run, 0.05, 0.99)
            .rows().stream().filter(r -> r.subject().kind() == Comparison.Kind.PAIR).toList();
    assertEquals(26 + 37, rows.size());
    for (Comparison.Row r : rows) {
      String measure =
          r.subject().pairKind() == Comparison.PairKind.CLAIM ? "claim-ratio" : "ratio";
      JsonNode m = bmf.path(r.key()).path(measure);
      assertTrue(m.isObject(), r.key() + " (" + measure + ") not exported");
      assertEquals(r.now(), m.path("value").asDouble(), 1e-12 * r.now(), r.key());
      assertEquals(r.subject().pairKind() != Comparison.PairKind.VARIANT, m.has("lower_value"));
    }
    List<PairedRuns.Claim> claims = run.pairs().claims();
    List<String[]> printed = claimsTable(QUICK);
    assertEquals(claims.size(), printed.size());
    for (int i = 0; i < claims.size(); i++) {
      PairedRuns.Claim c = claims.get(i);
      boolean target = c.kind() == PairedRuns.Kind.AT_MOST;
      JsonNode m =
          bmf.path("pair " + c.id() + " (" + c.a() + " / " + c.b() + ")")
              .path(target ? "ratio" : "claim-ratio");
      String[] shown = {
        two(m.path("value").asDouble()),
        two(m.path("lower_value").asDouble()),
        two(m.path("upper_value").asDouble())
      };
      assertEquals(List.of(printed.get(i)), List.of(shown), c.id());
    }
  }

  /**
   * customSmallerIsBetter holds every target and variant (smaller is better), never a study claim,
   * whose ratio has no better direction: each is named on stderr as left out. customBiggerIsBetter
   * holds no pair.
   */
  @Test
  void githubActionBenchmarkCarriesTargetsAndCostsAndNamesTheClaimsLeftOut() throws Exception {
    RunRecord run = RunRecord.read(QUICK);
    JsonNode smaller = export(QUICK, "customSmallerIsBetter");
    ExportTest.assertCustom(smaller);
    String leftOut = cli.err();
    JsonNode bmf = export(QUICK, "bencher");
    int targets = 0;
    for (PairedRuns.Claim c : run.pairs().claims()) {
      String name = "pair " + c.id() + " (" + c.a() + " / " + c.b() + ")";
      JsonNode e = entry(smaller, name);
      if (c.kind() == PairedRuns.Kind.AT_MOST) {
        targets++;
        assertTrue(e != null, name);
        assertEquals("x", e.path("unit").asText());
        JsonNode m = bmf.path(name).path("ratio");
        double h =
            Math.max(
                m.path("value").asDouble() - m.path("lower_value").asDouble(),
                m.path("upper_value").asDouble() - m.path("value").asDouble());
        assertEquals(String.format(Locale.ROOT, "± %.6g", h), e.path("range").asText(), name);
        assertTrue(e.path("extra").asText().contains("claimed ≤ "), e::toString);
      } else {
        assertEquals(null, e, name);
        assertTrue(leftOut.contains("left out: " + name + ": a study claim's ratio"), leftOut);
      }
    }
    assertTrue(targets > 0);
    int variants = 0;
    for (JsonNode e : smaller) {
      if (e.path("name").asText().endsWith(" ÷ calibration")) {
        variants++;
        assertFalse(e.has("range"), e::toString);
      }
    }
    assertEquals(37, variants);
    JsonNode bigger = export(QUICK, "customBiggerIsBetter");
    for (JsonNode e : bigger) {
      assertFalse(e.path("name").asText().startsWith("pair "), e::toString);
    }
  }

  /**
   * A run of pairs alone was refused: "holds no results", exit 2. Every committed one exports (ten
   * on 2026-11-26), each claim of it in the bencher file.
   */
  @Test
  void everyCommittedRunOfPairsAloneExports() throws Exception {
    List<Path> pairsOnly;
    try (var runs = Files.list(PAIRS_ONLY.getParent())) {
      pairsOnly =
          runs.filter(r -> Files.isRegularFile(r.resolve("pairs.json")))
              .filter(r -> !Files.isRegularFile(r.resolve("jmh.json")) || isEmptyJmh(r))
              .sorted()
              .toList();
    }
    assertTrue(pairsOnly.contains(PAIRS_ONLY), pairsOnly::toString);
    for (Path r : pairsOnly) {
      JsonNode bmf = export(r, "bencher");
      ExportTest.assertBmf(bmf);
      for (PairedRuns.Claim c : RunRecord.read(r).pairs().claims()) {
        assertTrue(
            bmf.has("pair " + c.id() + " (" + c.a() + " / " + c.b() + ")"), r + " " + c.id());
      }
      ExportTest.assertCustom(export(r, "customSmallerIsBetter"));
    }
  }

  /** The one committed run of pairs alone with per-variant costs, in each format. */
  @Test
  void aRunOfPairsAloneExportsInEachFormat() throws Exception {
    RunRecord run = RunRecord.read(PAIRS_ONLY);
    assertTrue(run.benchmarks().isEmpty() && run.load().isEmpty() && run.pairs() != null);
    JsonNode bmf = export(PAIRS_ONLY, "bencher");
    ExportTest.assertBmf(bmf);
    for (PairedRuns.Claim c : run.pairs().claims()) {
      assertTrue(bmf.has("pair " + c.id() + " (" + c.a() + " / " + c.b() + ")"), c.id());
    }
    JsonNode smaller = export(PAIRS_ONLY, "customSmallerIsBetter");
    ExportTest.assertCustom(smaller);
    assertTrue(
        entry(smaller, "pair wfs-helsinki_roads gml32 ÷ calibration") != null, smaller::toString);
    assertEquals(1, cli.run("export", PAIRS_ONLY.toString(), "--format", "customBiggerIsBetter"));
    assertTrue(cli.err().contains("nothing to export as customBiggerIsBetter"), cli::err);
  }

  private static boolean isEmptyJmh(Path run) {
    try {
      return Files.readString(run.resolve("jmh.json")).strip().equals("[]");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The measured cells of the report's "Claims measured as pairs" table, in its order. */
  private static List<String[]> claimsTable(Path run) throws Exception {
    List<String[]> cells = new ArrayList<>();
    boolean in = false;
    for (String line : Files.readAllLines(run.resolve("report.md"))) {
      if (line.startsWith("#")) {
        in = line.contains("Claims measured as pairs");
        continue;
      }
      Matcher m = MEASURED.matcher(line);
      if (in && m.find()) {
        cells.add(new String[] {m.group(1), m.group(2), m.group(3)});
      }
    }
    return cells;
  }

  private static String two(double x) {
    return String.format(Locale.ROOT, "%.2f", x);
  }

  private static JsonNode entry(JsonNode entries, String name) {
    for (JsonNode e : entries) {
      if (e.path("name").asText().equals(name)) {
        return e;
      }
    }
    return null;
  }
}
