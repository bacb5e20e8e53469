package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;

/**
 * '-' is standard output where a command writes there when --out is not given (encode, finding,
 * wms-requests, compare, export), as in any Unix tool; every other path refuses it in one line,
 * exit 2, before any work. compare --out - wrote a file called '-' in the working directory.
 */
class DashPathTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  private static final Path DASH = Path.of("-");

  private final boolean dashBefore = Files.exists(DASH);

  @AfterEach
  void removeWhatTheOldCodeWrote() throws Exception {
    if (!dashBefore && Files.exists(DASH)) {
      // the old code wrote a file, or a report folder, called '-'
      try (var walk = Files.walk(DASH)) {
        for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  @Test
  void dashIsStandardOutputForAnOutputThatDefaultsToIt() throws Exception {
    Path runs = ThenAndNowTest.runs().resolve("compare");
    String base = runs.resolve("warm-base1").toString();
    String next = runs.resolve("warm-base2").toString();
    assertEquals(0, cli.run("compare", "--out", "-", base, next), cli::err);
    assertFalse(Files.exists(DASH), "a file called - written");
    String table = cli.out();
    assertEquals(0, cli.run("compare", base, next), cli::err);
    assertEquals(cli.out(), table, "the same as no --out");
    assertEquals(0, cli.run("compare", "--format", "json", "--out", "-", base, next), cli::err);
    assertTrue(cli.out().strip().startsWith("{"), "the json alone: " + cli.out());
    assertEquals(0, cli.run("export", base, "--format", "bencher", "--out", "-"), cli::err);
    assertTrue(cli.out().strip().startsWith("{"), cli::out);
    for (String[] args :
        new String[][] {
          {"encode", "--dataset", "osm_places", "--format", "gml2", "--count", "1", "--out", "-"},
          {"finding", "--items", "1", "--out", "-"},
          {"wms-requests", "--count", "1", "--out", "-"},
        }) {
      assertEquals(0, cli.run(args), args[0] + ": " + cli.err());
      assertFalse(Files.exists(DASH), args[0] + " wrote a file called -");
    }
    // --replace needs a file to replace
    assertEquals(2, cli.run("compare", "--out", "-", "--replace", base, next), cli::err);
  }

  @Test
  void dashIsRefusedWhereverAPathIsNoStandardOutput() throws Exception {
    String run = ThenAndNowTest.runs().resolve("compare/warm-base1").toString();
    for (String[] args :
        new String[][] {
          {"report", run, "--out", "-"},
          {"compare", "-", run},
          {"export", "-", "--format", "bencher"},
          {"discard-incomplete", "-"},
          {"load", "--target", "http://127.0.0.1:1/", "--duration", "1s", "--json", "-"},
          {"load", "--target", "http://127.0.0.1:1/", "--duration", "1s", "--hlog", "-"},
          {"load", "--scenario", "wfs", "--server", "http://127.0.0.1:1/", "--out", "-"},
          {"suite", "--include", "none", "--pairs", "none", "--load", "none", "--out", "-"},
          {
            "jmeter-import",
            "--jtl",
            "-",
            "--scenario",
            "wfs",
            "--warmup",
            "0s",
            "--run",
            run,
            "--out",
            tmp.resolve("n").toString()
          },
        }) {
      assertEquals(2, cli.run(args), String.join(" ", args) + ": " + cli.err());
      assertTrue(cli.err().contains("'-' names no file or folder here"), cli::err);
      assertEquals(1, cli.err().strip().lines().count(), cli::err);
      assertFalse(Files.exists(DASH), args[0] + " wrote a file called -");
    }
  }
}
