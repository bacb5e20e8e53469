package org.wirebench.server;

import picocli.CommandLine;

/**
 * How this jar's mains (serve, load) run a picocli command: usage errors 2, failures 1, one line.
 */
public final class Mains {
  private Mains() {}

  public static int execute(String name, Object command, String[] args) {
    return new CommandLine(command)
        .setExecutionExceptionHandler(
            (e, cli, parsed) -> {
              cli.getErr().println(name + ": " + (e.getMessage() == null ? e : e.getMessage()));
              return 1;
            })
        .execute(args);
  }
}
