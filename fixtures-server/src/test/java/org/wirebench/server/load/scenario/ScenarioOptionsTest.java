package org.wirebench.server.load.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.TableLayout;
import org.wirebench.server.load.cli.LoadCommand;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/** A scenario brings its own command-line options; nothing else names them. */
class ScenarioOptionsTest {
  /** A scenario of this test's own, with one option. */
  static final class Echo implements Scenario {
    static final class Options {
      @Option(names = "--echo-times", defaultValue = "3")
      int times;
    }

    private final String name;

    Echo(String name) {
      this.name = name;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String description() {
      return "echoes";
    }

    @Override
    public ScenarioSettings settings(boolean quick) {
      throw new UnsupportedOperationException("options only");
    }

    @Override
    public TableLayout table() {
      throw new UnsupportedOperationException("options only");
    }

    @Override
    public Object newOptions() {
      return new Options();
    }

    @Override
    public List<Point> points(ScenarioOptions o) {
      throw new UnsupportedOperationException("options only");
    }
  }

  @Test
  void aScenariosOwnOptionsAreParsedIntoItsOwnObject() {
    ScenarioOptions o = new ScenarioOptions(List.of(new Echo("echo")));
    new CommandLine(o).parseArgs("--quick", "--echo-times", "7");
    assertTrue(o.quick);
    assertEquals(7, o.own("echo", Echo.Options.class).times);
    ScenarioOptions defaults = new ScenarioOptions(List.of(new Echo("echo")));
    new CommandLine(defaults).parseArgs();
    assertEquals(3, defaults.own("echo", Echo.Options.class).times);
    assertThrows(IllegalStateException.class, () -> defaults.own("wfs", Echo.Options.class));
  }

  @Test
  void twoScenariosWithOneOptionAreRefusedNamingTheSecond() {
    ScenarioOptions o = new ScenarioOptions(List.of(new Echo("echo"), new Echo("echo2")));
    RuntimeException e = assertThrows(RuntimeException.class, () -> new CommandLine(o));
    Throwable cause = e;
    while (!(cause instanceof IllegalStateException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    assertTrue(cause.getMessage().contains("scenario echo2's options clash"), cause.toString());
  }

  /** load takes every registered scenario's options, each once, and they parse there. */
  @Test
  void loadTakesEveryRegisteredScenariosOptions() {
    CommandSpec load = new CommandLine(new LoadCommand()).getCommandSpec();
    Set<String> taken = new TreeSet<>();
    load.options().forEach(opt -> taken.addAll(List.of(opt.names())));
    for (Scenario s : Scenarios.all()) {
      Object own = s.newOptions();
      if (own == null) {
        continue;
      }
      for (OptionSpec opt : CommandSpec.forAnnotatedObject(own).options()) {
        assertTrue(taken.contains(opt.longestName()), s.name() + ": " + opt.longestName());
      }
    }
    CommandLine.ParseResult parsed =
        new CommandLine(new LoadCommand())
            .parseArgs("--scenario", "wfs", "--formats", "geojson", "--wms-srs", "EPSG:3857");
    assertEquals(List.of("geojson"), parsed.matchedOptionValue("--formats", List.of()));
    assertEquals(List.of("EPSG:3857"), parsed.matchedOptionValue("--wms-srs", List.of()));
  }
}
