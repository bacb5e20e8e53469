package org.wirebench.bench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code wirebench} command line. Invalid input (an unknown dataset or format, a count out of
 * range) exits with 2 and a message naming the bad value and the valid ones.
 */
@Command(
    name = "wirebench",
    mixinStandardHelpOptions = true,
    version = "wirebench 0.1.0",
    description =
        "Which wire format and databinding should my web service use, and what does it cost?",
    subcommands = {
      EncodeCommand.class,
      SchemaCommand.class,
      SoapRequestCommand.class,
      SuiteCommand.class,
      ReportCommand.class,
      CompareCommand.class
    })
public final class WirebenchCli implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line, for tests that run it in-process. */
  public static CommandLine commandLine() {
    return new CommandLine(new WirebenchCli())
        .setExecutionExceptionHandler(
            (e, cli, parsed) -> {
              // a failure while running (not a usage error): one line, no stack trace
              cli.getErr().println("wirebench " + cli.getCommandName() + ": " + message(e));
              return 1;
            });
  }

  private static String message(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getMessage() == null) {
      root = root.getCause();
    }
    if (root instanceof java.nio.file.FileSystemException fs) {
      // its message is only the path: say what went wrong with it
      String why = fs.getReason() != null ? fs.getReason() : fs.getClass().getSimpleName();
      return "cannot use " + fs.getFile() + ": " + why;
    }
    return root.getMessage() == null ? root.toString() : root.getMessage();
  }
}
