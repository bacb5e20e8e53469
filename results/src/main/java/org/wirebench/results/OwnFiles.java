package org.wirebench.results;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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
   * read up to {@link #MAX_BYTES}: one that is or grows larger is refused, not held. Nothing put in
   * its place after the check can hold the read: the open is given {@link #OPEN_WAIT} (a FIFO's
   * open waits for a writer), and the bytes are read by position, which a FIFO or a terminal
   * refuses at once instead of waiting for its writer's next byte.
   */
  public static byte[] read(Path file) throws IOException {
    if (!present(file)) {
      return null;
    }
    FileChannel opened;
    try {
      opened = open(file);
    } catch (FileSystemException e) {
      // replaced between the check and the open: a link now (ELOOP), or gone
      throw new UnreadableRunException(
          file + " cannot be read: " + (e.getReason() != null ? e.getReason() : e), e);
    }
    try (FileChannel in = opened) {
      long size = in.size();
      if (size > MAX_BYTES) {
        throw tooLarge(file, size + " bytes");
      }
      // one byte more than its size: a file that grew after its size was taken is seen to
      byte[] bytes = new byte[(int) size + 1];
      int n = 0;
      for (int got; (got = readAt(in, file, bytes, n)) >= 0; ) {
        n += got;
        if (n == bytes.length) {
          // read no further than the bound
          if (n > MAX_BYTES) {
            throw tooLarge(file, "more than " + MAX_BYTES + " bytes");
          }
          bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_BYTES + 1, 2L * n));
        }
      }
      return Arrays.copyOf(bytes, n);
    }
  }

  /** Reads into {@code bytes} from {@code at}, the same offset in the file: pread(2). */
  private static int readAt(FileChannel in, Path file, byte[] bytes, int at) throws IOException {
    try {
      return in.read(ByteBuffer.wrap(bytes, at, bytes.length - at), at);
    } catch (IOException e) {
      // a FIFO put in its place after the check (a writer holding it open): no reading by
      // position, where a plain read would wait for the writer's next byte
      throw new UnreadableRunException(file + " cannot be read: " + e.getMessage(), e);
    }
  }

  /**
   * How long opening a run's file may take before it is refused: a regular file opens at once; a
   * FIFO put in its place after the check holds open(2) until something opens it for writing, and
   * Java opens no file with O_NONBLOCK.
   */
  static final Duration OPEN_WAIT = Duration.ofSeconds(5);

  /**
   * {@code file} of a run opened for reading, never through a link, by a thread of its own for at
   * most {@link #OPEN_WAIT}, refused past it; an open still waiting then is left to that thread,
   * which closes what it opens once it does. For every open of a run's file checked a regular file
   * before: its reports and results ({@link #read}), a run's marker.
   */
  public static FileChannel open(Path file) throws IOException {
    CompletableFuture<FileChannel> opening = new CompletableFuture<>();
    Thread opener =
        new Thread(
            () -> {
              try {
                opening.complete(
                    FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
              } catch (Throwable e) {
                opening.completeExceptionally(e);
              }
            },
            "wirebench opening " + file.getFileName());
    opener.setDaemon(true);
    opener.start();
    try {
      return opening.get(OPEN_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      opening.thenAccept(OwnFiles::closeQuietly);
      throw new UnreadableRunException(
          file
              + " did not open within "
              + OPEN_WAIT.toSeconds()
              + " s: not a regular file (a FIFO put in its place waits for a writer)");
    } catch (InterruptedException e) {
      opening.thenAccept(OwnFiles::closeQuietly);
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted opening " + file);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      throw new IOException("cannot open " + file, e.getCause());
    }
  }

  /**
   * A file the user named as input (a JTL, a plan), opened as a run's file is ({@link #open}): a
   * link given is followed, once, to where it leads (a user's own link is what they meant), and
   * that file is opened without following one, so nothing swapped in after the check is read
   * through a link or waited on as a FIFO.
   *
   * @throws IOException naming what the path is when it is no regular file
   */
  public static java.io.InputStream openGiven(Path file) throws IOException {
    String notAFile = PathKind.notAFile(file);
    if (notAFile != null) {
      throw new UnreadableRunException(notAFile);
    }
    Path real = file.toRealPath();
    FileChannel opened;
    try {
      opened = open(real);
    } catch (FileSystemException e) {
      throw new UnreadableRunException(
          file + " cannot be read: " + (e.getReason() != null ? e.getReason() : e), e);
    }
    if (!Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
      opened.close();
      throw new UnreadableRunException(file + " is no longer a regular file: it was replaced");
    }
    return java.nio.channels.Channels.newInputStream(opened);
  }

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // opened after its reader gave up: nothing of it was read
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
