package org.wirebench.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.wirebench.formats.finding.BackendFormat;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.finding.FindingGenerator;
import org.wirebench.formats.finding.GatewayJson;
import org.wirebench.server.OutputPaths;
import org.wirebench.server.UnusedOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Writes the backend payload (or the gateway's JSON answer) that BackendResponseBenchmark and the
 * mock backend use for the same item count, for curl, a real gateway or a diff.
 */
@Command(
    name = "finding",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description =
        "Write a findItemsByKeywordsResponse of N generated items as the backend sends it.")
final class FindingCommand implements Callable<Integer> {
  static final int MAX_ITEMS = 100_000;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--items",
      defaultValue = "50",
      description = "items, 0..100000 (default: ${DEFAULT-VALUE}, the study's)")
  int items;

  static final String DEFAULT_FORMAT = "xml";

  @Option(
      names = "--format",
      converter = NameConverters.BackendFormatConverter.class,
      completionCandidates = RegistryNames.BackendFormatNames.class,
      description =
          "a registered backend format, a plug-in's too: ${COMPLETION-CANDIDATES} (default: "
              + DEFAULT_FORMAT
              + ")")
  BackendFormat format;

  @Option(
      names = "--gateway",
      description =
          "write the gateway's JSON answer for these items instead of the backend's bytes (the"
              + " same from every backend format: takes no --format)")
  boolean gateway;

  @Option(
      names = "--seed",
      defaultValue = "" + FindingGenerator.DEFAULT_SEED,
      description =
          "generator seed of the items, "
              + org.wirebench.server.CliTypes.SEED_VALUES
              + " (default: ${DEFAULT-VALUE}); refused with --items 0")
  long seed;

  @Option(
      names = "--out",
      converter = org.wirebench.server.CliTypes.OutputOrStandardOutput.class,
      description = org.wirebench.server.CliTypes.OutputOrStandardOutput.DESCRIPTION)
  Path out;

  @Override
  public Integer call() throws IOException {
    if (items < 0 || items > MAX_ITEMS) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--items must be 0.." + MAX_ITEMS + ", was " + items);
    }
    if (items == 0) {
      // the seed draws the items alone: the rest of an empty answer is the same for any
      UnusedOptions.refuse(spec, "--seed", "--items 0", "there are no items to draw");
    }
    if (gateway) {
      UnusedOptions.refuse(
          spec,
          "--format",
          "--gateway",
          "the gateway's JSON is the same from every backend format");
    }
    OutputFile.file(spec.commandLine(), "--out", out);
    var response = FindingGenerator.response(items, seed, "ipad");
    byte[] bytes =
        gateway
            ? GatewayJson.toBytes(response.view())
            : (format == null ? BackendFormats.get(DEFAULT_FORMAT) : format).encode(response);
    if (out == null) {
      System.out.write(bytes);
      System.out.flush();
    } else {
      OutputPaths.replace(out, tmp -> Files.write(tmp, bytes));
    }
    return 0;
  }
}
