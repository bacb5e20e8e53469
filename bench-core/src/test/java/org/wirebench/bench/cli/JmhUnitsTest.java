package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;

/**
 * compare and report take ratios of JMH scores only as one measure. compare takes the ratio of two
 * runs' scores of one benchmark only when they are one measure: a run in ns/op against one in us/op
 * is converted (before, the same measurement read as 1000× slower, "12 regressed"); a throughput
 * against an average time, or an average against single shots, is refused in one line, exit 2
 * (before, a ratio of 77,336 read as a regression).
 */
class JmhUnitsTest {
  /** Two forks a benchmark, in us/op. */
  private static final Path GML3 =
      ThenAndNowTest.runs()
          .resolve("../../../jmh-results/20261124-141309-vm-5a1ed87-gml3-encoders-jdk17");

  @TempDir Path tmp;
  private final CliRunner cli = new CliRunner();
  private final ObjectMapper json = new ObjectMapper();

  /** A copy of the run whose every JMH result has this mode and unit, its numbers mapped by f. */
  private Path rewritten(String name, String mode, String unit, DoubleUnaryOperator f)
      throws Exception {
    // one folder name for every copy: a report names its run by it
    Path run = Files.createDirectories(tmp.resolve(name).resolve(GML3.getFileName()));
    try (Stream<Path> files = Files.list(GML3)) {
      for (Path p : files.toList()) {
        if (!p.getFileName().toString().startsWith("report.")) {
          Files.copy(p, run.resolve(p.getFileName()));
        }
      }
    }
    JsonNode results = json.readTree(run.resolve("jmh.json").toFile());
    for (JsonNode r : results) {
      ((ObjectNode) r).put("mode", mode);
      ObjectNode primary = (ObjectNode) r.get("primaryMetric");
      primary.put("scoreUnit", unit);
      double sum = 0;
      int n = 0;
      for (JsonNode fork : primary.get("rawData")) {
        for (int i = 0; i < fork.size(); i++) {
          double v = f.applyAsDouble(fork.get(i).asDouble());
          ((ArrayNode) fork).set(i, v);
          sum += v;
          n++;
        }
      }
      // JMH's score is the mean of the iterations: the copy stays a file JMH could have written
      primary.put("score", sum / n);
      primary.put("scoreError", f.applyAsDouble(primary.get("scoreError").asDouble()));
    }
    json.writeValue(run.resolve("jmh.json").toFile(), results);
    return run;
  }

  private String summary() {
    String out = cli.out().strip();
    return out.substring(out.lastIndexOf('\n') + 1);
  }

  @Test
  void nanosecondsAgainstMicrosecondsAreConverted() throws Exception {
    Path same = rewritten("same", "avgt", "us/op", x -> x);
    assertEquals(0, cli.run("compare", GML3.toString(), same.toString()), cli::err);
    String unchanged = summary();
    assertTrue(unchanged.contains("0 regressed"), unchanged);
    Path ns = rewritten("ns", "avgt", "ns/op", x -> x * 1000);
    assertEquals(0, cli.run("compare", GML3.toString(), ns.toString()), cli::out);
    assertEquals(unchanged, summary());
    assertEquals(0, cli.run("compare", ns.toString(), GML3.toString()), cli::out);
    assertEquals(unchanged, summary());
  }

  @Test
  void aThroughputAgainstATimeIsRefused() throws Exception {
    Path thrpt = rewritten("thrpt", "thrpt", "ops/us", x -> 1 / x);
    assertEquals(2, cli.run("compare", GML3.toString(), thrpt.toString()), cli::out);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(cli.err().contains("in mode avgt in " + GML3), cli::err);
    assertTrue(cli.err().contains("in mode thrpt in " + thrpt), cli::err);
    assertEquals("", cli.out());
  }

  @Test
  void singleShotsAgainstAnAverageAreRefused() throws Exception {
    Path ss = rewritten("ss", "ss", "us/op", x -> x);
    assertEquals(2, cli.run("compare", ss.toString(), GML3.toString()), cli::out);
    assertTrue(cli.err().contains("in mode ss in " + ss), cli::err);
    assertTrue(cli.err().contains("not the same measure"), cli::err);
  }

  @Test
  void aReportOfNanosecondsIsTheReportOfMicroseconds() throws Exception {
    Path us = rewritten("us", "avgt", "us/op", x -> x);
    assertEquals(0, cli.run("report", us.toString()), cli::err);
    Path ns = rewritten("ns", "avgt", "ns/op", x -> x * 1000);
    assertEquals(0, cli.run("report", ns.toString()), cli::err);
    for (String report : List.of("report.md", "report.html")) {
      assertEquals(Files.readString(us.resolve(report)), Files.readString(ns.resolve(report)));
    }
  }

  @Test
  void aReportOfThroughputsIsRefused() throws Exception {
    Path thrpt = rewritten("thrpt", "thrpt", "ops/us", x -> 1 / x);
    assertEquals(2, cli.run("report", thrpt.toString()), cli::out);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(cli.err().contains(thrpt.resolve("jmh.json") + ": "), cli::err);
    assertTrue(cli.err().contains("is in mode thrpt (ops/us)"), cli::err);
    assertTrue(Files.notExists(thrpt.resolve("report.md")));
  }
}
