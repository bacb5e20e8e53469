package org.wirebench.bench.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.wirebench.results.NewFiles;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --out FILE} and {@code --replace} for a command's one output file (compare, export): the
 * file is written under a {@code tmp-} name beside it and given its name only when complete, so a
 * reader never sees half of it. A FILE that exists is refused before any work unless {@code
 * --replace} is given, which replaces it in one rename: a report is never overwritten silently. No
 * FILE in a run's folder is taken, with --replace or not: a run folder is never changed.
 */
final class OutputFile {
  @Option(
      names = "--out",
      paramLabel = "FILE",
      converter = org.wirebench.server.CliTypes.OutputOrStandardOutput.class,
      description =
          "write to FILE instead of standard output (- : standard output; complete or not at all;"
              + " an existing FILE is refused unless --replace)")
  Path file;

  @Option(names = "--replace", description = "replace an existing --out FILE")
  boolean replace;

  /** Writes the whole output to a writer. */
  @FunctionalInterface
  interface Content {
    void write(Writer out) throws IOException;
  }

  /** Refuses, before any work, an --out that is a folder, or that exists without --replace. */
  void check(CommandLine cli) {
    if (file == null) {
      if (replace) {
        throw new CommandLine.ParameterException(cli, "--replace needs --out FILE");
      }
      return;
    }
    // --replace replaces an earlier compare or export output, never a file of a run's folder
    String inRun = org.wirebench.server.OutputPaths.runFolderProblem("--out", file);
    if (inRun != null) {
      throw new CommandLine.ParameterException(cli, inRun);
    }
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      // written beside it and renamed over it: --replace put a file in place of a FIFO or, as
      // root, of a device node such as /dev/null
      throw new CommandLine.ParameterException(
          cli, "--out " + org.wirebench.results.PathKind.notAFile(file) + "; name a file");
    }
    if (Files.exists(file) && !replace) {
      throw new CommandLine.ParameterException(
          cli, "--out " + file + " exists: choose another name, or add --replace to replace it");
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null && Files.exists(parent) && !Files.isDirectory(parent)) {
      throw new CommandLine.ParameterException(cli, "--out " + file + ": " + parent + " is a file");
    }
    String problem =
        parent == null
            ? null
            : org.wirebench.server.OutputPaths.folderProblem("--out " + file, parent);
    if (problem != null) {
      throw new CommandLine.ParameterException(cli, problem);
    }
  }

  /**
   * Refuses, before any work, an output file that cannot be written (its folder is not made for
   * it); nothing when {@code file} is null (standard output).
   */
  static void file(CommandLine cli, String option, Path file) {
    String problem =
        file == null ? null : org.wirebench.server.OutputPaths.fileProblem(option, file);
    if (problem != null) {
      throw new CommandLine.ParameterException(cli, problem);
    }
  }

  /**
   * Refuses, before any work, an output folder (a command's --out DIR) that cannot be made or
   * written, or whose name is a temporary one.
   */
  static void folder(CommandLine cli, String what, Path dir) {
    String problem =
        org.wirebench.server.OutputPaths.outputFolderProblem(what, dir, java.util.Set.of());
    if (problem != null) {
      throw new CommandLine.ParameterException(cli, problem);
    }
  }

  boolean given() {
    return file != null;
  }

  /** Writes FILE whole: new under a temporary name, then linked or renamed to its name. */
  void write(Content content) throws IOException {
    if (replace) {
      List<Path> made =
          org.wirebench.results.NewFolders.make(
              org.wirebench.server.OutputPaths.real(file).getParent());
      try {
        org.wirebench.server.OutputPaths.replace(file, tmp -> writeTo(tmp, content));
      } catch (IOException | RuntimeException e) {
        org.wirebench.results.NewFolders.removeEmpty(made); // a folder made for nothing
        throw e;
      }
      return;
    }
    // where the system puts it, as checked (links and .. resolved as the system resolves them)
    Path target = org.wirebench.server.OutputPaths.real(file);
    Path dir = target.getParent();
    String name = target.getFileName().toString();
    try (NewFiles files = NewFiles.create(dir, List.of(name))) {
      writeTo(files.temp(name), content);
      files.publish();
    }
  }

  private static void writeTo(Path path, Content content) throws IOException {
    try (Writer out = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
      content.write(out);
    }
  }
}
