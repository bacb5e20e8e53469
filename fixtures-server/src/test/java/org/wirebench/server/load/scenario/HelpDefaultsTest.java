package org.wirebench.server.load.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.soap.Operation;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.server.CliTypes;
import org.wirebench.server.load.LoadPlan;
import org.wirebench.server.load.cli.LoadCommand;
import org.wirebench.server.load.wire.WireScenario;
import org.wirebench.server.soap.SoapServices;
import picocli.CommandLine;

/**
 * The defaults a scenario option's help names, where picocli cannot print them itself (a list the
 * scenario picks, full or quick), and the defaults it is given are the lists the scenario and the
 * server use.
 */
class HelpDefaultsTest {
  private static String description(Object options, String name) {
    return String.join(
        " ", new CommandLine(options).getCommandSpec().findOption(name).description());
  }

  private static String join(List<Integer> values) {
    return values.stream().map(String::valueOf).collect(Collectors.joining(","));
  }

  @Test
  void soapSizes() {
    String d = description(new SoapScenario.Options(), "--sizes");
    String named =
        "(default: " + join(Operation.SIZES) + "; quick: " + join(SoapScenario.QUICK_SIZES) + ")";
    assertTrue(d.contains(named), d + " does not name " + named);
  }

  /** Every hosted stack, as the server hosts them. */
  @Test
  void soapStacks() {
    assertEquals(
        String.join(",", SoapServices.NAMES),
        new CommandLine(new SoapScenario.Options())
            .getCommandSpec()
            .findOption("--stacks")
            .defaultValue());
  }

  /** The ql.io study's think time, as the finding scenario's think mode runs it. */
  @Test
  void theStudysThinkTime() {
    String d = description(new LoadCommand(), "--think-deviation");
    String named =
        "the ql.io study: --think-time "
            + FindingScenario.THINK_MS
            + "ms --think-deviation "
            + FindingScenario.THINK_DEVIATION_MS
            + "ms";
    assertTrue(d.contains(named), d + " does not name " + named);
  }

  /** A single target's phases and timeout, as its LoadPlan would have them untold. */
  @Test
  void aTargetsPhasesAndTimeout() {
    LoadCommand load = new LoadCommand();
    String duration = description(load, "--duration");
    String warmup = description(load, "--warmup");
    assertTrue(
        duration.contains("(default: " + CliTypes.format(LoadPlan.DEFAULT_DURATION) + ";"),
        duration);
    assertTrue(
        warmup.contains("(default: " + CliTypes.format(LoadPlan.DEFAULT_WARMUP) + ";"), warmup);
    String timeout = new CommandLine(load).getCommandSpec().findOption("--timeout").defaultValue();
    assertEquals(LoadPlan.DEFAULT_TIMEOUT, CliTypes.duration(timeout));
  }

  /**
   * load's --runs, --requests, --warmup-requests, --duration and --warmup name each scenario's own
   * full and --quick settings, as the scenario has them (--duration and --warmup said "their own"
   * and named none).
   */
  @Test
  void eachScenariosOwnSettings() {
    String runs = description(new ScenarioOptions(), "--runs");
    String requests = description(new ScenarioOptions(), "--requests");
    String warmupRequests = description(new ScenarioOptions(), "--warmup-requests");
    String duration = description(new LoadCommand(), "--duration");
    String warmup = description(new LoadCommand(), "--warmup");
    for (Scenario s : Scenarios.all()) {
      for (boolean quick : new boolean[] {false, true}) {
        ScenarioSettings settings = s.settings(quick);
        if (!(quick && settings.runs() == 1 && runs.contains("--quick: 1 each"))) {
          names(runs, quick, s.name(), "" + settings.runs());
        }
        if (settings.requests() > 0) {
          names(requests, quick, s.name(), "" + settings.requests());
          names(warmupRequests, quick, s.name(), "" + settings.warmupRequests());
        } else {
          String d = CliTypes.format(java.time.Duration.ofMillis(settings.durationMs()));
          names(duration, quick, s.name(), d);
          String w = CliTypes.format(java.time.Duration.ofMillis(settings.warmupMs()));
          names(warmup, quick, s.name(), w);
        }
      }
    }
  }

  /** The full part (before "--quick:") or the quick part of a description names "NAME VALUE". */
  private static void names(String description, boolean quick, String name, String value) {
    int at = description.indexOf("--quick:");
    assertTrue(at > 0, description);
    String part = quick ? description.substring(at) : description.substring(0, at);
    Pattern named =
        Pattern.compile("(?<![\\w-])" + Pattern.quote(name + " " + value) + "(?![\\w.])");
    assertTrue(
        named.matcher(part).find(),
        (quick ? "--quick: " : "full: ") + description + " does not name " + name + " " + value);
  }

  @Test
  void wireCounts() {
    String d = description(new WireOptions(), "--wire-counts");
    String named =
        "(default: "
            + join(WireScenario.FULL_COUNTS)
            + "; --quick: "
            + join(WireScenario.QUICK_COUNTS)
            + ")";
    assertTrue(d.contains(named), d + " does not name " + named);
  }
}
