package org.wirebench.server.load.cli;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.wirebench.server.CliTypes;
import org.wirebench.server.UnusedOptions;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** What {@code load}'s two modes, one URL and a scenario, take of its options. */
final class LoadModes {
  private LoadModes() {}

  /** Options a scenario's points set for themselves: given with --scenario, they would be lost. */
  static final List<String> ONE_URL_ONLY =
      List.of(
          "--rate",
          "--think-time",
          "--think-time-ms",
          "--think-deviation",
          "--think-deviation-ms",
          "--ramp-up",
          "--timeout",
          "--expect-status",
          "--length-tolerance",
          "--selectors",
          "--hlog");

  /**
   * Refuses an option the mode given has no use for, instead of ignoring it: one-URL options with
   * --scenario, and the scenarios' options (all those mixed in, but --users) with --target; another
   * scenario's own options with --scenario ({@link ScenarioScope}); and a list naming one value
   * twice.
   */
  static void onlyWhereUsed(CommandSpec spec, boolean oneUrl, String scenarioName) {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    if (parsed == null) {
      return;
    }
    boolean scenario = scenarioName != null;
    Set<String> scenarioOnly = new HashSet<>();
    for (CommandSpec mixin : spec.mixins().values()) {
      mixin.options().forEach(o -> scenarioOnly.add(o.longestName()));
    }
    scenarioOnly.removeAll(List.of("--users", "--help", "--version"));
    for (OptionSpec o : parsed.matchedOptions()) {
      String name = o.longestName();
      if (o.getValue() instanceof java.util.Collection<?> values) {
        // each value of a list is a point, or a dimension of the points: one given twice would be
        // measured twice under one name, and the two rows would share a key in the results
        Set<Object> seen = new HashSet<>();
        for (Object v : values) {
          if (!seen.add(v)) {
            throw new CommandLine.ParameterException(
                spec.commandLine(), name + " names " + v + " twice");
          }
        }
      }
      if (scenario && ONE_URL_ONLY.contains(name)) {
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            UnusedOptions.message(
                name,
                "--scenario",
                "it shapes a one-URL load (--target); a scenario's points set their own"));
      }
      if (oneUrl && scenarioOnly.contains(name)) {
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            UnusedOptions.message(
                name, "--target", "it is for --scenario runs, not a one-URL load"));
      }
    }
    if (scenario) {
      ScenarioScope.refuseOthers(spec, scenarioName);
    }
  }

  /** Options of the closed model's users: the open model (--rate above 0) has none to shape. */
  static final List<String> CLOSED_ONLY =
      List.of(
          "--think-time",
          "--think-time-ms",
          "--think-deviation",
          "--think-deviation-ms",
          "--ramp-up");

  /**
   * Refuses, for the open model ({@code rate} above 0), a pause or ramp-up of the closed model's
   * users: its requests go out on a schedule from the start, so a pause was never taken and a
   * ramp-up only lengthened the warm-up.
   */
  static void closedOnly(CommandSpec spec, double rate) {
    if (rate > 0) {
      for (String o : CLOSED_ONLY) {
        UnusedOptions.refuse(
            spec,
            o,
            "--rate",
            "the open model sends on a schedule from the start; it has no users to pause or start");
      }
    }
  }

  /**
   * The duration given as {@code now}, else the milliseconds given under its old spelling (which
   * prints its deprecation line), else 0.
   *
   * @throws IllegalArgumentException when both were given
   */
  static Duration oldMillis(String now, Duration value, String old, Long oldMs) {
    Duration d =
        CliTypes.either(
            now,
            value,
            old,
            oldMs == null ? null : Duration.ofMillis(oldMs),
            oldMs == null ? null : now + " " + oldMs + "ms");
    return d == null ? Duration.ZERO : d;
  }
}
