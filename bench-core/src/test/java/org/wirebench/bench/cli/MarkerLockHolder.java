package org.wirebench.bench.cli;

import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Another process writing a run: locks the marker file it is given as a suite does, says "locked",
 * and holds it until killed (DiscardIncompleteTest).
 */
public final class MarkerLockHolder {
  private MarkerLockHolder() {}

  public static void main(String[] args) throws Exception {
    FileChannel marker =
        FileChannel.open(Path.of(args[0]), StandardOpenOption.READ, StandardOpenOption.WRITE);
    marker.lock();
    System.out.println("locked");
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE);
  }
}
