package org.wirebench.server;

import java.io.IOException;
import java.io.InputStream;

/**
 * Ends this JVM when the process that started it is gone. The starter keeps the write end of this
 * JVM's stdin as a pipe and never writes to it; the kernel closes that pipe when the starter dies,
 * however it dies ({@code kill -9} included), so end of input here is the news. A parent process id
 * would not do: a re-parented orphan's parent is simply another process.
 */
public final class ParentWatch {
  private ParentWatch() {}

  /**
   * Starts a daemon thread that reads {@code stdin} to its end, then prints one line naming {@code
   * who} and halts with exit code 1 (nothing this JVM was doing for its starter is wanted any more:
   * no result file is written after the end).
   */
  public static void exitWhenEnded(InputStream stdin, String who) {
    // halt, not exit: a shutdown hook or a finally block could still publish results
    whenEnded(stdin, who, () -> Runtime.getRuntime().halt(1));
  }

  /**
   * Starts a daemon thread that reads {@code stdin} to its end, then prints one line naming {@code
   * who} and runs {@code end} (a server exits normally, so that its shutdown hook stops Jetty).
   */
  public static void whenEnded(InputStream stdin, String who, Runnable end) {
    Thread watcher =
        new Thread(
            () -> {
              try {
                while (stdin.read() >= 0) {
                  // the starter never writes; only the end of the stream matters
                }
              } catch (IOException e) {
                // a broken pipe is the same news
              }
              // a starter that stops this JVM on purpose closes the pipe too (Process.destroy):
              // the line must be true of both
              System.err.println(
                  "wirebench "
                      + who
                      + ": the process that started it ended or let it go (its end of standard"
                      + " input closed); stopping");
              System.err.flush();
              end.run();
            },
            "parent-watch");
    watcher.setDaemon(true);
    watcher.start();
  }
}
