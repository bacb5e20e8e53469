package org.wirebench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.wirebench.results.RunEnvironment;

/**
 * Where a command will write, checked before any work: a folder that cannot be made (below a file,
 * under /proc, on a read-only disk), and any path inside a finished run's folder (a run folder is
 * never changed in place: its files are what its report and compare read), are bad usage, refused
 * in one line with exit 2, not found out after a run (exit 1). The folder is made here, as the
 * command would make it anyway.
 */
public final class OutputPaths {
  private OutputPaths() {}

  /**
   * Why {@code option}'s folder {@code dir} cannot take output, or null once it exists (made if it
   * did not) and can be written.
   */
  public static String folderProblem(String option, Path dir) {
    String inRun = runFolderProblem(option, dir);
    if (inRun != null) {
      return inRun;
    }
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      return option + " " + dir + " is a file, not a folder";
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException | SecurityException e) {
      String m = e.getMessage();
      return option
          + ": cannot make the folder "
          + dir
          + " ("
          + e.getClass().getSimpleName()
          + (m == null ? "" : ": " + m)
          + ")";
    }
    return Files.isWritable(dir) ? null : option + ": the folder " + dir + " is read-only";
  }

  /**
   * Why {@code option}'s output file cannot be written, or null: its folder must exist (a file's
   * folder is not made for it, as {@code load --json} does not), and it or its folder be writable.
   */
  public static String fileProblem(String option, Path file) {
    String inRun = runFolderProblem(option, file);
    if (inRun != null) {
      return inRun;
    }
    if (Files.isDirectory(file)) {
      return option + " " + file + " is a folder, not a file";
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent == null) {
      return null;
    }
    if (!Files.isDirectory(parent)) {
      return option
          + " "
          + file
          + ": its folder "
          + parent
          + (Files.exists(parent) ? " is a file" : " does not exist");
    }
    if (Files.exists(file) ? !Files.isWritable(file) : !Files.isWritable(parent)) {
      return option + " " + file + " cannot be written";
    }
    return null;
  }

  /**
   * The finished run folder {@code path} is in or is, or null: the nearest folder on its way up
   * (links followed as far as the path exists) that holds a run's env.json. Every run the suite,
   * profile or jmeter-import completes has one; a suite's run under construction ({@code tmp-…})
   * gets it last, so the suite's own load step can still write its results there.
   */
  public static Path enclosingRun(Path path) {
    // links followed through the part that exists, so a link into a run folder is seen as one
    Path p = real(path);
    for (Path d = p; d != null; d = d.getParent()) {
      if (Files.isRegularFile(d.resolve(RunEnvironment.FILE))) {
        return d;
      }
    }
    return null;
  }

  /** Why {@code option}'s {@code path} may not be written: it is in a run's folder; or null. */
  public static String runFolderProblem(String option, Path path) {
    Path run = enclosingRun(path);
    if (run == null) {
      return null;
    }
    return option
        + " "
        + path
        + " is in the run folder "
        + run
        + " (it holds "
        + RunEnvironment.FILE
        + "): a run folder is never changed; write elsewhere";
  }

  /**
   * Refuses two output options naming one file (one would overwrite the other's output): the option
   * pairs, {@code {option, path, option, path, ...}}, nulls skipped; or null.
   */
  public static String sameFileProblem(Object... optionsAndPaths) {
    java.util.Map<Path, String> seen = new java.util.HashMap<>();
    for (int i = 0; i < optionsAndPaths.length; i += 2) {
      Path path = (Path) optionsAndPaths[i + 1];
      if (path == null) {
        continue;
      }
      Path key = real(path);
      String before = seen.putIfAbsent(key, (String) optionsAndPaths[i]);
      if (before != null) {
        return before
            + " and "
            + optionsAndPaths[i]
            + " name the same file "
            + path
            + ": one would overwrite the other; give each its own";
      }
    }
    return null;
  }

  /**
   * The path, absolute and normalized, with the links of its existing part resolved (the part that
   * does not exist yet kept as written); as written when that part cannot be read.
   */
  public static Path real(Path path) {
    Path p = path.toAbsolutePath().normalize();
    Path existing = p;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return p;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(p));
    } catch (IOException | SecurityException e) {
      return p;
    }
  }
}
