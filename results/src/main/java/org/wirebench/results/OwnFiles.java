package org.wirebench.results;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * A run folder's files as every command reads them (its results files, its reports): only the run's
 * own regular files, never through a link, and never more than {@link #MAX_BYTES}. A run writes
 * regular files of its own and nothing else; a link in its folder, to another run's file or to
 * anything outside, would make a report or a verdict of files that are not the run's (jmeter-import
 * refuses to copy one for the same reason), and a file of gigabytes would be read whole into memory
 * before anything could be said of it.
 */
public final class OwnFiles {
  private OwnFiles() {}

  /**
   * The largest file of a run read: 64 MiB. The largest a run has written is a quick suite's
   * jmh.json of 0.7 MB; a full suite's is a few MB.
   */
  public static final long MAX_BYTES = 64L << 20;

  /**
   * Whether a run's file is there: false when nothing has its name, true for a regular file of its
   * own; anything else is refused: a link (followed or dangling), a folder, a FIFO, a device. Read
   * as absent, a folder or device in a results file's place would make a run's jmh.json or
   * sizes.json vanish from its report without a word.
   */
  public static boolean present(Path file) throws UnreadableRunException {
    if (Files.isSymbolicLink(file)) {
      throw new UnreadableRunException(
          Files.exists(file)
              ? file
                  + " is a link, not a file of the run (a run's files are never read through links)"
              : file + " is a link to nothing, not a file");
    }
    if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return true;
    }
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    throw new UnreadableRunException(PathKind.notAFile(file));
  }

  /**
   * The bytes of a run's file that is {@link #present}, or null when nothing has its name. The file
   * is opened without following a link, so one put in its place after the check is refused too, and
   * read up to {@link #MAX_BYTES}: one that is or grows larger is refused, not held.
   */
  public static byte[] read(Path file) throws IOException {
    if (!present(file)) {
      return null;
    }
    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      long size = Files.size(file);
      if (size > MAX_BYTES) {
        throw tooLarge(file, size + " bytes");
      }
      // read no further than the bound: a file may grow after its size was taken
      byte[] bytes = in.readNBytes((int) MAX_BYTES + 1);
      if (bytes.length > MAX_BYTES) {
        throw tooLarge(file, "more than " + MAX_BYTES + " bytes");
      }
      return bytes;
    } catch (FileSystemException e) {
      // replaced between the check and the open: a link now (ELOOP), or gone
      throw new UnreadableRunException(
          file + " cannot be read: " + (e.getReason() != null ? e.getReason() : e), e);
    }
  }

  private static UnreadableRunException tooLarge(Path file, String size) {
    return new UnreadableRunException(
        file
            + " is "
            + size
            + ", larger than any file a run writes (at most "
            + (MAX_BYTES >> 20)
            + " MiB read): not a run's file");
  }
}
