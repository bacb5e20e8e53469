package org.wirebench.bench.cli;

import org.wirebench.server.CliVersion;
import org.wirebench.server.Mains;
import org.wirebench.server.ServeCommand;
import org.wirebench.server.load.cli.LoadCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code wirebench} command line, every command in one place. Invalid input (an unknown dataset
 * or format, a count out of range) exits with 2 and a message naming the bad value and the valid
 * ones; a failure while running exits 1 with one line ({@link Mains}).
 */
@Command(
    name = "wirebench",
    mixinStandardHelpOptions = true,
    versionProvider = CliVersion.class,
    // a command is required (run refuses a line without one): not picocli's "[COMMAND]"
    synopsisSubcommandLabel = "COMMAND",
    description =
        "Which wire format and databinding should my web service use, and what does it cost?",
    footerHeading = "%n",
    // the way in for a newcomer: which command first, and what an exit code says (README)
    footer = {
      "Start with: wirebench encode --dataset osm_places --format geojson --count 3 (three"
          + " features as a benchmark encodes them), wirebench serve (the fixture server, its endpoints listed"
          + " at http://127.0.0.1:8080/), wirebench suite --quick (every study measured, into"
          + " jmh-results/<run-id>/), then wirebench report and wirebench compare on run folders."
          + " wirebench COMMAND --help: its options with their ranges and defaults.",
      "Exit codes: 0 done; 1 ran and failed (compare: a regression; load: too many errors); 2"
          + " could not run (bad usage or input, refused in one line before any work)."
    },
    subcommands = {
      EncodeCommand.class,
      EncodeLoopCommand.class,
      SchemaCommand.class,
      SoapRequestCommand.class,
      FindingCommand.class,
      WmsRequestsCommand.class,
      SuiteCommand.class,
      ProfileCommand.class,
      ReportCommand.class,
      CompareCommand.class,
      ExportCommand.class,
      JmeterImportCommand.class,
      DiscardIncompleteCommand.class,
      ServeCommand.class,
      LoadCommand.class
    })
public final class WirebenchCli implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
  }

  public static void main(String[] args) {
    Mains.exit(commandLine(), args);
  }

  /** The configured command line, for tests that run it in-process. */
  public static CommandLine commandLine() {
    return Mains.configure(new CommandLine(new WirebenchCli()));
  }
}
