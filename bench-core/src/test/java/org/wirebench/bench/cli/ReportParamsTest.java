package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;

/**
 * A JMH parameter a report section reads as a number or keys a table by, in a crafted or future
 * jmh.json, is refused in one line naming the file, the result and the parameter, exit 2: before, a
 * size or item count past an int or no number failed the report with a NumberFormatException (exit
 * 1, no file named), a missing name with a NullPointerException, and two results of one table cell
 * ("05" beside "5") were reported as one, the other dropped without a word (exit 0).
 */
class ReportParamsTest {
  private static final Path COMMITTED =
      ThenAndNowTest.runs()
          .getParent()
          .getParent()
          .getParent()
          .resolve("jmh-results/20261124-105251-vm-c977865-quick-jdk17");

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  /** A copy of the committed run whose jmh.json is edited by {@code edit}; reported to --out. */
  private void refused(String name, Consumer<ArrayNode> edit, String... says) throws IOException {
    Path run = Files.createDirectories(tmp.resolve(name).resolve("run"));
    try (Stream<Path> files = Files.list(COMMITTED)) {
      for (Path f : files.toList()) {
        Files.copy(f, run.resolve(f.getFileName()));
      }
    }
    Files.delete(run.resolve("report.md"));
    Files.delete(run.resolve("report.html"));
    ArrayNode jmh = (ArrayNode) JSON.readTree(run.resolve("jmh.json").toFile());
    edit.accept(jmh);
    JSON.writeValue(run.resolve("jmh.json").toFile(), jmh);
    int code =
        cli.run("report", run.toString(), "--out", tmp.resolve(name).resolve("out").toString());
    assertEquals(2, code, name + ": " + cli.err());
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(
        cli.err().startsWith("wirebench report: " + run.resolve("jmh.json") + ": "), cli::err);
    for (String s : says) {
      assertTrue(cli.err().contains(s), name + ": " + cli.err());
    }
  }

  /** The params of the {@code n}th result (0: the first) of a benchmark ending in {@code name}. */
  private static ObjectNode params(ArrayNode jmh, String name, int n) {
    for (JsonNode b : jmh) {
      if (b.path("benchmark").asText().endsWith(name) && n-- == 0) {
        return (ObjectNode) b.path("params");
      }
    }
    throw new AssertionError("no " + name);
  }

  @Test
  void aCountPastAnIntOrNoNumberIsRefused() throws Exception {
    refused(
        "past-int",
        j -> params(j, "DatabindingBenchmark.echo", 0).put("size", "99999999999"),
        "DatabindingBenchmark.echo {",
        "params.size is '99999999999', not a whole number 0..2147483647");
    refused(
        "no-number",
        j -> params(j, "DatabindingBenchmark.echo", 0).put("size", "abc"),
        "params.size is 'abc'");
    refused(
        "negative",
        j -> params(j, "BackendResponseBenchmark.gateway", 0).put("items", "-50"),
        "BackendResponseBenchmark.gateway {",
        "params.items is '-50'");
    refused(
        "missing",
        j -> params(j, "GatewayJsonBenchmark.writeJson", 0).remove("items"),
        "GatewayJsonBenchmark.writeJson",
        "params.items is missing");
  }

  @Test
  void aMissingNameIsRefused() throws Exception {
    refused(
        "renderer",
        j -> params(j, "RasterBenchmark.map", 0).remove("renderer"),
        "RasterBenchmark.map {",
        "params.renderer is missing, not a name");
    refused(
        "codec",
        j -> params(j, "GeoEncodingBenchmark.encode", 0).remove("codec"),
        "params.codec is missing, not a name");
  }

  @Test
  void twoResultsOfOneCellAreRefused() throws Exception {
    refused(
        "one-cell",
        j -> {
          ObjectNode first = params(j, "DatabindingBenchmark.echo", 0);
          ObjectNode second = params(j, "DatabindingBenchmark.echo", 1);
          second.put("operation", first.path("operation").asText());
          second.put("stack", first.path("stack").asText());
          second.put("size", "0" + first.path("size").asText());
        },
        "is in the report's cell of DatabindingBenchmark.echo {",
        "two results of one measurement");
  }
}
