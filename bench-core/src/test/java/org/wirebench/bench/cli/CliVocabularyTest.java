package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.suite.SuiteOptions;
import picocli.CommandLine;

/**
 * One name for the java launcher (--java; --jvm still works for a release and says so), and help
 * that shows the suite's default numbers instead of "the suite's".
 */
class CliVocabularyTest {
  @TempDir Path tmp;

  private final StringWriter err = new StringWriter();
  private String stderr = "";

  /** Runs the CLI; picocli's lines and the deprecation lines (System.err) both end in stderr. */
  private int run(String... args) {
    OwnStderr own = new OwnStderr();
    try {
      return own.capture(
          () -> {
            CommandLine cli = WirebenchCli.commandLine();
            cli.setErr(new PrintWriter(err, true));
            cli.setOut(new PrintWriter(new StringWriter(), true));
            return cli.execute(args);
          });
    } catch (Exception e) {
      throw new AssertionError(e);
    } finally {
      stderr = own.text() + err;
      err.getBuffer().setLength(0);
    }
  }

  @Test
  void jvmIsTheOldSpellingOfJavaInSuiteAndProfile() {
    String missing = tmp.resolve("no-such-java").toString();
    for (String command : List.of("suite", "profile")) {
      List<String> extra =
          command.equals("suite")
              ? List.of("--out", tmp.toString())
              : List.of("--benchmark", "GeoEncodingBenchmark");
      assertEquals(2, run(args(command, extra, "--java", missing)), stderr);
      String now = stderr.strip();
      assertTrue(now.contains("--java " + missing + " does not exist"), now);
      assertFalse(now.contains("deprecated"), now);
      assertEquals(2, run(args(command, extra, "--jvm", missing)), stderr);
      List<String> lines = stderr.lines().toList();
      assertEquals(2, lines.size(), stderr);
      assertTrue(lines.contains(now), command + ": the same refusal: " + stderr);
      assertTrue(
          stderr.contains("--jvm is deprecated") && stderr.contains("write --java "), stderr);
      assertEquals(2, run(args(command, extra, "--jvm", missing, "--java", missing)), stderr);
      assertTrue(stderr.contains("not both"), stderr);
    }
  }

  @Test
  void aLoadArgTheScenariosWouldRefuseIsRefusedBeforeTheBenchmarks() {
    assertEquals(
        2, run("suite", "--out", tmp.toString(), "--load", "wfs", "--load-arg=--rate=10"), stderr);
    assertTrue(stderr.contains("--load-arg: --rate has no effect with --scenario"), stderr);
    assertEquals(1, stderr.lines().count(), stderr);
  }

  private static String[] args(String command, List<String> extra, String... more) {
    List<String> all = new java.util.ArrayList<>(List.of(command));
    all.addAll(extra);
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  @Test
  void suiteHelpShowsTheQuickAndFullNumbers() {
    StringWriter help = new StringWriter();
    WirebenchCli.commandLine().getSubcommands().get("suite").usage(new PrintWriter(help));
    String text = help.toString().replaceAll("\\s+", " ");
    assertFalse(text.contains("the suite's"), text);
    SuiteOptions full = SuiteOptions.full("x");
    SuiteOptions quick = SuiteOptions.quick("x");
    assertTrue(
        text.contains("(default: " + full.forks() + "; --quick: " + quick.forks() + ")"), text);
    assertTrue(
        text.contains(
            "(default: " + times(full.measurement()) + "; --quick: " + times(quick.measurement())),
        text);
    assertTrue(
        text.contains("(default: " + times(full.warmup()) + "; --quick: " + times(quick.warmup())),
        text);
    assertTrue(text.contains("--java="), text);
    assertFalse(text.contains("--jvm="), text);
  }

  /** 5 × 2 s, 4 × 0.4 s. */
  private static String times(SuiteOptions.Iterations i) {
    double s = i.durationMs() / 1000.0;
    String secs =
        s == Math.rint(s) ? String.valueOf((long) s) : String.format(Locale.ROOT, "%s", s);
    return i.count() + " × " + secs + " s";
  }
}
