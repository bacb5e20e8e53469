package org.wirebench.bench.cli;

import java.util.concurrent.Callable;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.schema.FeatureSchemas;
import org.wirebench.formats.geo.schema.XmlSchema;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Prints a feature type's XSD, as a WFS's DescribeFeatureType would return it. */
@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description = "Print the feature type's application schema (XSD) for a GML format.")
final class SchemaCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin DatasetOption datasetOption;

  @Option(
      names = "--format",
      required = true,
      converter = NameConverters.CodecConverter.class,
      completionCandidates = RegistryNames.XmlCodecs.class,
      description =
          "a registered codec with an XML schema, a plug-in's too: ${COMPLETION-CANDIDATES}")
  GeoCodec format;

  @Override
  public Integer call() {
    if (format.xmlSchema() == XmlSchema.NONE) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "format '"
              + format.name()
              + "' has no XML schema; valid: "
              + String.join(", ", new RegistryNames.XmlCodecs()));
    }
    System.out.print(FeatureSchemas.xsd(datasetOption.dataset.featureType(), format.xmlSchema()));
    System.out.flush();
    return 0;
  }
}
