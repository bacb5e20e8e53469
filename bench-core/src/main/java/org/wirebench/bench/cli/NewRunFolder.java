package org.wirebench.bench.cli;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import org.wirebench.bench.suite.IncompleteRuns;
import org.wirebench.results.NewFiles;
import org.wirebench.results.RunFiles;
import org.wirebench.results.UnreadableRunException;
import org.wirebench.server.OutputPaths;
import picocli.CommandLine;

/**
 * A new run folder made from an existing run's files plus some of its own (jmeter-import's --out):
 * the run is only read, since a run folder is never changed in place. The new folder is built under
 * a {@code tmp-} name beside its final one, as the suite builds a run (with its marker, so
 * discard-incomplete removes it if the command is killed), and renamed into place only when
 * complete; a failure removes it.
 */
final class NewRunFolder {
  /** What is rendered from a run's files, so written again for the new folder, never copied. */
  private NewRunFolder() {}

  /** The files a step adds to the folder being built. */
  @FunctionalInterface
  interface Filler {
    void fill(Path folder) throws IOException;
  }

  /**
   * Refuses, before any work, an {@code out} that exists, is inside a run's folder or inside {@code
   * run}, is named as an incomplete run, or whose parent folder cannot be made or written.
   */
  static void check(CommandLine cli, String option, Path out, Path run) {
    String problem = problem(option, out, run);
    try {
      problem = problem != null ? problem : sourceProblem(run);
    } catch (IOException | java.io.UncheckedIOException e) {
      problem = "--run " + run + ": cannot list its files (" + e.getMessage() + ")";
    }
    if (problem != null) {
      throw new CommandLine.ParameterException(cli, problem);
    }
  }

  private static String problem(String option, Path out, Path run) {
    String inRun = OutputPaths.runFolderProblem(option, out);
    if (inRun != null) {
      return inRun;
    }
    if (Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
      return option + " " + out + " exists: a run folder is never replaced; choose a new name";
    }
    Path target = OutputPaths.real(out); // where the system makes it, as checked
    if (target.getFileName() == null) {
      return option + " " + out + " names no folder";
    }
    String temporary = OutputPaths.temporaryNameProblem(option, out);
    if (temporary != null) {
      return temporary;
    }
    // RUN without env.json (a load --out folder) is no run to OutputPaths, but copying it into a
    // folder inside it would copy the copy
    Path source = OutputPaths.real(run);
    if (OutputPaths.real(target).startsWith(source)) {
      return option + " " + out + " is inside --run " + run + ": write the new run elsewhere";
    }
    return OutputPaths.folderProblem(option, target.getParent());
  }

  /**
   * Builds {@code out}: every file of {@code run} (its sub-folders too) but its reports and any
   * {@code tmp-} file a killed writer left, then what {@code filler} adds, then gives it its name.
   *
   * @return the new folder
   */
  static Path build(Path run, Path out, Filler filler) throws IOException {
    Path target = OutputPaths.real(out); // where the system makes it, as checked
    Path tmp = IncompleteRuns.create(target.getParent());
    try {
      copy(run, tmp);
      filler.fill(tmp);
      IncompleteRuns.complete(tmp);
      // rename(2) would replace an empty folder made meanwhile: checked again just before
      if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
        throw new FileAlreadyExistsException(target + " appeared while the run was being built");
      }
      return Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      if (Files.exists(tmp, LinkOption.NOFOLLOW_LINKS)) {
        IncompleteRuns.deleteOwn(tmp);
      }
    }
  }

  private static void copy(Path given, Path into) throws IOException {
    // RUN given as a link is the folder it names; inside it nothing is followed: a link could
    // reach out of the run (a folder, /dev/zero) or loop, and a FIFO would block the copy
    Path run = given.toRealPath();
    for (Path f : entries(run)) {
      Path rel = run.relativize(f);
      String not = notOwn(given, rel, f);
      if (not != null) {
        throw new UnreadableRunException(not);
      }
      // the name's own bytes: as a String, a name that is not UTF-8 would come back U+FFFD'd
      Path to = into.resolve(rel);
      if (Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectories(to);
      } else {
        // read as every command reads a run's file: never through a link, never waited on as a
        // FIFO put in its place after the check, never more than a run's file can be
        byte[] bytes = org.wirebench.results.OwnFiles.read(f);
        if (bytes == null) {
          throw new UnreadableRunException("--run " + given + ": " + rel + " vanished while read");
        }
        Files.write(to, bytes, java.nio.file.StandardOpenOption.CREATE_NEW);
      }
    }
  }

  /** The run's entries a new run would take, in walk order (the folder itself and skipped out). */
  private static java.util.List<Path> entries(Path run) throws IOException {
    try (Stream<Path> files = Files.walk(run)) {
      return files
          .sorted()
          .filter(
              f -> {
                Path rel = run.relativize(f);
                return !rel.toString().isEmpty() && !skipped(rel);
              })
          .toList();
    }
  }

  /**
   * Why {@code run} cannot be copied into a new run, or null: it holds an entry that is neither a
   * regular file nor a folder of its own (a link, a FIFO, a device), which is not a run's file.
   */
  static String sourceProblem(Path given) throws IOException {
    if (!Files.isDirectory(given)) {
      return null; // refused as no results folder when it is read
    }
    Path run = given.toRealPath();
    for (Path f : entries(run)) {
      String not = notOwn(given, run.relativize(f), f);
      if (not != null) {
        return not;
      }
    }
    return null;
  }

  private static String notOwn(Path given, Path rel, Path f) {
    if (Files.isSymbolicLink(f)) {
      return "--run "
          + given
          + ": "
          + rel
          + " is a link, not a file of the run (links in a run are never followed, nor copied)";
    }
    if (Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)
        || Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    return "--run " + given + ": " + rel + " is not a file (a FIFO, device or socket), not a run's";
  }

  private static boolean skipped(Path rel) {
    String first = rel.getName(0).toString();
    return rel.getNameCount() == 1 && RunFiles.REPORTS.contains(first)
        || first.startsWith(NewFiles.PREFIX)
        || first.equals(IncompleteRuns.MARKER);
  }
}
