package org.wirebench.server;

import picocli.CommandLine;

/**
 * The one way every wirebench command line runs (the {@code wirebench} CLI and the serve and load
 * mains of the fixture server's own jar): usage errors exit 2 with picocli's message, failures
 * while running exit 1 with one line naming the command and the problem, never a stack trace.
 */
public final class Mains {
  private Mains() {}

  /** {@code cli} with the one failure handler installed; for in-process tests too. */
  public static CommandLine configure(CommandLine cli) {
    return cli.setExecutionExceptionHandler(
        (e, failed, parsed) -> {
          failed.getErr().println("wirebench " + failed.getCommandName() + ": " + message(e));
          return 1;
        });
  }

  public static int execute(Object command, String[] args) {
    return configure(new CommandLine(command)).execute(args);
  }

  /** The innermost message that says something; a file-system failure names its path and why. */
  static String message(Throwable e) {
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
