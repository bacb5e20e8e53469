package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.bench.cli.UsageRefusals.with;

import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.suite.JmhLock;

/**
 * Bad usage exits 2 with one line on stderr, before any fork or file, whatever the command: never a
 * usage dump, never a stack trace, with or without runs left by killed ones. What each command's
 * own options refuse: {@link SuiteUsageErrorsTest}, {@link ParamUsageErrorsTest}, {@link
 * LoadUsageErrorsTest}.
 */
class UsageErrorsTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  /** Exit 2, one line naming {@code expected}, nothing written under the results root. */
  private void refused(String expected, String... args) throws Exception {
    UsageRefusals.refused(cli, tmp, expected, args);
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

  /**
   * An argument holding bytes the file-name encoding has no character for (a Latin-1 name under a
   * UTF-8 locale) reaches the JVM with U+FFFD in their place: refused in one line naming the
   * option, before any work, whatever the option takes (a file, a run, a URL). {@code encode --out
   * $'x-\xff.gml'} wrote x-\uFFFD.gml, a name never given, and exited 0; the run was "does not
   * exist"; the URL's path was another.
   */
  @Test
  void anArgumentWithBytesTheJvmCouldNotDecodeIsRefused() throws Exception {
    String out = tmp + "/x-\uFFFD.gml"; // a String: under an ASCII locale Path.of would throw
    refused(
        "--out '" + out + "'",
        "encode",
        "--dataset",
        "osm_places",
        "--format",
        "gml2",
        "--count",
        "1",
        "--out",
        out);
    refused("RUN '" + tmp + "/run-\uFFFD'", "report", tmp + "/run-\uFFFD");
    refused(
        "--target 'http://127.0.0.1:1/\uFFFD' holds bytes that are not",
        "load",
        "--target",
        "http://127.0.0.1:1/\uFFFD",
        "--duration",
        "1ms",
        "--warmup",
        "0s");
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

  /**
   * A value with white space at an end (a script's quoted variable) is refused, as a number's and a
   * duration's always were, never read trimmed: compare took --threshold " 5%" and printed
   * "threshold 5%" (exit 0), load took --max-error-rate " 5%" and --encoding " gzip", and suite's
   * -p took count=" 200" for JMH to fail on in its fork.
   */
  @Test
  void aValueWithWhiteSpaceAtAnEndIsRefusedNotTrimmed() throws Exception {
    String run = ReportReplaceTest.RUN.toString();
    refused(
        "--threshold ' 5%' has white space at an end: give the value without it",
        "compare", "--threshold", " 5%", run, run);
    refused("--threshold '5% ' has white space", "compare", "--threshold=5% ", run, run);
    String[] server = {"--server", "http://127.0.0.1:1/", "--out", tmp.toString()};
    refused(
        "' 5%' is not a share 0..1 or 0%..100%",
        with(server, "load", "--scenario", "wfs", "--max-error-rate", " 5%"));
    refused(
        "--encoding ' gzip' has white space at an end",
        with(server, "load", "--scenario", "wfs", "--encoding", " gzip"));
    refused(
        "--formats 'gml2, geojson' has white space in its item ' geojson' at an end",
        with(server, "load", "--scenario", "wfs", "--formats", "gml2, geojson"));
    // as they were: a number's and a duration's
    refused("' 4' is not a whole number", with(server, "load", "--scenario", "wfs", "--users= 4"));
    refused(
        "' 30s' is not a duration",
        with(server, "load", "--scenario", "wfs", "--duration", " 30s"));
  }

  /**
   * An output folder named as a run being written is (tmp-) is refused before any work, as
   * jmeter-import's new run so named always was: a report folder so named was listed by every later
   * report and suite among the folders killed runs left, with "remove it by hand: rm -r", and a
   * load --out folder so named could never be reported or compared ("an incomplete run").
   */
  @Test
  void anOutputFolderNamedAsAnIncompleteRunIsRefused() throws Exception {
    String run = ReportReplaceTest.RUN.toString();
    Path out = tmp.resolve("tmp-x");
    String named = "--out " + out + ": a name starting with tmp- is read as an incomplete run";
    refused(named, "report", run, "--out", out.toString());
    refused(named, "report", run, "--out", out.toString(), "--replace");
    refused(
        named,
        "load",
        "--scenario",
        "wfs",
        "--server",
        "http://127.0.0.1:1/",
        "--out",
        out.toString());
    refused(
        named,
        "suite",
        "--include",
        "none",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--load-arg=--server=http://127.0.0.1:1/",
        "--out",
        out.toString());
    // a link of another name to such a folder is that folder
    Path real = Files.createDirectories(tmp.resolve("elsewhere/tmp-y"));
    Path link = Files.createSymbolicLink(tmp.resolve("elsewhere/link"), real);
    assertEquals(2, cli.run("report", run, "--out", link.toString()), cli::err);
    assertTrue(cli.err().contains("a name starting with tmp- is read as an incomplete run"));
    try (var left = Files.list(real)) {
      assertEquals(0, left.count(), "nothing written");
    }
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
  void aJavaThatIsADirectoryOrNoJavaIsRefusedBeforeAnyWork() throws Exception {
    // a directory passed canExecute and failed as "Cannot run program" (exit 1) in the fork
    Path quiet = Files.createTempFile("cli25-quiet", ".sh");
    try {
      Files.writeString(quiet, "#!/bin/sh\nexit 0\n");
      quiet.toFile().setExecutable(true);
      for (String java : new String[] {tmp.toString(), quiet.toString()}) {
        String why =
            java.equals(tmp.toString()) ? "is a folder, not a file" : "is not a java launcher";
        refused(why, "suite", "--out", tmp.toString(), "--java", java);
        refused(why, "profile", "--benchmark", "GeoEncodingBenchmark", "--java", java);
      }
    } finally {
      Files.delete(quiet);
    }
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

  /** Before, the --out folder was made before RUN was read, and a refused RUN left it behind. */
  @Test
  void aRefusedReportLeavesNoOutFolderBehind() throws Exception {
    Path out = tmp.resolve("out/newdir");
    OwnStderr stderr = new OwnStderr();
    int exit =
        stderr.capture(
            () ->
                cli.run("report", tmp.resolve("no-such-run").toString(), "--out", out.toString()));
    String e = stderr.text() + cli.err();
    assertEquals(2, exit, e);
    assertEquals(1, e.lines().count(), "one line: " + e);
    assertFalse(Files.exists(tmp.resolve("out")), e);
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

  /**
   * An event given twice was sampled in two runs, the second's graphs over the first's. JMH's lock
   * is held (one of our own), so that code without the check stops at it instead of profiling.
   */
  @Test
  void profileRefusesAnEventGivenTwice() throws Exception {
    Path root = Files.createDirectories(tmp.resolve("root"));
    String tmpdir = System.setProperty("java.io.tmpdir", tmp.toString());
    String ignore = System.clearProperty("jmh.ignoreLock");
    try (RandomAccessFile raf = new RandomAccessFile(JmhLock.file().toFile(), "rw");
        FileLock held = raf.getChannel().lock()) {
      UsageRefusals.refused(
          cli,
          root,
          "--events names cpu twice",
          "profile",
          "--benchmark",
          "GeoEncodingBenchmark",
          "--events",
          "cpu,alloc,cpu",
          "--out",
          root.resolve("out").toString());
    } finally {
      System.setProperty("java.io.tmpdir", tmpdir);
      if (ignore != null) {
        System.setProperty("jmh.ignoreLock", ignore);
      }
    }
  }

  /**
   * compare --out FIFO --replace renamed its output over the FIFO (and, as root, over a device node
   * such as /dev/null): refused before anything is read.
   */
  @Test
  void anOutFileThatIsAFifoIsRefusedEvenWithReplace() throws Exception {
    Path elsewhere = Files.createTempDirectory("usage-fifo");
    try {
      Path fifo = elsewhere.resolve("compare.xml");
      Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
      org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo is available");
      refused(
          "--out " + fifo + " is a FIFO (named pipe), not a file; name a file",
          "compare",
          "--out",
          fifo.toString(),
          "--replace",
          tmp.resolve("a").toString(),
          tmp.resolve("b").toString());
      assertFalse(Files.isRegularFile(fifo), "the FIFO is left as it was");
    } finally {
      try (var left = Files.list(elsewhere)) {
        for (Path p : left.toList()) {
          Files.delete(p);
        }
      }
      Files.delete(elsewhere);
    }
  }

  @Test
  void discardIncompleteRefusesARootThatDoesNotExist() throws Exception {
    refused("does not exist", "discard-incomplete", tmp.resolve("nonexistent").toString());
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
