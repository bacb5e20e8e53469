package org.wirebench.server;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code wirebench serve}: runs the fixture server until Ctrl-C, which stops it gracefully. */
@Command(
    name = "wirebench serve",
    mixinStandardHelpOptions = true,
    description = "Serve the project's codecs over WFS (KVP GET) with an embedded Jetty 12.")
public final class ServeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--port",
      defaultValue = "8080",
      description = "0..65535, 0 = any free port (default: ${DEFAULT-VALUE})")
  int port;

  @Option(
      names = "--host",
      defaultValue = "127.0.0.1",
      description = "interface to bind (default: ${DEFAULT-VALUE})")
  String host;

  @Option(
      names = "--stop-timeout-ms",
      defaultValue = "10000",
      description =
          "how long Ctrl-C waits for in-flight requests, 0..600000 (default: ${DEFAULT-VALUE})")
  long stopTimeoutMs;

  @Override
  public Integer call() throws Exception {
    if (port < 0 || port > 65535) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--port must be 0..65535, was " + port);
    }
    if (stopTimeoutMs < 0 || stopTimeoutMs > 600_000) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--stop-timeout-ms must be 0..600000, was " + stopTimeoutMs);
    }
    FixtureServer server = new FixtureServer(host, port, stopTimeoutMs).start();
    System.out.println("wirebench serving " + server.uri() + " (Ctrl-C stops)");
    server.join();
    return 0;
  }

  public static void main(String[] args) {
    System.exit(Mains.execute("wirebench serve", new ServeCommand(), args));
  }
}
