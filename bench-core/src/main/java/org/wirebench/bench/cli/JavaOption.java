package org.wirebench.bench.cli;

import java.nio.file.Path;
import org.wirebench.server.CliTypes;
import picocli.CommandLine;

/** {@code --java}, the launcher every command names so; {@code --jvm} its old spelling. */
final class JavaOption {
  private JavaOption() {}

  /** The launcher given as --java, else as --jvm (reported as deprecated), else null. */
  static Path either(CommandLine cli, Path java, Path jvm) {
    try {
      return CliTypes.either("--java", java, "--jvm", jvm, jvm == null ? null : "--java " + jvm);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cli, e.getMessage());
    }
  }
}
