package org.wirebench.bench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * Runs {@link WirebenchCli} in this JVM as the command line would, with what it writes to stdout
 * and stderr kept: each run starts with both empty, so a test reads only the run it made.
 */
public final class CliRunner {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  /** The exit code of one run of the CLI with {@code args}. */
  public int run(String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cli = WirebenchCli.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  /** What the last run wrote to stdout. */
  public String out() {
    return out.toString();
  }

  /** What the last run wrote to stderr. */
  public String err() {
    return err.toString();
  }
}
