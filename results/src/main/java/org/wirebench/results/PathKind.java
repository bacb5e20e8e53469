package org.wirebench.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * What is at a path that was to be a file, in words for a one-line refusal: "is a FIFO (named
 * pipe)" says what is wrong where "no such file" or "not a regular file" sent the user looking for
 * a missing file. Read without opening it (opening a FIFO blocks until a writer comes).
 */
public final class PathKind {
  private PathKind() {}

  /** The file type bits of a Unix mode and the words for each type that is not a plain file. */
  private static final int TYPE_MASK = 0170000;

  private static final int FIFO = 0010000;
  private static final int CHAR_DEVICE = 0020000;
  private static final int BLOCK_DEVICE = 0060000;
  private static final int SOCKET = 0140000;

  /**
   * "does not exist", "is a folder", "is a FIFO (named pipe)", "is a character device" (such as
   * /dev/null), "is a block device", "is a socket", "is a link to nothing", else "is a file", the
   * subject left to the caller: {@code path + " " + PathKind.of(path)}. Links are followed.
   */
  public static String of(Path path) {
    if (!Files.exists(path)) {
      return Files.exists(path, LinkOption.NOFOLLOW_LINKS)
          ? "is a link to nothing"
          : "does not exist";
    }
    if (Files.isDirectory(path)) {
      return "is a folder";
    }
    if (Files.isRegularFile(path)) {
      return "is a file";
    }
    int type;
    try {
      type = ((Integer) Files.getAttribute(path, "unix:mode")) & TYPE_MASK;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      // a file system without Unix modes: what it is cannot be told, only what it is not
      return "is not a regular file (a FIFO, device or socket)";
    }
    return switch (type) {
      case FIFO -> "is a FIFO (named pipe)";
      case CHAR_DEVICE -> "is a character device";
      case BLOCK_DEVICE -> "is a block device";
      case SOCKET -> "is a socket";
      default -> "is not a regular file";
    };
  }

  /**
   * Why {@code path} cannot be read as a file, or null when it is a regular file: "PATH is a FIFO
   * (named pipe), not a file", "PATH is a folder, not a file", "PATH does not exist".
   */
  public static String notAFile(Path path) {
    String kind = of(path);
    if (kind.equals("is a file")) {
      return null;
    }
    return path + " " + kind + (kind.startsWith("is a") ? ", not a file" : "");
  }
}
