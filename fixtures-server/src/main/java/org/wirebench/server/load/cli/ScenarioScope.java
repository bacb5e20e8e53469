package org.wirebench.server.load.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.wirebench.server.UnusedOptions;
import org.wirebench.server.load.scenario.ScenarioOptions;
import org.wirebench.server.load.scenario.Scenarios;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Which scenarios take which of {@code load}'s options: a scenario's own options ({@link
 * ScenarioOptions#owners}) that one scenario only, a warm-up or measured time the scenarios whose
 * points are time-bounded and a warm-up count those whose points are count-bounded, every other
 * option every scenario. {@code load --scenario X} refuses another scenario's option, or a bound of
 * the other kind, instead of ignoring it; the suite hands each scenario's driver only the {@code
 * --load-arg} options that scenario takes.
 */
public final class ScenarioScope {
  private ScenarioScope() {}

  /**
   * Refuses an option of the parsed {@code load --scenario} that belongs to another scenario. Runs
   * after picocli's parse (names, numbers) and before any value is checked: such an option is
   * refused whatever its value.
   */
  static void refuseOthers(CommandSpec spec, String scenario) {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    if (parsed == null) {
      return;
    }
    Map<String, String> owners = ScenarioOptions.owners();
    if (!Scenarios.names().contains(scenario)) {
      return; // an unknown scenario: refused with the valid names when it is looked up
    }
    for (OptionSpec o : parsed.matchedOptions()) {
      String owner = owners.get(o.longestName());
      if (owner != null && !owner.equals(scenario)) {
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            UnusedOptions.message(
                o.longestName(),
                "--scenario " + scenario,
                "it is an option of the " + owner + " scenario"));
      }
    }
  }

  /**
   * The arguments among {@code args} (as given to {@code load}, each option with its value) that
   * {@code scenario} takes: all but the other scenarios' own options. A token that is no option of
   * {@code load} stays, for the driver to refuse.
   */
  public static List<String> argsFor(String scenario, List<String> args) {
    List<String> kept = new ArrayList<>();
    List<List<String>> options = options(args);
    for (List<String> option : options) {
      String owner = owner(option.get(0));
      if ((owner == null || owner.equals(scenario)) && bounds(scenario, option.get(0), options)) {
        kept.addAll(option);
      }
    }
    return kept;
  }

  /**
   * Refuses an option among {@code args} that none of {@code scenarios} takes, naming it and the
   * scenario it belongs to.
   *
   * @throws IllegalArgumentException naming the first such option
   */
  public static void refuseUntaken(List<String> scenarios, List<String> args) {
    List<List<String>> all = options(args);
    for (List<String> option : all) {
      String bound = name(option.get(0));
      boolean timed = TIMED.contains(bound);
      if ((timed || COUNTED.contains(bound))
          && !scenarios.isEmpty()
          && scenarios.stream().noneMatch(s -> bounds(s, bound, all))) {
        throw new IllegalArgumentException(
            String.join(" ", option)
                + ": "
                + bound
                + " bounds "
                + (timed ? "time" : "count")
                + "-bounded points, and those of "
                + String.join(", ", scenarios)
                + " are "
                + (timed ? "count" : "time")
                + "-bounded");
      }
    }
    for (List<String> option : all) {
      String owner = owner(option.get(0));
      if (owner != null && !scenarios.contains(owner)) {
        throw new IllegalArgumentException(
            String.join(" ", option)
                + ": "
                + name(option.get(0))
                + " is an option of the "
                + owner
                + " scenario, which is not among those run ("
                + (scenarios.isEmpty() ? "none" : String.join(", ", scenarios))
                + ")");
      }
    }
  }

  /** Whether {@code args} (as given to {@code load}) give {@code option}, by any spelling. */
  public static boolean gives(List<String> args, String option) {
    CommandSpec spec = new CommandLine(new LoadCommand()).getCommandSpec();
    OptionSpec wanted = spec.findOption(option);
    return options(args).stream()
        .anyMatch(o -> o.get(0).startsWith("-") && spec.findOption(name(o.get(0))) == wanted);
  }

  /** Options bounding a point by time, which count-bounded points have no use for. */
  private static final List<String> TIMED = List.of("--warmup", "--duration");

  /** An option bounding a point by count beside --requests, which time-bounded points ignore. */
  private static final List<String> COUNTED = List.of("--warmup-requests");

  /**
   * Whether {@code token} is no bound, or a bound of the kind of {@code scenario}'s points among
   * {@code options}: count-bounded by its own settings or by a --requests given, else time-bounded.
   * The suite hands a scenario only the bounds of its kind, as {@code load} refuses the others
   * ({@link ScenarioCommand}).
   */
  private static boolean bounds(String scenario, String token, List<List<String>> options) {
    String n = name(token);
    if (!TIMED.contains(n) && !COUNTED.contains(n)) {
      return true;
    }
    boolean counted =
        Scenarios.get(scenario).settings(false).counted()
            || options.stream().anyMatch(o -> name(o.get(0)).equals("--requests"));
    return TIMED.contains(n) != counted;
  }

  /** The scenario whose own option the token {@code --name[=value]} names; null: every one's. */
  private static String owner(String token) {
    return ScenarioOptions.owners().get(name(token));
  }

  private static String name(String token) {
    int eq = token.indexOf('=');
    return eq < 0 ? token : token.substring(0, eq);
  }

  /**
   * {@code args} cut into options, each its name token and, for an option that takes a value given
   * apart ({@code --layers osm_places}), the next token; any other token alone.
   */
  private static List<List<String>> options(List<String> args) {
    CommandSpec spec = new CommandLine(new LoadCommand()).getCommandSpec();
    List<List<String>> options = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String token = args.get(i);
      OptionSpec o = token.startsWith("-") ? spec.findOption(name(token)) : null;
      if (o != null && token.indexOf('=') < 0 && o.arity().max() > 0 && i + 1 < args.size()) {
        options.add(List.of(token, args.get(++i)));
      } else {
        options.add(List.of(token));
      }
    }
    return options;
  }
}
