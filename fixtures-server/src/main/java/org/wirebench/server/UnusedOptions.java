package org.wirebench.server;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The one rule for an option that would do nothing beside the others given (a time stamp for a
 * format that writes none, a backend format beside the gateway's JSON, a count-bounded scenario's
 * warm-up time): it is refused in one line, exit 2, before any work, never dropped. An option
 * counts as given when it is on the command line, whatever its value, its default typed out too:
 * whoever typed it thought it mattered.
 */
public final class UnusedOptions {
  private UnusedOptions() {}

  /** Whether {@code option} (any of its names) is on the parsed command line of {@code spec}. */
  public static boolean given(CommandSpec spec, String option) {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    return parsed != null && parsed.hasMatchedOption(option);
  }

  /**
   * Refuses {@code option} when it was given: "OPTION has no effect with WITH: WHY; leave OPTION
   * out".
   *
   * @param with what makes it idle, as typed ({@code --format geojson}, {@code --gateway})
   * @param why why it does nothing there ({@code geojson writes no time stamp})
   */
  public static void refuse(CommandSpec spec, String option, String with, String why) {
    if (given(spec, option)) {
      throw new CommandLine.ParameterException(spec.commandLine(), message(option, with, why));
    }
  }

  /**
   * The refusal's one line, for code that knows {@code option} was given without the parsed command
   * line (a scenario's points, from options it left unset by default).
   */
  public static String message(String option, String with, String why) {
    return option + " has no effect with " + with + ": " + why + "; leave " + option + " out";
  }
}
