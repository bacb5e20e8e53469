package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;
import org.wirebench.server.Mains;

/**
 * 0 did what was asked, 1 ran and failed (a regression, a benchmark gone missing, output that could
 * not be written), 2 could not run (bad usage, unreadable input): for compare, report, suite's
 * parameters and every command's standard output.
 */
class ExitCodesTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  /** A copy of a recorded run whose jmh.json holds {@code jmh} (null: no jmh.json at all). */
  private Path runWith(String name, String jmh) throws Exception {
    Path base = ThenAndNowTest.runs().resolve("compare/base1");
    Path run = Files.createDirectory(tmp.resolve(name));
    Files.copy(base.resolve("env.json"), run.resolve("env.json"));
    if (jmh != null) {
      Files.writeString(run.resolve("jmh.json"), jmh);
    }
    return run;
  }

  /**
   * {@code run} as another run of the same files: its env.json's start moved a second (a copy of a
   * run is that run, which compare refuses to compare with itself).
   */
  private static Path anotherStart(Path run) throws java.io.IOException {
    Path env = run.resolve("env.json");
    String text = Files.readString(env);
    String moved = text.replaceFirst("(\"startedUtc\" : \"[^\"]*T..:..:)(..)", "$1" + "59");
    assertFalse(moved.equals(text), "env.json's startedUtc moved");
    Files.writeString(env, moved);
    return run;
  }

  private static Path base() {
    return ThenAndNowTest.runs().resolve("compare/base1");
  }

  @Test
  void compareFailsWhenNewLostEveryBenchmark() throws Exception {
    assertEquals(1, cli.run("compare", base().toString(), runWith("empty", "[]").toString()));
    assertEquals(1, cli.run("compare", base().toString(), runWith("none", null).toString()));
  }

  @Test
  void compareCannotRunOnAFileThatIsNotJmhs() throws Exception {
    assertEquals(2, cli.run("compare", base().toString(), runWith("object", "{}").toString()));
    assertTrue(cli.err().contains("not JMH's JSON result format"), cli::err);
    assertFalse(cli.err().contains("Exception"), cli::err);
  }

  /** A load point not measured at a steady rate is listed, never makes a comparison unreadable. */
  @Test
  void compareListsAnUnsteadyLoadPointAndStillDecides() throws Exception {
    Path recorded = ThenAndNowTest.runs().resolve("env-v2-quick-jdk17");
    Path run = Files.createDirectory(tmp.resolve("unsteady"));
    for (String f : List.of("env.json", "jmh.json")) {
      Files.copy(recorded.resolve(f), run.resolve(f));
    }
    com.fasterxml.jackson.databind.ObjectMapper json =
        new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode load =
        (com.fasterxml.jackson.databind.node.ObjectNode)
            json.readTree(recorded.resolve("load-wfs.json").toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) load.path("points").get(0))
        .set(
            "warmup",
            json.readTree(
                "{\"windowMs\":1000,\"ratesPerSecond\":[100.0,300.0],\"converged\":false}"));
    json.writeValue(run.resolve("load-wfs.json").toFile(), load);
    Path again = Files.createDirectory(tmp.resolve("unsteady-again"));
    try (var files = Files.list(run)) {
      for (Path f : files.toList()) {
        Files.copy(f, again.resolve(f.getFileName()));
      }
    }
    assertEquals(0, cli.run("compare", run.toString(), anotherStart(again).toString()), cli::err);
    assertTrue(cli.out().contains("not steady"), cli::out);
  }

  @Test
  void compareOfTwoEmptyRunsComparedNothing() throws Exception {
    assertEquals(
        2,
        cli.run(
            "compare", runWith("a", "[]").toString(), anotherStart(runWith("b", "[]")).toString()));
    assertTrue(cli.err().contains("nothing to compare"), cli::err);
  }

  @Test
  void compareOfASameBuildPairPasses() {
    Path runs = ThenAndNowTest.runs().resolve("compare");
    assertEquals(
        0,
        cli.run(
            "compare",
            runs.resolve("warm-base1").toString(),
            runs.resolve("warm-base2").toString()),
        cli::err);
  }

  @Test
  void zeroIterationsAreRefusedWhenRead() throws Exception {
    var json = new com.fasterxml.jackson.databind.ObjectMapper();
    var results = json.readTree(base().resolve("jmh.json").toFile());
    for (var fork : results.get(0).path("primaryMetric").path("rawData")) {
      for (int i = 0; i < fork.size(); i++) {
        ((com.fasterxml.jackson.databind.node.ArrayNode) fork).set(i, 0.0);
      }
    }
    String zeroed = json.writeValueAsString(results);
    int exit = cli.run("compare", base().toString(), runWith("zero", zeroed).toString());
    assertEquals(2, exit, cli::out);
    assertTrue(cli.err().contains("an iteration of 0.0 in rawData"), cli::err);
  }

  /**
   * Every committed run of pairs alone (no jmh.json rows, no load) reports: its claims are results.
   */
  @Test
  void reportWritesARunOfPairsAlone() throws Exception {
    Path results = ThenAndNowTest.runs().resolve("../../../jmh-results");
    List<Path> pairsOnly;
    try (var runs = Files.list(results)) {
      pairsOnly =
          runs.filter(r -> Files.isRegularFile(r.resolve("pairs.json")))
              .filter(r -> !Files.isRegularFile(r.resolve("jmh.json")) || isEmptyJmh(r))
              .sorted()
              .toList();
    }
    assertFalse(pairsOnly.isEmpty(), "no committed run of pairs alone under " + results);
    for (Path r : pairsOnly) {
      Path out = Files.createDirectory(tmp.resolve(r.getFileName().toString()));
      assertEquals(0, cli.run("report", r.toString(), "--out", out.toString()), cli::err);
      assertTrue(Files.size(out.resolve("report.md")) > 0, r::toString);
    }
  }

  private static boolean isEmptyJmh(Path run) {
    try {
      return Files.readString(run.resolve("jmh.json")).strip().equals("[]");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** A report --out that is a file is bad usage, refused in one line before the run is read. */
  @Test
  void reportRefusesAnOutThatIsAFile() throws Exception {
    Path file = Files.writeString(tmp.resolve("a-file"), "mine");
    assertEquals(2, cli.run("report", base().toString(), "--out", file.toString()), cli::err);
    assertTrue(cli.err().contains("--out " + file + " is a file"), cli::err);
    assertEquals("mine", Files.readString(file));
  }

  /**
   * An output whose folder cannot be made (here below a file) is bad usage, refused in one line
   * before any work, for each command that writes one (was: exit 1, after the runs were read for
   * compare, export and report).
   */
  @Test
  void anOutWhoseFolderCannotBeMadeIsRefusedBeforeAnyWork() throws Exception {
    Path file = Files.writeString(tmp.resolve("plain-file"), "mine");
    Path below = file.resolve("sub");
    String run = base().toString();
    for (String[] args :
        java.util.List.of(
            new String[] {"compare", run, run, "--out", below.resolve("c.txt").toString()},
            new String[] {
              "export", run, "--format", "bencher", "--out", below.resolve("e.json").toString()
            },
            new String[] {"report", run, "--out", below.toString()},
            new String[] {
              "encode",
              "--dataset",
              "osm_places",
              "--format",
              "gml2",
              "--count",
              "1",
              "--out",
              below.resolve("x.gml").toString()
            },
            new String[] {"finding", "--out", below.resolve("f.xml").toString()},
            new String[] {"wms-requests", "--out", below.resolve("w.txt").toString()},
            new String[] {
              "suite",
              "--include",
              "none",
              "--pairs",
              "calibration",
              "--load",
              "none",
              "--out",
              below.toString()
            },
            new String[] {
              "profile", "--benchmark", "GeoEncodingBenchmark", "--out", below.toString()
            })) {
      assertEquals(2, cli.run(args), args[0] + ": " + cli.err());
      // a file's folder is not made for it (encode, finding, wms-requests); a results folder is
      String why =
          args[0].matches("encode|finding|wms-requests")
              ? "does not exist"
              : "cannot make the folder";
      assertTrue(cli.err().contains(why), args[0] + ": " + cli.err());
      assertEquals(1, cli.err().strip().lines().count(), args[0] + ": " + cli.err());
      assertEquals("", cli.out(), args[0]);
    }
    assertEquals("mine", Files.readString(file));
  }

  /**
   * An output file in a folder that exists but takes no file (/proc: root is told by access(2) that
   * it may write there, and making the file fails) is refused in one line before any work, for each
   * command that writes one. It failed after the work, exit 1, naming the output's temporary file
   * ("cannot use /proc/tmp-x.gml.241e0vxwn05bv: NoSuchFileException").
   */
  @Test
  void anOutInAFolderThatTakesNoFileIsRefusedBeforeAnyWork() throws Exception {
    Path proc = Path.of("/proc");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(proc), "a Linux /proc");
    String run = base().toString();
    for (String[] args :
        java.util.List.of(
            new String[] {"compare", run, run, "--out", "/proc/c.txt"},
            new String[] {"export", run, "--format", "bencher", "--out", "/proc/e.json"},
            new String[] {
              "encode",
              "--dataset",
              "osm_places",
              "--format",
              "gml2",
              "--count",
              "1",
              "--out",
              "/proc/x.gml"
            },
            new String[] {"finding", "--out", "/proc/f.xml"},
            new String[] {"wms-requests", "--out", "/proc/w.txt"},
            new String[] {
              "load",
              "--target",
              "http://127.0.0.1:1/",
              "--duration",
              "1ms",
              "--warmup",
              "0s",
              "--json",
              "/proc/l.json"
            })) {
      assertEquals(2, cli.run(args), args[0] + ": " + cli.err());
      assertTrue(cli.err().contains("/proc"), args[0] + ": " + cli.err());
      assertFalse(cli.err().contains(org.wirebench.results.NewFiles.PREFIX), cli.err());
      assertEquals(1, cli.err().strip().lines().count(), args[0] + ": " + cli.err());
      assertEquals("", cli.out(), args[0]);
    }
  }

  /**
   * A comparison holding text XML 1.0 cannot carry (here a folder named with a control character,
   * which the JUnit XML names) is refused as input no JUnit XML can hold, exit 2 in one line,
   * nothing on standard output: it failed half-way, exit 1, with half a document written.
   */
  @Test
  void junitOfTextXmlCannotCarryIsRefusedWhole() throws Exception {
    Path odd = Files.createDirectory(tmp.resolve("run\u0001x"));
    try (var files = Files.list(base())) {
      for (Path f : files.toList()) {
        Files.copy(f, odd.resolve(f.getFileName().toString()));
      }
    }
    anotherStart(odd);
    assertEquals(
        2, cli.run("compare", base().toString(), odd.toString(), "--format", "junit"), cli::err);
    assertEquals("", cli.out());
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(cli.err().contains("XML 1.0 cannot carry"), cli::err);
    assertFalse(cli.err().contains("xml 1.1"), cli::err);
  }

  /**
   * A command refused after its output's check (here: a run it cannot read) leaves no --out folder:
   * the check made the folder and those above it, and left them empty.
   */
  @Test
  void aCommandRefusedAfterItsOutputsCheckLeavesNoFolder() throws Exception {
    String bad = runWith("garbage", "{}").toString();
    Path fresh = tmp.resolve("fresh");
    for (String[] args :
        java.util.List.of(
            new String[] {"compare", base().toString(), bad, "--out", "fresh/a/c.txt"},
            new String[] {"compare", base().toString(), bad, "--out", "fresh/a/c.txt", "--replace"},
            new String[] {"export", bad, "--format", "bencher", "--out", "fresh/b/e.json"},
            new String[] {"report", bad, "--out", "fresh/c/report"})) {
      for (int i = 0; i < args.length; i++) {
        args[i] = args[i].startsWith("fresh/") ? tmp.resolve(args[i]).toString() : args[i];
      }
      assertEquals(2, cli.run(args), args[0] + ": " + cli.err());
      assertTrue(!Files.exists(fresh), args[0] + " left " + fresh);
    }
  }

  @Test
  void reportRefusesARunWithoutResults() throws Exception {
    assertEquals(2, cli.run("report", runWith("nothing", "[]").toString()));
    assertTrue(cli.err().contains("holds no results"), cli::err);
    assertEquals(2, cli.run("report", runWith("garbage", "{}").toString()));
  }

  @Test
  void anUnknownBenchmarkParameterIsRefusedWithTheValidOnes() {
    int exit =
        cli.run("suite", "--quick", "--load", "none", "-p", "nosuch=1", "--out", tmp.toString());
    assertEquals(2, exit);
    assertTrue(cli.err().contains("-p nosuch"), cli::err);
    assertTrue(cli.err().contains("codec, count, dataset"), cli::err);
  }

  @Test
  void incompleteRunsAreListedAndRemovedOnlyOnRequest() throws Exception {
    Path run = org.wirebench.bench.suite.IncompleteRuns.create(tmp);
    org.wirebench.bench.suite.IncompleteRuns.release(run); // what the killed process's end did
    Path left = Files.createDirectories(run.resolve("profile/inner"));
    Path kept = Files.createDirectories(tmp.resolve("20260101-000000-x"));
    assertEquals(0, cli.run("discard-incomplete", tmp.toString()), cli::err);
    assertFalse(Files.exists(left.getParent().getParent()));
    assertTrue(Files.exists(kept));
  }

  /** PrintStream swallows write errors: a full disk must still fail the command. */
  @Test
  void aFullStandardOutputFailsTheCommand() throws Exception {
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                WirebenchCli.class.getName(),
                "encode",
                "--dataset",
                "osm_places",
                "--format",
                "gml2",
                "--count",
                "2000")
            .redirectOutput(new File("/dev/full"))
            .redirectErrorStream(false)
            .start();
    String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(1, p.exitValue(), stderr);
    assertTrue(stderr.contains("cannot write to standard output"), stderr);
  }

  @Test
  void theMainsMapUnreadableInputToTwo() {
    assertEquals(
        List.of(2),
        List.of(
            Mains.execute(
                new WirebenchCli(), new String[] {"report", tmp.resolve("x").toString()})));
  }
}
