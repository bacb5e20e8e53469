package org.wirebench.bench.cli;

import java.nio.file.Path;
import org.wirebench.server.CliTypes;
import org.wirebench.server.JavaLauncher;
import picocli.CommandLine;

/** {@code --java}, the launcher every command names so; {@code --jvm} its old spelling. */
final class JavaOption {
  private JavaOption() {}

  /**
   * The launcher given as --java, else as --jvm (reported as deprecated), with its version, else
   * null; refused (exit 2, before any work) unless it is a Java launcher ({@link
   * JavaLauncher#check}).
   */
  static JavaLauncher.Checked either(CommandLine cli, Path java, Path jvm) {
    Path given;
    try {
      given = CliTypes.either("--java", java, "--jvm", jvm, jvm == null ? null : "--java " + jvm);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cli, e.getMessage());
    }
    if (given == null) {
      return null;
    }
    try {
      return JavaLauncher.check("--java", given);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cli, e.getMessage());
    }
  }
}
