package org.wirebench.bench.cli;

import org.wirebench.formats.geo.Dataset;
import picocli.CommandLine.Option;

/** The {@code --dataset} option, shared by the commands that read a dataset. */
final class DatasetOption {
  @Option(
      names = "--dataset",
      required = true,
      converter = NameConverters.DatasetConverter.class,
      completionCandidates = RegistryNames.DatasetNames.class,
      description = "a registered dataset, a plug-in's too: ${COMPLETION-CANDIDATES}")
  Dataset dataset;
}
