package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.bench.cli.UsageRefusals.with;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * What a command's help marks required (its synopsis: an option outside [ ], one option of a ( | )
 * group, a positional outside [ ]) is what it needs, for every command: a line giving only that
 * (and optional options that keep the run short) is never refused as bad usage. jmeter-import's
 * help showed [--out=NEW], [--plan] and [--warmup] as optional and refused a line without --out or
 * without one of the other two; load's showed [--target] and [--scenario] and refused a line with
 * neither; wirebench's showed [COMMAND] and refused a line without one.
 */
class RequiredOptionsTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  /** A command's line: what its help marks required, then optional options for a short run. */
  private record Line(String[] required, String[] extras) {}

  private static Line line(String[] required, String... extras) {
    return new Line(required, extras);
  }

  private static String[] of(String... args) {
    return args;
  }

  /** Commands whose line is checked against their help but not run here, and why. */
  private static final Map<String, String> NOT_RUN =
      Map.of(
          "suite", "it runs JMH forks for minutes",
          "profile", "it runs a benchmark under a profiler",
          "serve", "it serves until stopped",
          "encode-loop", "it reads windows from standard input until its end");

  private Map<String, Line> lines() throws Exception {
    Path runs = ThenAndNowTest.runs().resolve("compare");
    String base = runs.resolve("warm-base1").toString();
    String next = runs.resolve("warm-base2").toString();
    Path run = Files.createDirectories(tmp.resolve("run"));
    Files.copy(JmeterImportTest.DRIVER.resolve("load-wfs.json"), run.resolve("load-wfs.json"));
    Path jtl = JmeterImportTest.jtl(tmp, "osm_mainroads/gml32/4", 2100, 0);
    Path root = Files.createDirectories(tmp.resolve("root"));
    Map<String, Line> lines = new LinkedHashMap<>();
    lines.put(
        "encode",
        line(
            of("--dataset", "osm_places", "--format", "gml2"),
            "--count",
            "1",
            "--out",
            tmp.resolve("e.gml").toString()));
    lines.put("encode-loop", line(of("--dataset", "osm_places", "--codec", "gml2")));
    lines.put("schema", line(of("--dataset", "osm_places", "--format", "gml2")));
    lines.put("soap-request", line(of("--operation", "void")));
    lines.put("finding", line(of(), "--items", "1"));
    lines.put("wms-requests", line(of(), "--count", "1"));
    lines.put("suite", line(of()));
    lines.put("profile", line(of("--benchmark", "GeoEncodingBenchmark")));
    lines.put("report", line(of(base), "--out", tmp.resolve("report").toString()));
    lines.put("compare", line(of(base, next)));
    lines.put("export", line(of(base, "--format", "bencher")));
    lines.put(
        "jmeter-import",
        line(
            of(
                "--jtl",
                jtl.toString(),
                "--scenario",
                "wfs",
                "--run",
                run.toString(),
                "--out",
                tmp.resolve("new").toString(),
                "--warmup",
                "0s")));
    lines.put("discard-incomplete", line(of(), root.toString()));
    lines.put("serve", line(of()));
    lines.put(
        "load", line(of("--target", "http://127.0.0.1:9/"), "--warmup", "0s", "--duration", "1s"));
    return lines;
  }

  @Test
  void whatEachCommandsHelpMarksRequiredIsWhatItNeeds() throws Exception {
    Map<String, Line> lines = lines();
    CommandLine root = WirebenchCli.commandLine();
    assertEquals(
        new TreeSet<>(root.getSubcommands().keySet()),
        new TreeSet<>(lines.keySet()),
        "every command has its line here");
    PrintStream stdout = System.out;
    try {
      // what the commands print to standard output is not this test's
      System.setOut(new PrintStream(new ByteArrayOutputStream(), true));
      for (Map.Entry<String, Line> e : lines.entrySet()) {
        String name = e.getKey();
        Line l = e.getValue();
        CommandSpec spec = root.getSubcommands().get(name).getCommandSpec();
        for (String token : l.required()) {
          OptionSpec o = token.startsWith("--") ? spec.findOption(token) : null;
          if (o != null) {
            assertTrue(required(o), name + ": its help shows " + token + " as optional");
          }
        }
        for (String token : l.extras()) {
          OptionSpec o = token.startsWith("--") ? spec.findOption(token) : null;
          if (o != null) {
            assertFalse(required(o), name + ": its help shows " + token + " as required");
          }
        }
        // all the help marks required is given: picocli asks no more
        WirebenchCli.commandLine().parseArgs(with(l.required(), name));
        if (NOT_RUN.containsKey(name)) {
          continue;
        }
        String[] args = with(with(l.extras(), l.required()), name);
        int exit = cli.run(args);
        assertNotEquals(2, exit, String.join(" ", args) + ": " + cli.err());
      }
    } finally {
      System.setOut(stdout);
    }
  }

  /** Whether the help's synopsis shows {@code o} as required: alone, or as one of a group. */
  private static boolean required(OptionSpec o) {
    if (o.group() == null) {
      return o.required();
    }
    return o.group().exclusive() && o.group().multiplicity().min() > 0;
  }

  /** A group of which one is needed is refused in one line naming them all, as any usage error. */
  @Test
  void aMissingOrDoubledModeIsRefusedInOneLine() throws Exception {
    Path root = Files.createDirectories(tmp.resolve("root"));
    UsageRefusals.refused(
        cli,
        root,
        "wirebench load: Missing required argument (specify one of these):"
            + " (--target=<target> | --scenario=<scenario>)",
        "load");
    UsageRefusals.refused(
        cli,
        root,
        "wirebench load: --target=<target>, --scenario=<scenario> are mutually exclusive",
        "load",
        "--target",
        "http://127.0.0.1:9/",
        "--scenario",
        "wfs");
    String[] noWarmup = {
      "jmeter-import", "--jtl", "x.csv", "--scenario", "wfs", "--run", "r", "--out", "n"
    };
    UsageRefusals.refused(cli, root, "(--plan=<plan> | --warmup=<warmup>)", noWarmup);
    UsageRefusals.refused(
        cli, root, "mutually exclusive", with(of("--plan", "p.jmx", "--warmup", "0s"), noWarmup));
  }

  /** wirebench alone is refused: its help shows COMMAND as required, not [COMMAND]. */
  @Test
  void theCommandIsShownRequired() {
    CommandLine root = WirebenchCli.commandLine();
    String label = root.getCommandSpec().usageMessage().synopsisSubcommandLabel();
    assertNotNull(label);
    assertFalse(label.startsWith("["), label);
    assertTrue(root.getUsageMessage().contains(" " + label), root.getUsageMessage());
    assertEquals(2, cli.run(), cli::err);
  }
}
