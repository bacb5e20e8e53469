package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.suite.BenchmarkParams;
import org.wirebench.bench.suite.JmhLock;
import picocli.CommandLine;

/**
 * Bad usage exits 2 with one line on stderr, before any fork or file: never a usage dump, never a
 * value silently replaced by a default (suite --forks 0 once started the 2.5-hour full suite),
 * never a fork that fails on a parameter value with a stack trace.
 */
class UsageErrorsTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  /** Exit 2, one line naming {@code expected}, nothing written under the results root. */
  private void refused(String expected, String... args) throws Exception {
    int exit = cli.run(args);
    String e = cli.err();
    assertEquals(2, exit, e);
    assertEquals(1, e.lines().count(), "one line: " + e);
    assertTrue(e.contains(expected), e);
    assertFalse(e.contains("Usage:") || e.contains("Exception") || e.contains("\tat "), e);
    try (var left = Files.list(tmp)) {
      assertEquals(0, left.count(), "nothing started");
    }
  }

  @Test
  void pairsNameGroupsOfTheFullPlanOrAreRefused() throws Exception {
    refused(
        "--pairs takes quick, full, none or groups of calibration, wfs-osm_mainroads",
        "suite",
        "--pairs",
        "wfs-osm_places,wfs-nowhere",
        "--out",
        tmp.toString());
    // as every list option (was taken as one group)
    refused(
        "--pairs names wfs-osm_places twice",
        "suite",
        "--pairs",
        "wfs-osm_places,soap-100,wfs-osm_places",
        "--out",
        tmp.toString());
    var plan = SuiteCommand.pairPlan("soap-100,wfs-osm_places");
    // the calibration first, then the named groups in the plan's order, each with its claims
    assertEquals(
        java.util.List.of("calibration", "wfs-osm_places", "soap-100"),
        plan.groups().stream().map(g -> g.id()).toList());
    assertTrue(plan.claims().stream().anyMatch(c -> c.group().equals("wfs-osm_places")));
    assertTrue(
        plan.claims().stream()
            .allMatch(
                c ->
                    java.util.Set.of("calibration", "wfs-osm_places", "soap-100")
                        .contains(c.group())));
  }

  /**
   * A planted slowdown (-Dwirebench.plant, scripts/planted-trials.sh) naming no variant of the run
   * planted nothing, so a "planted" trial was an A/A one; on a variant that cycles through a sample
   * its doubled call took the next map and left the batches no longer whole. Both refused before
   * any fork, as a value that is not VARIANT:N.
   */
  @Test
  void aPlantedSlowdownNamesAVariantOfTheRunThatDoesNotCycle() throws Exception {
    String root = tmp.toString();
    String[][] cases = {
      {"gml3:10", "no group of this run has a variant 'gml3' (the variants: direct-EPSG:3857, "},
      {"direct-EPSG:4326:10", "direct-EPSG:4326 cycles through a sample"},
      {"gml2", "takes VARIANT:N (N 1..2147483647), was 'gml2'"},
      {"gml2:0", "takes VARIANT:N"},
      {"gml2:99999999999", "takes VARIANT:N"},
      {
        "direct-EPSG:4326",
        "takes VARIANT:N (N 1..2147483647), was 'direct-EPSG:4326': N is missing"
      },
    };
    for (String[] c : cases) {
      System.setProperty("wirebench.plant", c[0]);
      try {
        refused(
            c[1],
            "suite",
            "--quick",
            "--include",
            "none",
            "--load",
            "none",
            "--pairs",
            "wfs-osm_places,raster",
            "--out",
            root);
      } finally {
        System.clearProperty("wirebench.plant");
      }
    }
  }

  @Test
  void zeroForksOrIterationsAreRefusedNotReplacedByTheDefaults() throws Exception {
    String root = tmp.toString();
    refused("--forks must be 1..20, was 0", "suite", "--forks", "0", "--out", root);
    refused("--iterations must be 1..1000, was 0", "suite", "--iterations", "0", "--out", root);
    refused("--requests must be 1 or more, was 0", "load", "--scenario", "soap", "--requests", "0");
    refused("--warmup-iterations must be 1..1000, was 0", "suite", "--warmup-iterations", "0");
    refused("--forks must be 1..20, was -3", "suite", "--quick", "--forks", "-3", "--out", root);
  }

  @Test
  void anUnknownParameterValueIsRefusedBeforeAnyFork() throws Exception {
    String root = tmp.toString();
    refused(
        "-p codec=nosuch: unknown codec 'nosuch'; valid: ",
        "suite",
        "-p",
        "codec=nosuch",
        "--load",
        "none",
        "--out",
        root);
    refused(
        "-p codec=nosuch",
        "profile",
        "--benchmark",
        "GeoEncodingBenchmark",
        "-p",
        "codec=nosuch",
        "--out",
        root);
    refused(
        "-p dataset=osm_lakes",
        "suite",
        "--quick",
        "-p",
        "dataset=osm_places,osm_lakes",
        "--out",
        root);
    refused(
        "-p count=abc: GeoEncodingBenchmark takes a whole number 1..1000000",
        "suite",
        "-p",
        "count=abc",
        "--out",
        root);
    refused("-p count=0", "profile", "--benchmark", "GeoEncodingBenchmark", "-p", "count=0");
    refused(
        "-p operation=echoNothing: DatabindingBenchmark takes one of ints,",
        "suite",
        "--include",
        "DatabindingBenchmark",
        "-p",
        "operation=echoNothing",
        "--out",
        root);
    refused(
        "-p codec=gml2: JpegCodecBenchmark takes one of jdk, twelvemonkeys",
        "profile",
        "--benchmark",
        "GeoEncodingBenchmark|JpegCodecBenchmark",
        "-p",
        "codec=gml2");
    refused("-p stack=", "suite", "-p", "stack=cxf-jaxb,", "--out", root);
  }

  @Test
  void valuesTheBenchmarksTakeAreAccepted() {
    BenchmarkParams.check(
        "GeoEncodingBenchmark|DatabindingBenchmark|BackendResponseBenchmark|RasterBenchmark",
        Map.of(
            "codec", new String[] {"gml2", "gml32-floor", "floor"},
            "dataset", new String[] {"helsinki_pois"},
            "count", new String[] {"1", "50000"},
            "size", new String[] {"7"},
            "backendFormat", new String[] {"protobuf"},
            "upscale", new String[] {"4"},
            "srs", new String[] {"EPSG:3857"}));
  }

  @Test
  void usageErrorsAreOneLineWithoutTheUsage() throws Exception {
    refused("'--forkz'", "suite", "--forkz", "2");
    refused("--forks", "suite", "--forkz", "2"); // picocli's guess, on the same line
    refused("Invalid value for option '--forks'", "suite", "--forks", "two");
    refused(
        "--users must be 1..10000, was 0",
        "load",
        "--target",
        "http://127.0.0.1:1/",
        "--users",
        "0");
    refused("Missing required parameter: 'RUN'", "report");
    refused("--jvm-profile: unknown JVM profile 'fast'", "suite", "--jvm-profile", "fast");
    refused(
        "--load-arg: Unknown option: '--userz=4'",
        "suite",
        "--load",
        "wfs",
        "--load-arg=--userz=4",
        "--out",
        tmp.toString());
  }

  @Test
  void anIncludeThatIsNoRegexOrEmptyIsRefusedInOneLine() throws Exception {
    String root = tmp.toString();
    // both once exit 1: "[" in three lines from JMH's regex, "" after matching every benchmark
    String[] nothingElse = {"--pairs", "none", "--load", "none", "--out", root};
    refused("--include '[' is not a regex", with(nothingElse, "suite", "--include", "["));
    refused("--include '(a' is not a regex", with(nothingElse, "suite", "--include", "(a"));
    refused("--include is empty", with(nothingElse, "suite", "--include", ""));
    refused("--include is empty", with(nothingElse, "suite", "--include", " "));
  }

  @Test
  void aJavaThatIsADirectoryOrNoJavaIsRefusedBeforeAnyWork() throws Exception {
    // a directory passed canExecute and failed as "Cannot run program" (exit 1) in the fork
    Path quiet = Files.createTempFile("cli25-quiet", ".sh");
    try {
      Files.writeString(quiet, "#!/bin/sh\nexit 0\n");
      quiet.toFile().setExecutable(true);
      for (String java : new String[] {tmp.toString(), quiet.toString()}) {
        String why = java.equals(tmp.toString()) ? "is not a file" : "is not a java launcher";
        refused(why, "suite", "--out", tmp.toString(), "--java", java);
        refused(why, "profile", "--benchmark", "GeoEncodingBenchmark", "--java", java);
      }
    } finally {
      Files.delete(quiet);
    }
  }

  @Test
  void aParameterGivenTwiceOrAValueNamedTwiceIsRefused() throws Exception {
    // the map kept the last -p silently; a value twice in one list would be measured twice
    String[] suite = {"suite", "--include", "GeoEncodingBenchmark", "--out", tmp.toString()};
    String[] profile = {"profile", "--benchmark", "GeoEncodingBenchmark", "--out", tmp.toString()};
    for (String[] command : new String[][] {suite, profile}) {
      refused(
          "-p codec given twice (codec=gml2 and codec=geojson)",
          with(new String[] {"-p", "codec=gml2", "-p", "codec=geojson"}, command));
      refused(
          "-p codec=gml2,gml2 names gml2 twice",
          with(new String[] {"-p", "codec=gml2,gml2"}, command));
      refused("-p 'codec' is not NAME=V1,V2", with(new String[] {"-p", "codec"}, command));
    }
  }

  @Test
  void aProfileBenchmarkThatIsNoRegexOrEmptyIsRefusedInOneLine() throws Exception {
    // "[" once failed inside JMH (exit 1, three lines), "" as "a suite needs a name ..." (exit 1)
    String root = tmp.toString();
    refused("--benchmark '[' is not a regex", "profile", "--out", root, "--benchmark", "[");
    refused("--benchmark is empty", "profile", "--out", root, "--benchmark", "");
  }

  @Test
  void numbersAndTimesInJavaSpellingsAreRefused() throws Exception {
    // 0x1p-4 (a hex float) and 5d% (a type suffix) read as 0.0625 and 0.05
    for (String t : new String[] {"0x1p-4", "5d%", "1f", "NaN", "+0.05"}) {
      refused("--threshold must be 0..1", "compare", "--threshold", t, "a", "b");
    }
    refused("'0x2' is not a whole number", "suite", "--out", tmp.toString(), "--forks", "0x2");
    refused(
        "is not a time in the years 1970..9999",
        "encode",
        "--time-stamp=-999999999-01-01T00:00:00Z");
  }

  @Test
  void aLoadScenarioNamedTwiceIsRefused() throws Exception {
    // the second would have found the first's load-wfs.json and failed the run after JMH; the bad
    // --load-arg makes the old code refuse that instead of running the scenarios
    refused(
        "--load names wfs twice",
        "suite",
        "--include",
        "none",
        "--pairs",
        "none",
        "--load",
        "wfs,soap,wfs",
        "--load-arg=--userz=4",
        "--out",
        tmp.toString());
  }

  @Test
  void aScenarioListNamingAValueTwiceIsRefused() throws Exception {
    String[] server = {"--server", "http://127.0.0.1:1/", "--out", tmp.toString()};
    // each once ran (here: failed on the refused port, exit 1) with the point measured twice
    refused(
        "--formats names gml2 twice",
        with(server, "load", "--scenario", "wfs", "--formats", "gml2,gml2"));
    refused(
        "--layers names osm_places twice",
        with(
            server,
            "load",
            "--scenario",
            "wfs",
            "--layers",
            "osm_places,osm_mainroads,osm_places"));
    refused("--users names 4 twice", with(server, "load", "--scenario", "wfs", "--users", "4,4"));
    refused(
        "--sizes names 100 twice",
        with(server, "load", "--scenario", "soap", "--sizes", "100,100"));
    refused(
        "--load-arg: --users names 8 twice",
        "suite",
        "--include",
        "none",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--load-arg=--users=8,8",
        "--out",
        tmp.toString());
  }

  @Test
  void anotherScenariosOptionIsRefusedNotIgnored() throws Exception {
    // each once ran the wfs scenario (here: failed on the refused port, exit 1) without it
    String[] server = {"--server", "http://127.0.0.1:1/", "--out", tmp.toString()};
    refused(
        "--stacks is an option of the soap scenario; --scenario wfs does not take it",
        with(server, "load", "--scenario", "wfs", "--stacks", "cxf-jaxb"));
    refused(
        "--wire-encodings is an option of the wire scenario; --scenario wfs does not take it",
        with(server, "load", "--scenario", "wfs", "--wire-encodings", "deflate"));
    // the old suite handed it to the wfs driver, which ignored it, after the whole of JMH
    refused(
        "--load-arg --stacks=cxf-jaxb: --stacks is an option of the soap scenario, which is not"
            + " among those run (wfs)",
        "suite",
        "--load",
        "wfs",
        "--load-arg=--stacks=cxf-jaxb",
        "--out",
        tmp.toString());
  }

  @Test
  void eachScenarioTakesItsOwnLoadArgs() {
    // the old check parsed every --load-arg for every scenario; now each gets its own, and a
    // common one (--users) goes to both
    SuiteCommand suite = new SuiteCommand();
    new CommandLine(suite)
        .parseArgs(
            "--load",
            "wfs,soap",
            "--load-arg=--layers=osm_places",
            "--load-arg=--stacks=cxf-jaxb",
            "--load-arg=--users=8");
    suite.checkLoadArgs(java.util.List.of("wfs", "soap"));
  }

  private static String[] with(String[] tail, String... head) {
    String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }

  @Test
  void refusalsEchoWhatWasTyped() throws Exception {
    String[] none = {"--include", "none", "--load", "none", "--out", tmp.toString()};
    // was "was 'PT29S'"
    refused(
        "--pairs-budget must be 30s..4h, was '29s'", with(none, "suite", "--pairs-budget", "29s"));
    // was "was 'all'"
    String[] jmhNone = {"--include", "none", "--pairs", "none", "--out", tmp.toString()};
    refused(
        "--load all,wfs: all and none stand alone", with(jmhNone, "suite", "--load", "all,wfs"));
    // was " has no env.json"
    refused("'' is an empty path", "compare", tmp.toString(), "");
  }

  @Test
  void reportsRefusalIsOneLineWhenKilledRunsAreLeft() throws Exception {
    // the list of killed runs was printed before the run was read: two lines
    Path root = tmp.resolve("results");
    Files.createDirectories(root.resolve("tmp-123"));
    Files.createDirectories(root.resolve("not-a-run"));
    OwnStderr stderr = new OwnStderr();
    int exit = stderr.capture(() -> cli.run("report", root.resolve("not-a-run").toString()));
    String e = stderr.text() + cli.err();
    assertEquals(2, exit, e);
    assertEquals(1, e.lines().count(), "one line: " + e);
    assertFalse(e.contains("incomplete run"), e);
  }

  @Test
  void aRefusalIsOneLineWhenKilledRunsAreLeft() throws Exception {
    Path root = tmp.resolve("results");
    Files.createDirectories(root.resolve("tmp-123"));
    OwnStderr stderr = new OwnStderr();
    int exit =
        stderr.capture(
            () ->
                cli.run(
                    "suite",
                    "--include",
                    "none",
                    "--pairs",
                    "none",
                    "--load",
                    "",
                    "--out",
                    root.toString()));
    // the list of killed runs goes to System.err, the refusal to picocli's writer: one line in all
    String e = stderr.text() + cli.err();
    assertEquals(2, exit, e);
    assertEquals(1, e.lines().count(), "one line: " + e);
    assertTrue(e.contains("--load takes all, none or some of"), e);
  }

  @Test
  void discardIncompleteRefusesARootThatDoesNotExist() throws Exception {
    refused("does not exist", "discard-incomplete", tmp.resolve("nonexistent").toString());
  }

  /**
   * A suite's --load-arg value the driver would refuse (a bad number of users, layer, format,
   * duration or server URL), an option shaping a step the run skips, and a run of no step: refused
   * before any work. The old code took each and went on (here it met the held lock: exit 1; free,
   * it ran JMH and refused the value in the load step, or ignored the option).
   */
  @Test
  void suiteOptionsAValueOrAStepWouldIgnoreAreRefusedBeforeAnyWork() throws Exception {
    String tmpdir = System.setProperty("java.io.tmpdir", tmp.resolve("lock").toString());
    String ignore = System.clearProperty("jmh.ignoreLock");
    Files.createDirectories(tmp.resolve("lock"));
    Path out = tmp.resolve("out");
    String[] skipJmh = {"suite", "--include", "none", "--out", out.toString()};
    String[][] cases = {
      {"--users must be 1..10000", "--pairs", "none", "--load", "wfs", "--load-arg=--users=0"},
      {"osm_nowhere", "--pairs", "none", "--load", "wfs", "--load-arg=--layers=osm_nowhere"},
      {"nosuch", "--pairs", "none", "--load", "wfs", "--load-arg=--formats=nosuch"},
      {
        "--duration must be above 0",
        "--pairs",
        "none",
        "--load",
        "soap",
        "--load-arg=--duration=0s"
      },
      {
        "credentials in the URL",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--load-arg=--server=http://u:p@127.0.0.1:1/"
      },
      {
        "--server-wait needs --server",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--load-arg=--server-wait=5s"
      },
      {
        "--pairs-budget shapes a step this run skips",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--pairs-budget",
        "10m"
      },
      {"--load-arg shapes a step this run skips", "--load", "none", "--load-arg=--users=4"},
      {"--jvm-profile shapes a step this run skips", "--load", "none", "--jvm-profile", "zgc"},
      {"--forks shapes a step this run skips", "--pairs", "none", "--load", "wfs", "--forks", "3"},
      {"--profile shapes a step this run skips", "--pairs", "none", "--load", "wfs", "--profile"},
      {"nothing to run", "--pairs", "none", "--load", "none"},
    };
    try (RandomAccessFile raf = new RandomAccessFile(JmhLock.file().toFile(), "rw");
        FileLock held = raf.getChannel().lock()) {
      for (String[] c : cases) {
        String[] args = with(java.util.Arrays.copyOfRange(c, 1, c.length), skipJmh);
        int exit = cli.run(args);
        String e = cli.err();
        assertEquals(2, exit, String.join(" ", args) + ": " + e);
        assertEquals(1, e.lines().count(), e);
        assertTrue(e.contains(c[0]), e);
        assertFalse(e.contains("Exception") || e.contains("\tat "), e);
        assertFalse(Files.exists(out), "no run folder started");
      }
    } finally {
      System.setProperty("java.io.tmpdir", tmpdir);
      if (ignore != null) {
        System.setProperty("jmh.ignoreLock", ignore);
      }
    }
  }

  @Test
  void aSecondBenchmarkRunSaysSoPlainly() throws Exception {
    // a lock of our own: holding the machine's real one could fail someone's suite
    String tmpdir = System.setProperty("java.io.tmpdir", tmp.toString());
    String ignore = System.clearProperty("jmh.ignoreLock"); // set by tests that run JMH in-process
    Path out = tmp.resolve("out");
    try (RandomAccessFile raf = new RandomAccessFile(JmhLock.file().toFile(), "rw");
        FileLock held = raf.getChannel().lock()) {
      int exit = cli.run("profile", "--benchmark", "GeoEncodingBenchmark", "--out", out.toString());
      String e = cli.err();
      assertEquals(1, exit, e);
      assertEquals(1, e.lines().filter(l -> l.startsWith("wirebench")).count(), e);
      assertTrue(e.contains("another benchmark run"), e);
      assertTrue(e.contains(tmp.resolve("jmh.lock").toString()), e);
      assertTrue(e.contains("wait for it to end"), e);
      assertFalse(Files.exists(out), "no run folder started");
    } finally {
      System.setProperty("java.io.tmpdir", tmpdir);
      if (ignore != null) {
        System.setProperty("jmh.ignoreLock", ignore);
      }
    }
  }
}
