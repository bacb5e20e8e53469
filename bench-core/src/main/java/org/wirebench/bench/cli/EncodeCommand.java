package org.wirebench.bench.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.server.OutputPaths;
import org.wirebench.server.StandardOutput;
import org.wirebench.server.UnusedOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Writes exactly the bytes {@code GeoEncodingBenchmark} times for the same parameters. */
@Command(
    name = "encode",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description = "Encode the first COUNT features of a dataset in one format.")
final class EncodeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin DatasetOption datasetOption;

  @Option(
      names = "--format",
      required = true,
      converter = NameConverters.CodecConverter.class,
      completionCandidates = RegistryNames.Codecs.class,
      description = "a registered codec, a plug-in's too: ${COMPLETION-CANDIDATES}")
  GeoCodec format;

  @Option(
      names = "--count",
      defaultValue = "200",
      description =
          "features, 1.."
              + Datasets.GENERATED_SIZE
              + "; real datasets stop at their size (default: ${DEFAULT-VALUE})")
  int count;

  @Option(
      names = "--out",
      converter = org.wirebench.server.CliTypes.OutputOrStandardOutput.class,
      description = org.wirebench.server.CliTypes.OutputOrStandardOutput.DESCRIPTION)
  Path out;

  @Option(
      names = "--time-stamp",
      description =
          "the time stamp, as ISO-8601, e.g. 2026-01-01T00:00:00Z, of a format that writes one"
              + " (its writesTimeStamp(): gml31 and gml32, WFS 1.1's and 2.0's timeStamp);"
              + " refused for a format that writes none (default: now)")
  Instant timeStamp;

  @Override
  public Integer call() throws IOException {
    if (count < 1 || count > Datasets.GENERATED_SIZE) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--count must be 1.." + Datasets.GENERATED_SIZE + ", was " + count);
    }
    if (!format.writesTimeStamp()) {
      UnusedOptions.refuse(
          spec,
          "--time-stamp",
          "--format " + format.name(),
          format.name() + " writes no time stamp");
    }
    OutputFile.file(spec.commandLine(), "--out", out);
    FeatureCollection collection =
        FeatureCollection.of(
            datasetOption.dataset.featureType(),
            datasetOption.dataset.take(count),
            timeStamp == null ? Instant.now() : timeStamp);
    if (out == null) {
      // a reader that left (| head -c 100) ends the encoding at the next buffer, not at its end
      OutputStream stdout = new BufferedOutputStream(StandardOutput.bytes(), 1 << 16);
      format.encode(collection, stdout);
      stdout.flush();
    } else {
      OutputPaths.replace(
          out,
          tmp -> {
            try (OutputStream file =
                new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
              format.encode(collection, file);
            }
          });
    }
    return 0;
  }
}
