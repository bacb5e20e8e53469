package org.wirebench.bench.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.wirebench.results.NewFiles;

/**
 * The temporary files ({@code tmp-NAME.<pid>p<random>}, {@link NewFiles}) a command killed with -9
 * left beside the files it was writing: {@code load --out DIR}'s {@code tmp-load-*.json.*} and
 * {@code .hlog.*}, an --out FILE's {@code tmp-FILE.*}. Found under a results root and in the
 * folders directly under it (a run, a load --out folder), never inside an incomplete run's {@code
 * tmp-} folder, which goes whole ({@link IncompleteRuns}). A file is removed only once the process
 * its name names has ended: one a running command is writing is never touched. One named before
 * names carried the writer's id ({@code tmp-NAME.<random>}) is never removed, as no one can tell
 * whether its writer runs: it is named with the command that removes it, for whoever knows.
 */
public final class KilledTempFiles {
  private KilledTempFiles() {}

  /** What was found: the files removable, and those kept with why. */
  public record Found(List<Path> ended, List<String> kept) {}

  /** The temporary files of killed commands under {@code root}, and those whose writer lives. */
  public static Found find(Path root) throws IOException {
    List<Path> ended = new ArrayList<>();
    List<String> kept = new ArrayList<>();
    List<Path> folders = new ArrayList<>();
    folders.add(root);
    try (Stream<Path> s = Files.list(root)) {
      s.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
          .filter(p -> !p.getFileName().toString().startsWith(NewFiles.PREFIX))
          .sorted()
          .forEach(folders::add);
    }
    for (Path folder : folders) {
      try (Stream<Path> s = Files.list(folder)) {
        for (Path f : s.sorted().toList()) {
          if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)
              || NewFiles.published(f.getFileName().toString()) == null) {
            continue;
          }
          if (NewFiles.writerEnded(f)) {
            ended.add(f);
          } else if (NewFiles.namesWriter(f)) {
            kept.add(f + ": the command writing it is running");
          } else {
            kept.add(
                f
                    + ": its name carries no writer's process id (named before names did), so"
                    + " whether a command still writes it cannot be told; if none does, remove"
                    + " it: rm "
                    + IncompleteRuns.shellWord(f.toString()));
          }
        }
      }
    }
    return new Found(ended, kept);
  }
}
