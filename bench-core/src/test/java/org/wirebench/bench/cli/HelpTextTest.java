package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.wirebench.server.CliTypes;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * What a newcomer reads first: {@code wirebench --help} says which command to start with and what
 * the exit codes mean, and every command's options say their range and what a value they do not
 * take as a name means.
 */
class HelpTextTest {
  private final CliRunner cli = new CliRunner();

  /** Every option of every command, named "command --option". */
  private static List<String[]> options() {
    List<String[]> out = new ArrayList<>();
    for (CommandLine command : WirebenchCli.commandLine().getSubcommands().values()) {
      if (command.getCommandSpec().usageMessage().hidden()) {
        continue;
      }
      for (OptionSpec o : command.getCommandSpec().options()) {
        if (!o.hidden() && !o.usageHelp() && !o.versionHelp()) {
          out.add(
              new String[] {
                command.getCommandName() + " " + o.longestName(),
                String.join(" ", o.description()),
                o.type().getName(),
                o.converters().length == 0 ? "" : o.converters()[0].getClass().getName()
              });
        }
      }
    }
    return out;
  }

  @Test
  void theTopLevelHelpSaysWhereToStartAndWhatTheExitCodesMean() {
    assertEquals(0, cli.run("--help"), cli::err);
    String help = cli.out().replaceAll("\\s+", " ");
    assertTrue(help.contains("Start with"), help);
    for (String command : List.of("encode", "serve", "suite --quick", "report", "compare")) {
      assertTrue(help.contains("wirebench " + command), command + ": " + help);
    }
    assertTrue(help.contains("Exit codes: 0"), help);
    assertTrue(help.contains("1 ") && help.contains("2 "), help);
  }

  /**
   * An --out whose default is standard output reads "-" as standard output and any other value as a
   * file's name: its help must not offer a word ("none") that is written as a file of that name.
   */
  @Test
  void anOutputToStandardOutputNamesNoWordThatIsAFile() {
    assertEquals(
        java.nio.file.Path.of("none"), new CliTypes.OutputOrStandardOutput().convert("none"));
    List<String> misleading = new ArrayList<>();
    for (String[] o : options()) {
      if (o[3].equals(CliTypes.OutputOrStandardOutput.class.getName())
          && (o[1].contains("none") || !o[1].contains("standard output"))) {
        misleading.add(o[0] + ": " + o[1]);
      }
    }
    assertEquals(List.of(), misleading);
  }

  private static final Pattern RANGE =
      Pattern.compile("-?\\d+\\.\\.|\\.\\.\\d|\\d or more|\\d, \\d or \\d");

  /** Every whole-number option states the values it takes (as its refusal does). */
  @Test
  void everyWholeNumberOptionStatesItsRange() {
    List<String> unstated = new ArrayList<>();
    for (String[] o : options()) {
      boolean whole = List.of("int", "long", "java.lang.Integer", "java.lang.Long").contains(o[2]);
      if (whole && !RANGE.matcher(o[1]).find()) {
        unstated.add(o[0] + ": " + o[1]);
      }
    }
    assertEquals(List.of(), unstated);
  }
}
