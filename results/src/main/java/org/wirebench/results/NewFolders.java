package org.wirebench.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The folders a command makes for its output, taken back when it ends without having put anything
 * in them: a command refused, failed or stopped before its first result leaves no empty {@code
 * --out} folder (nor the folders it made above it) behind. Only folders this process made, and only
 * while empty: whatever another process put there meanwhile stays, with the folders above it.
 */
public final class NewFolders {
  private NewFolders() {}

  /**
   * Makes {@code dir} and every missing folder above it.
   *
   * @return the folders made, outermost first; empty when {@code dir} existed
   */
  public static List<Path> make(Path dir) throws IOException {
    List<Path> missing = new ArrayList<>();
    for (Path d = dir.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
      if (Files.exists(d, LinkOption.NOFOLLOW_LINKS)) {
        break;
      }
      missing.add(0, d);
    }
    Files.createDirectories(dir);
    return List.copyOf(missing);
  }

  /**
   * Removes the folders of {@code made} ({@link #make}) that are empty, innermost first, stopping
   * at the first that is not (or cannot be removed): the folders above it hold it.
   */
  public static void removeEmpty(List<Path> made) {
    for (int i = made.size() - 1; i >= 0; i--) {
      try {
        Files.deleteIfExists(made.get(i));
      } catch (IOException | SecurityException e) {
        return; // not empty: something of this run's, or of someone else's, is in it
      }
    }
  }
}
