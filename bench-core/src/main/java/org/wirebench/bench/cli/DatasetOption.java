package org.wirebench.bench.cli;

import org.wirebench.formats.geo.Dataset;
import picocli.CommandLine.Option;

/** The {@code --dataset} option, shared by the commands that read a dataset. */
final class DatasetOption {
  @Option(
      names = "--dataset",
      required = true,
      converter = NameConverters.DatasetConverter.class,
      description = "osm_mainroads, osm_places, helsinki_roads, helsinki_pois, or a plug-in's")
  Dataset dataset;
}
