package org.wirebench.bench.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

/**
 * What the calling thread writes to {@code System.err} while a body runs. Other threads' writes in
 * that time (a server an earlier test started, still logging as it stops) go on to the real
 * standard error, so a test that counts a refusal's lines counts only the command's own.
 */
public final class OwnStderr {
  private String text = "";

  /** Runs {@code body} with this thread's standard error kept (read it with {@link #text}). */
  public <T> T capture(Callable<T> body) throws Exception {
    Thread owner = Thread.currentThread();
    PrintStream before = System.err;
    ByteArrayOutputStream mine = new ByteArrayOutputStream();
    OutputStream routed =
        new OutputStream() {
          @Override
          public void write(int b) {
            if (Thread.currentThread() == owner) {
              mine.write(b);
            } else {
              before.write(b);
            }
          }

          @Override
          public void write(byte[] b, int off, int len) {
            if (Thread.currentThread() == owner) {
              mine.write(b, off, len);
            } else {
              before.write(b, off, len);
            }
          }

          @Override
          public void flush() {
            before.flush();
          }
        };
    System.setErr(new PrintStream(routed, true, StandardCharsets.UTF_8));
    try {
      return body.call();
    } finally {
      System.setErr(before);
      text = mine.toString(StandardCharsets.UTF_8);
    }
  }

  /** What the last {@link #capture} kept. */
  public String text() {
    return text;
  }
}
