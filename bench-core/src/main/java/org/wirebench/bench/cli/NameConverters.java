package org.wirebench.bench.cli;

import org.wirebench.formats.finding.BackendFormat;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.registry.UnknownNameException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Turn registry look-ups into picocli usage errors (exit code 2) that list the valid names. */
final class NameConverters {
  private NameConverters() {}

  static final class DatasetConverter implements ITypeConverter<Dataset> {
    @Override
    public Dataset convert(String value) {
      try {
        return Datasets.get(value);
      } catch (UnknownNameException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  static final class CodecConverter implements ITypeConverter<GeoCodec> {
    @Override
    public GeoCodec convert(String value) {
      try {
        return GeoCodecs.get(value);
      } catch (UnknownNameException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  static final class BackendFormatConverter implements ITypeConverter<BackendFormat> {
    @Override
    public BackendFormat convert(String value) {
      try {
        return BackendFormats.get(value);
      } catch (UnknownNameException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
