package org.wirebench.bench.cli;

import org.wirebench.bench.export.CompareFormat;
import org.wirebench.bench.export.ExportFormat;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** --format values as usage errors (exit 2, one line) that list the valid names. */
final class FormatConverters {
  private FormatConverters() {}

  static final class Compare implements ITypeConverter<CompareFormat> {
    @Override
    public CompareFormat convert(String value) {
      try {
        return CompareFormat.of(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  static final class Export implements ITypeConverter<ExportFormat> {
    @Override
    public ExportFormat convert(String value) {
      try {
        return ExportFormat.of(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
