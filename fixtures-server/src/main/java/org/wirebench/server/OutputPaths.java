package org.wirebench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a command will write, checked before any work: a folder that cannot be made (below a file,
 * under /proc, on a read-only disk) is bad usage, refused in one line with exit 2, not found out
 * after a run (exit 1). The folder is made here, as the command would make it anyway.
 */
public final class OutputPaths {
  private OutputPaths() {}

  /**
   * Why {@code option}'s folder {@code dir} cannot take output, or null once it exists (made if it
   * did not) and can be written.
   */
  public static String folderProblem(String option, Path dir) {
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
}
