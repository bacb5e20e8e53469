package org.wirebench.bench.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.bench.export.CompareOutputTest.committed;
import static org.wirebench.bench.export.CompareOutputTest.comparison;
import static org.wirebench.bench.export.CompareOutputTest.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.cli.CliRunner;
import org.wirebench.bench.export.CompareOutputTest.Pair;
import org.wirebench.bench.report.Comparison;

/**
 * compare's rows of the claims and per-variant pairs: a run without them lacks every one of the
 * other's, in every format; each says its kind, and its cost is the quotient of the printed
 * columns.
 */
class ComparePairRowsTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  private int compare(Pair p, String format) {
    return CompareOutputTest.compare(cli, p, format);
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

  /**
   * The workloads together of runs with one pair group (the backend's three variants) are too few
   * to say anything of the machines, and the machines line says so: it printed their median beside
   * "the same speed within noise" as if it had been weighed (in "1 groups"). Over a quick run's 37
   * variants in 6 groups they count, and the line names no shortage.
   */
  @Test
  void theMachinesLineSaysWhenTheWorkloadsAreTooFewToCount() throws Exception {
    Path cal = org.wirebench.bench.report.ThenAndNowTest.runs().resolve("calibration-v4");
    cli.run("compare", cal.resolve("cal1").toString(), cal.resolve("cal2").toString());
    String machines = cli.out().lines().findFirst().orElseThrow();
    assertTrue(
        machines.contains(
            "(the median of 3 pair variants ÷ the calibration in 1 group, 3 of them rose; too few"
                + " to say anything of the machines, which takes 3 groups and 12 variants)"),
        machines);
    cli.run(
        "compare",
        committed("20261127-211337-vm-1b94f09-quick-jdk17").toString(),
        committed("20261127-212803-vm-1b94f09-quick-jdk17").toString());
    machines = cli.out().lines().findFirst().orElseThrow();
    assertTrue(machines.contains("in 6 groups, "), machines);
    assertFalse(machines.contains("too few"), machines);
  }
}
