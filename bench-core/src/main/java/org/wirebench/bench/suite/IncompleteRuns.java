package org.wirebench.bench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The {@code tmp-*} folders a killed suite run leaves under a results root. Never read as results
 * and never removed silently: the suite and {@code report} list them, {@code wirebench
 * discard-incomplete} removes them.
 */
public final class IncompleteRuns {
  public static final String PREFIX = org.wirebench.results.NewFiles.PREFIX;

  private IncompleteRuns() {}

  /**
   * A new {@code tmp-<random>} run folder under {@code root}, with the permissions any new folder
   * gets (the umask's): {@code createTempDirectory} makes it owner-only (0700), and the rename that
   * completes the run kept that, so no other user could read a finished run.
   */
  public static Path create(Path root) throws IOException {
    return org.wirebench.results.NewFiles.newFolder(root, PREFIX);
  }

  /** The incomplete runs under {@code root}, oldest name first; none when root does not exist. */
  public static List<Path> find(Path root) throws IOException {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(root)) {
      return s.filter(Files::isDirectory)
          .filter(p -> p.getFileName().toString().startsWith(PREFIX))
          .sorted()
          .toList();
    }
  }

  /** One line naming them and the command that removes them, when there are any. */
  public static void warn(Path root, PrintStream err) throws IOException {
    List<Path> left = find(root);
    if (!left.isEmpty()) {
      err.println(
          "wirebench: "
              + left.size()
              + " incomplete run(s) left by killed runs under "
              + root
              + " (not results; remove with ./wirebench discard-incomplete "
              + root
              + "): "
              + String.join(", ", left.stream().map(p -> p.getFileName().toString()).toList()));
    }
  }

  /** Deletes one incomplete run folder and everything in it. */
  public static void delete(Path run) throws IOException {
    if (!run.getFileName().toString().startsWith(PREFIX)) {
      throw new IOException(run + " is not an incomplete run (its name does not start with tmp-)");
    }
    try (Stream<Path> files = Files.walk(run)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
