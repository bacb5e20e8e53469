package org.wirebench.bench.cli;

import java.io.IOException;
import java.util.concurrent.Callable;
import org.wirebench.formats.registry.UnknownNameException;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.server.UnusedOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Prints the request envelope DatabindingBenchmark sends, for curl, ab or any SOAP tool. */
@Command(
    name = "soap-request",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description = "Print the SOAP 1.1 request envelope the databinding benchmark uses.")
final class SoapRequestCommand implements Callable<Integer> {
  static final int DEFAULT_SIZE = 100;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--operation",
      required = true,
      description = "void, ints, doubles, floats, strings, simpleEvents, meshInterfaceObjects")
  String operation;

  @Option(
      names = "--size",
      description =
          "array elements, "
              + Operation.MIN_SIZE
              + ".."
              + Operation.MAX_SIZE
              + ", the sizes the benchmarks and the server take (default: "
              + DEFAULT_SIZE
              + "); void has no array and takes no --size")
  Integer size;

  @Override
  public Integer call() throws IOException {
    Operation op;
    try {
      op = Operation.byShortName(operation);
    } catch (UnknownNameException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    if (op.requestItem() == null) {
      UnusedOptions.refuse(
          spec, "--size", "--operation " + op.shortName(), "its envelope has no array to size");
    }
    int n = size == null ? DEFAULT_SIZE : size;
    if (n < Operation.MIN_SIZE || n > Operation.MAX_SIZE) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--size must be " + Operation.MIN_SIZE + ".." + Operation.MAX_SIZE + ", was " + n);
    }
    System.out.write(SoapEnvelopes.request(EchoValues.generate(op, n)));
    System.out.flush();
    return 0;
  }
}
