package org.wirebench.server.load.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.wirebench.server.Mains;
import org.wirebench.server.load.scenario.FindingScenario;
import org.wirebench.server.load.scenario.Scenario;
import org.wirebench.server.load.scenario.ScenarioOptions;
import org.wirebench.server.load.scenario.SoapScenario;
import org.wirebench.server.load.scenario.WfsScenario;
import org.wirebench.server.load.scenario.WmsScenario;
import picocli.CommandLine;

/**
 * The command line's one vocabulary: --users, durations with their unit, shares as 0..1 or
 * 0%..100%; the old spellings still parse to the same values for a release, each printing one line
 * that names the new spelling; values out of range are refused in one line, exit 2, before work.
 */
class VocabularyTest {
  private String stderr = "";

  /** Runs {@code body} with standard error captured into {@link #stderr}. */
  private <T> T capturing(java.util.concurrent.Callable<T> body) throws Exception {
    org.wirebench.server.OwnStderr own = new org.wirebench.server.OwnStderr();
    try {
      return own.capture(body);
    } finally {
      stderr = own.text();
    }
  }

  /** The load command's options as checked (old spellings settled), nothing run. */
  private LoadCommand checked(String... args) throws Exception {
    return capturing(
        () -> {
          LoadCommand c = new LoadCommand();
          new CommandLine(c).parseArgs(args);
          c.check();
          return c;
        });
  }

  private long deprecationLines() {
    return stderr.lines().filter(l -> l.contains("is deprecated")).count();
  }

  @Test
  void oldMillisecondOptionsParseToTheSameDurationsAndSayTheNewSpelling() throws Exception {
    String[] target = {"--target", "http://127.0.0.1:1/"};
    LoadCommand now = checked(cat(target, "--think-time", "900ms", "--think-deviation", "100ms"));
    assertEquals(0, deprecationLines(), stderr);
    LoadCommand old = checked(cat(target, "--think-time-ms", "900", "--think-deviation-ms", "100"));
    assertEquals(Duration.ofMillis(900), old.thinkTime);
    assertEquals(now.thinkTime, old.thinkTime);
    assertEquals(now.thinkDeviation, old.thinkDeviation);
    assertEquals(2, deprecationLines(), stderr);
    assertTrue(
        stderr.contains("--think-time-ms is deprecated") && stderr.contains("--think-time 900ms"),
        stderr);
    assertTrue(stderr.contains("write --think-deviation 100ms"), stderr);
  }

  @Test
  void aServerWaitInBareSecondsStillWorksAndSaysTheNewSpelling() throws Exception {
    ScenarioOptions now = parsedAlone("--server-wait", "30s");
    assertEquals(0, deprecationLines(), stderr);
    ScenarioOptions old = parsedAlone("--server-wait", "30");
    assertEquals(Duration.ofSeconds(30), old.serverWait);
    assertEquals(now.serverWait, old.serverWait);
    assertEquals(1, deprecationLines(), stderr);
    assertTrue(stderr.contains("write --server-wait 30s"), stderr);
  }

  @Test
  void everyOldConcurrencyWordGivesTheSamePointsAsUsers() throws Exception {
    assertSameUsers(new WfsScenario(), List.of(2, 4), "--concurrency", "2,4");
    assertSameUsers(new SoapScenario(), List.of(3), "--soap-users", "3");
    assertSameUsers(new FindingScenario(), List.of(7), "--finding-users", "7");
    assertSameUsers(new WmsScenario(), List.of(2, 5), "--wms-users", "2,5");
  }

