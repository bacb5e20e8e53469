package org.wirebench.bench.suite;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;

/**
 * JMH's own guard against two measurements at once on one machine: a run holds a lock on {@code
 * <java.io.tmpdir>/jmh.lock} and another refuses to start ("Another JMH instance might be
 * running"). The suite and profile ask before any work, and say plainly which run it is and what to
 * do; {@code -Djmh.ignoreLock=true} skips the guard as it does JMH's.
 */
public final class JmhLock {
  private JmhLock() {}

  /** JMH's lock file, where JMH 1.37's Runner puts it. */
  public static Path file() {
    return Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
  }

  /**
   * @throws BusyException when another process (or this one) holds the lock
   */
  public static void checkFree() throws IOException {
    if (Boolean.getBoolean("jmh.ignoreLock")) {
      return;
    }
    Path file = file();
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw");
        FileLock lock = raf.getChannel().tryLock()) {
      if (lock == null) {
        throw new BusyException(file);
      }
    } catch (OverlappingFileLockException e) {
      throw new BusyException(file);
    }
  }

  /** Another benchmark run is measuring on this machine. */
  public static final class BusyException extends IOException {
    BusyException(Path file) {
      super(
          "another benchmark run (a wirebench suite or profile, or any JMH run) is measuring on"
              + " this machine and holds "
              + file
              + "; two at once would measure each other: wait for it to end");
    }
  }
}
