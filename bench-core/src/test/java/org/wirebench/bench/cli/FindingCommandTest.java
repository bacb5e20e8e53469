package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.finding.FindingGenerator;
import org.wirebench.formats.finding.GatewayJson;

class FindingCommandTest {
  private static byte[] run(String... args) {
    PrintStream stdout = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(captured, true));
      assertEquals(0, WirebenchCli.commandLine().execute(args));
    } finally {
      System.setOut(stdout);
    }
    return captured.toByteArray();
  }

  @Test
  void writesTheBytesTheBenchmarkAndTheMockBackendUse() throws Exception {
    var r = FindingGenerator.response(7, FindingGenerator.DEFAULT_SEED, "ipad");
    for (String format : BackendFormats.registry().names()) {
      assertArrayEquals(
          BackendFormats.get(format).encode(r), run("finding", "--items", "7", "--format", format));
    }
    assertArrayEquals(GatewayJson.toBytes(r.view()), run("finding", "--items", "7", "--gateway"));
  }

  @Test
  void writesAFile(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("mock.protobuf");
    run("finding", "--format", "protobuf", "--out", out.toString());
    assertArrayEquals(
        BackendFormats.get("protobuf").encode(FindingGenerator.response()),
        Files.readAllBytes(out));
  }

  /**
   * The gateway's JSON is the same from every backend format: a --format beside --gateway, once
   * ignored (exit 0, the same JSON for any), is refused in one line.
   */
  @Test
  void aFormatBesideGatewayIsRefused() {
    CliRunner cli = new CliRunner();
    for (String format : BackendFormats.registry().names()) {
      assertEquals(2, cli.run("finding", "--gateway", "--format", format), cli::err);
      assertEquals(1, cli.err().strip().lines().count(), cli::err);
      assertTrue(cli.err().contains("--format has no effect with --gateway"), cli::err);
      assertEquals("", cli.out());
    }
  }

  /**
   * The seed draws the items alone: with none to draw, a --seed once gave the same answer as any
   * other (exit 0); it is refused in one line, whatever the format.
   */
  @Test
  void aSeedWithNoItemsIsRefused(@TempDir Path dir) {
    CliRunner cli = new CliRunner();
    for (String[] extra : new String[][] {{}, {"--gateway"}, {"--format", "json"}}) {
      String[] args =
          java.util.stream.Stream.concat(
                  java.util.stream.Stream.of("finding", "--items", "0", "--seed", "7"),
                  java.util.Arrays.stream(extra))
              .toArray(String[]::new);
      assertEquals(2, cli.run(args), cli::err);
      assertEquals(1, cli.err().strip().lines().count(), cli::err);
      assertTrue(
          cli.err().contains("--seed has no effect with --items 0: there are no items to draw"),
          cli::err);
      assertEquals("", cli.out());
    }
    // with items to draw, it is taken
    String out = dir.resolve("one.xml").toString();
    assertEquals(0, cli.run("finding", "--items", "1", "--seed", "7", "--out", out), cli::err);
  }

  @Test
  void badValuesExitWith2NamingThem() {
    StringWriter err = new StringWriter();
    int exit =
        WirebenchCli.commandLine()
            .setErr(new PrintWriter(err, true))
            .execute("finding", "--format", "yaml");
    assertEquals(2, exit);
    assertTrue(
        err.toString().contains("unknown backend format 'yaml'; valid: xml, protobuf, json"),
        err::toString);
    StringWriter err2 = new StringWriter();
    assertEquals(
        2,
        WirebenchCli.commandLine()
            .setErr(new PrintWriter(err2, true))
            .execute("finding", "--items", "-1"));
    assertTrue(err2.toString().contains("--items must be 0..100000, was -1"), err2::toString);
  }
}