  private void assertSameUsers(Scenario s, List<Integer> expected, String old, String value)
      throws Exception {
    Function<ScenarioOptions, List<Object>> users =
        o ->
            s.points(o).stream()
                .map(p -> p.params().get("users"))
                .distinct()
                .map(Object.class::cast)
                .toList();
    ScenarioOptions now = parsedAlone("--users", value);
    List<Object> fromNew = capturing(() -> users.apply(now));
    assertEquals(0, deprecationLines(), stderr);
    ScenarioOptions was = parsedAlone(old, value);
    List<Object> fromOld = capturing(() -> users.apply(was));
    assertEquals(expected, fromNew, s.name());
    assertEquals(fromNew, fromOld, s.name());
    assertEquals(1, deprecationLines(), stderr);
    assertTrue(
        stderr.contains(old + " is deprecated") && stderr.contains("write --users " + value),
        stderr);
    // both spellings at once: which one counts would be a guess
    ScenarioOptions both = parsedAlone("--users", value, old, value);
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> s.points(both));
    assertTrue(e.getMessage().contains("not both"), e.getMessage());
  }

  @Test
  void aScenarioOfOneUserCountRefusesAList() throws Exception {
    ScenarioOptions o = parsedAlone("--users", "4,8");
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> new SoapScenario().points(o));
    assertTrue(e.getMessage().contains("soap: --users takes one number"), e.getMessage());
  }

  @Test
  void sharesAre0To1Or0To100PercentEverywhere() throws Exception {
    String[] target = {"--target", "http://127.0.0.1:1/"};
    assertEquals(0.05, checked(cat(target, "--length-tolerance", "5%")).lengthTolerance, 1e-12);
    assertEquals(0.05, checked(cat(target, "--length-tolerance", "0.05")).lengthTolerance, 1e-12);
    assertEquals(0.01, checked(target).lengthTolerance, 1e-12);
    assertEquals(0.001, checked(cat(target, "--max-error-rate", "0.1%")).maxErrorRate, 1e-12);
    assertEquals(0.001, checked(cat(target, "--max-error-rate", "0.001")).maxErrorRate, 1e-12);
  }

  @Test
  void outOfRangeValuesAreRefusedInOneLineWithExit2BeforeAnyWork() throws Exception {
    // the target is a port nothing listens on: a run that started would exit 1, not 2
    String[][] bad = {
      {"--users", "0"},
      {"--users", "10001"},
      {"--users", "4,8"},
      {"--think-time", "61s"},
      {"--think-time", "900"},
      {"--think-time-ms", "60001"},
      {"--think-deviation", "2m"},
      {"--ramp-up", "2h"},
      {"--timeout", "0s"},
      {"--timeout", "2h"},
      {"--duration", "30"},
      {"--length-tolerance", "150%"},
      {"--length-tolerance", "1.5"},
      {"--max-error-rate", "-1%"},
      {"--max-error-rate", "2"},
      {"--rate", "-1"},
      {"--expect-status", "42"},
      {"--selectors", "0"},
      {"--think-time", "1s", "--think-time-ms", "1000"},
      {"--runs", "3"},
      {"--quick"},
    };
    for (String[] b : bad) {
      int exit =
          capturing(
              () ->
                  Mains.execute(
                      new LoadCommand(),
                      cat(
                          new String[] {"--target", "http://127.0.0.1:1/", "--duration", "1s"},
                          b)));
      assertEquals(2, exit, String.join(" ", b) + ": " + stderr);
      List<String> lines = stderr.lines().filter(l -> !l.contains("is deprecated")).toList();
      assertEquals(1, lines.size(), String.join(" ", b) + ": " + stderr);
      assertTrue(lines.get(0).startsWith("wirebench load: "), stderr);
      assertFalse(stderr.contains("Exception") || stderr.contains("\tat "), stderr);
      // an old spelling's value is refused under the new name, which the line before gave
      assertTrue(
          lines.get(0).contains(b[0].replace("-ms", "")), String.join(" ", b) + ": " + stderr);
    }
  }

  @Test
  void aScenarioRefusesOneUrlOptionsAndOutOfRangeWaits() throws Exception {
    String[][] bad = {
      {"--rate", "10"},
      {"--think-time", "900ms"},
      {"--server-wait", "11m"},
      {"--server", "http://127.0.0.1:1/", "--server-wait", "5x"},
    };
    for (String[] b : bad) {
      int exit =
          capturing(
              () -> Mains.execute(new LoadCommand(), cat(new String[] {"--scenario", "wfs"}, b)));
      assertEquals(2, exit, String.join(" ", b) + ": " + stderr);
      assertEquals(1, stderr.lines().count(), stderr);
    }
  }

  @Test
  void helpNamesTheNewSpellingsAndHidesTheOld() throws Exception {
    java.io.StringWriter help = new java.io.StringWriter();
    CommandLine cli = new CommandLine(new LoadCommand());
    cli.usage(new java.io.PrintWriter(help));
    String text = help.toString();
    for (String now :
        List.of("--users", "--think-time", "--think-deviation", "--server-wait", "--java")) {
      assertTrue(text.contains(now + "="), now + " in " + text);
    }
    for (String old :
        List.of(
            "--think-time-ms",
            "--think-deviation-ms",
            "--concurrency",
            "--soap-users",
            "--finding-users",
            "--wms-users",
            "--wire-users")) {
      assertFalse(text.contains(old), old + " in " + text);
    }
    // the defaults are numbers, each scenario's own
    for (Scenario s : org.wirebench.server.load.scenario.Scenarios.all()) {
      assertTrue(
          text.replaceAll("\\s+", " ").contains(s.name() + " " + s.settings(false).runs()),
          s.name() + "'s runs in " + text);
    }
  }

  private ScenarioOptions parsedAlone(String... args) throws Exception {
    return capturing(
        () -> {
          ScenarioOptions o = new ScenarioOptions();
          new CommandLine(o).parseArgs(args);
          return o;
        });
  }

  private static String[] cat(String[] a, String... b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
