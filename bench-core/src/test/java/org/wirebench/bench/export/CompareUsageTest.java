package org.wirebench.bench.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.bench.export.CompareOutputTest.junit;
import static org.wirebench.bench.export.CompareOutputTest.pairs;
import static org.wirebench.bench.export.CompareOutputTest.recorded;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.cli.CliRunner;
import org.wirebench.bench.export.CompareOutputTest.Pair;

/**
 * What compare refuses, in one line before any output (a run holding no measurement, an unknown
 * format), and how --out writes its file: whole, and never over one that exists unless told.
 */
class CompareUsageTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  private int compare(Pair p, String format) {
    return CompareOutputTest.compare(cli, p, format);
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
}
