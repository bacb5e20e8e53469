package org.wirebench.bench.cli;

import static org.wirebench.bench.cli.UsageRefusals.with;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The load scenarios' options, given to load or through the suite's --load and --load-arg: a value
 * named twice, or another scenario's option, refused in one line (exit 2) before any run; each
 * scenario takes its own.
 */
class LoadUsageErrorsTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  /** Exit 2, one line naming {@code expected}, nothing written under the results root. */
  private void refused(String expected, String... args) throws Exception {
    UsageRefusals.refused(cli, tmp, expected, args);
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

  /**
   * A list ending in an empty item, as a script leaves one (gml2,$MORE with MORE empty): picocli
   * dropped it, and the scenario ran without it (here: failed on the refused port, exit 1), while
   * an empty item before another is refused as no name or number.
   */
  @Test
  void aListEndingInAnEmptyItemIsRefused() throws Exception {
    String[] server = {"--server", "http://127.0.0.1:1/", "--out", tmp.toString()};
    refused(
        "--formats 'gml2,' has an empty item (a comma too many, or a value lost)",
        with(server, "load", "--scenario", "wfs", "--formats", "gml2,"));
    refused(
        "--users '4,,' has an empty item",
        with(server, "load", "--scenario", "wfs", "--users=4,,"));
    refused(
        "--sizes '100,' has an empty item",
        with(server, "load", "--scenario", "soap", "--sizes", "100,"));
  }

  /**
   * The suite's --load-arg is read as the driver reads it, before the suite's first step: the old
   * suite ran the scenario with gml2 alone (once the driver refused it: after the suite's steps).
   */
  @Test
  void aLoadArgListEndingInAnEmptyItemIsRefusedBeforeTheSuiteStarts() throws Exception {
    refused(
        "--load-arg: --formats 'gml2,' has an empty item",
        "suite",
        "--include",
        "none",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--load-arg=--server=http://127.0.0.1:1/",
        "--load-arg=--formats=gml2,",
        "--out",
        tmp.toString());
  }

  @Test
  void anotherScenariosOptionIsRefusedNotIgnored() throws Exception {
    // each once ran the wfs scenario (here: failed on the refused port, exit 1) without it
    String[] server = {"--server", "http://127.0.0.1:1/", "--out", tmp.toString()};
    refused(
        "--stacks has no effect with --scenario wfs: it is an option of the soap scenario",
        with(server, "load", "--scenario", "wfs", "--stacks", "cxf-jaxb"));
    refused(
        "--wire-encodings has no effect with --scenario wfs: it is an option of the wire scenario",
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

  /**
   * A bound of the other kind than the scenario's points: a time for count-bounded points (soap,
   * wms, or wfs given --requests), a warm-up count for time-bounded ones. Each once ran (here:
   * failed on the refused port, exit 1) without it, and recorded the unused bound in its settings.
   */
  @Test
  void aBoundOfTheOtherKindIsRefusedNotIgnored() throws Exception {
    String[] server = {"--server", "http://127.0.0.1:1/", "--out", tmp.toString()};
    refused(
        "--duration has no effect with --scenario soap: its points are count-bounded",
        with(server, "load", "--scenario", "soap", "--duration", "10s"));
    refused(
        "--warmup has no effect with --scenario wms: its points are count-bounded",
        with(server, "load", "--scenario", "wms", "--warmup", "5s"));
    refused(
        "--warmup-requests has no effect with --scenario wfs: its points are time-bounded",
        with(server, "load", "--scenario", "wfs", "--warmup-requests", "100"));
    refused(
        "--duration has no effect with --scenario wfs: --requests bounds its points by count",
        with(server, "load", "--scenario", "wfs", "--requests", "100", "--duration", "10s"));
  }

  /**
   * A status a response never ends with: a 1xx is an interim answer the client reads past (100
   * Continue, 103 Early Hints), and past 599 is no status. 100..199 were taken, and every request
   * then failed the check (here: on the refused port, exit 1) after the whole run.
   */
  @Test
  void anExpectedStatusThatIsNoFinalOneIsRefused() throws Exception {
    String[] target = {"--target", "http://127.0.0.1:1/", "--warmup", "0s", "--duration", "1s"};
    for (String status : new String[] {"100", "101", "103", "199", "99", "600", "0"}) {
      refused(
          "--expect-status must be a final status, 200..599, was",
          with(target, "load", "--expect-status", status));
    }
    refused("a 1xx is an interim answer", with(target, "load", "--expect-status", "100"));
    // a range is no status either: one number
    refused("--expect-status", with(target, "load", "--expect-status", "100..199"));
  }

  /**
   * What shapes a run this one does not make: the JVM of a server it would start, with --server;
   * the outputs, verdict and repetitions of a run, with --jmeter-plan. Each once ran (here: failed
   * on the refused port, exit 1) without it.
   */
  @Test
  void whatShapesARunNotMadeIsRefused() throws Exception {
    String dead = "http://127.0.0.1:1/";
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String[] wfs = {"load", "--scenario", "wfs", "--server", dead};
    refused(
        "--jvm-profile has no effect with --server: that server runs already",
        with(new String[] {"--jvm-profile", "zgc", "--out", tmp.toString()}, wfs));
    refused(
        "--java has no effect with --server: that server runs already",
        with(new String[] {"--java", java, "--out", tmp.toString()}, wfs));
    String plan = tmp.resolve("plans").toString();
    String[][] runOnly = {
      {"--out", tmp.resolve("run").toString()},
      {"--json", tmp.resolve("r.json").toString()},
      {"--max-error-rate", "1%"},
      {"--validate-every", "10"},
    };
    for (String[] o : runOnly) {
      refused(
          o[0] + " has no effect with --jmeter-plan: a plan is written, not run",
          with(with(o, "--jmeter-plan", plan), wfs));
    }
    // the old code wrote the plan, each point once, whatever number of runs was asked
    refused(
        "--runs has no effect with --jmeter-plan: a plan runs each point once",
        with(new String[] {"--runs", "3", "--jmeter-plan", plan}, wfs));
    // the old code started a server with the default flags for the plan, whatever was asked
    refused(
        "--jvm-profile has no effect with --jmeter-plan",
        "load",
        "--scenario",
        "wfs",
        "--jmeter-plan",
        plan,
        "--jvm-profile",
        "zgc");
  }

  /**
   * A scenario's own option that the others given leave idle: --bboxes without a bbox filter,
   * --wms-renderers beside --wms-endpoint (loaded in their place), --sizes for void alone. Each
   * once ran (here: failed on the refused port, exit 1) without it.
   */
  @Test
  void aScenarioOptionTheOthersLeaveIdleIsRefused() throws Exception {
    String[] server = {"--server", "http://127.0.0.1:1/", "--out", tmp.toString()};
    refused(
        "--bboxes has no effect with --filter none",
        with(server, "load", "--scenario", "wfs", "--bboxes", "5"));
    refused(
        "--wms-renderers has no effect with --wms-endpoint",
        with(
            server,
            "load",
            "--scenario",
            "wms",
            "--wms-renderers",
            "direct",
            "--wms-endpoint",
            "peer=http://127.0.0.1:1/wms"));
    refused(
        "--sizes has no effect with --operations void",
        with(server, "load", "--scenario", "soap", "--operations", "void", "--sizes", "10"));
  }

  /** The suite hands a time bound to the time-bounded scenarios only, a count to the counted. */
  @Test
  void eachScenarioTakesTheBoundsOfItsKind() {
    java.util.List<String> args = java.util.List.of("--duration=10s", "--warmup-requests=5");
    org.junit.jupiter.api.Assertions.assertEquals(
        java.util.List.of("--duration=10s"),
        org.wirebench.server.load.cli.ScenarioScope.argsFor("wfs", args));
    org.junit.jupiter.api.Assertions.assertEquals(
        java.util.List.of("--warmup-requests=5"),
        org.wirebench.server.load.cli.ScenarioScope.argsFor("soap", args));
    // --requests bounds wfs's points by count too: a time then goes to none
    org.junit.jupiter.api.Assertions.assertEquals(
        java.util.List.of("--requests=9"),
        org.wirebench.server.load.cli.ScenarioScope.argsFor(
            "wfs", java.util.List.of("--requests=9", "--duration=10s")));
    SuiteCommand suite = new SuiteCommand();
    new CommandLine(suite)
        .parseArgs(
            "--load", "wfs,soap", "--load-arg=--duration=10s", "--load-arg=--warmup-requests=5");
    suite.checkLoadArgs(java.util.List.of("wfs", "soap"));
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
}
