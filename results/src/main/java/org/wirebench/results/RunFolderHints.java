package org.wirebench.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What to say of a path given as a run's folder that is none, in words a user can act on: a path
 * that does not exist (a typo) is said not to exist, not to be a broken results folder; a run's own
 * file (its report.html, say) names its run, and the results root holding the runs its latest run,
 * as the folder to name instead.
 */
public final class RunFolderHints {
  private RunFolderHints() {}

  /** The refusal of {@code path}, which is no folder: what it is, and what to name instead. */
  public static String notAFolder(Path path) {
    Path parent = path.toAbsolutePath().normalize().getParent();
    if (Files.isRegularFile(path)
        && parent != null
        && Files.isRegularFile(parent.resolve(RunEnvironment.FILE))) {
      return path
          + " is a file of the run "
          + parent
          + ": name the run's folder, not one of its files";
    }
    return path
        + " "
        + PathKind.of(path)
        + (Files.exists(path, LinkOption.NOFOLLOW_LINKS) ? ", not a results folder" : "");
  }

  /**
   * What follows "FOLDER has no env.json" for a folder that is neither a run nor a load --out
   * folder: for a folder of runs (jmh-results itself), the latest of them to name instead.
   */
  static String notARun(Path folder) throws IOException {
    List<String> runs;
    try (Stream<Path> s = Files.list(folder)) {
      runs =
          s.filter(p -> Files.isRegularFile(p.resolve(RunEnvironment.FILE)))
              .map(p -> p.getFileName().toString())
              .filter(n -> !n.startsWith(NewFiles.PREFIX))
              .sorted()
              .toList();
    }
    if (runs.isEmpty()) {
      return ": not a wirebench run";
    }
    return ": a folder of "
        + runs.size()
        + " run(s), not a run; name one of them, e.g. "
        + folder.resolve(runs.get(runs.size() - 1));
  }
}
