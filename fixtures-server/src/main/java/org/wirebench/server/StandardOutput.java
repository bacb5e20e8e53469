package org.wirebench.server;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A command's standard output, written as the JVM's own but keeping why a write failed, which
 * {@link PrintStream} swallows: a reader that left ({@code wirebench ... | head -1}) is told from a
 * full disk. Installed only by a command line's main, never in a test's JVM, whose standard output
 * belongs to its test runner. A command whose work goes on while it writes takes {@link #bytes}, so
 * that a failed write ends the work.
 */
public final class StandardOutput {
  private StandardOutput() {}

  /** The first write to standard output that failed, or null. */
  private static volatile IOException failed;

  private static boolean installed;

  /** Makes {@link System#out} a stream over file descriptor 1 that keeps its first failure. */
  static synchronized void install() {
    if (installed) {
      return;
    }
    installed = true;
    String encoding = System.getProperty("sun.stdout.encoding");
    Charset charset = encoding != null ? Charset.forName(encoding) : Charset.defaultCharset();
    OutputStream watched =
        new FilterOutputStream(new FileOutputStream(FileDescriptor.out)) {
          @Override
          public void write(int b) throws IOException {
            try {
              out.write(b);
            } catch (IOException e) {
              throw kept(e);
            }
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            try {
              out.write(b, off, len);
            } catch (IOException e) {
              throw kept(e);
            }
          }
        };
    // autoflush as the JVM's own: a line is out when it is printed
    System.setOut(new PrintStream(new BufferedOutputStream(watched, 8192), true, charset));
  }

  /**
   * Standard output for a command that writes as it works (encode's features, wms-requests' rows):
   * System.out as it is now, but the first write it fails throws {@link Unwritable}, which ends the
   * work; through System.out alone the failure was swallowed and the command worked on to its end
   * with no one reading. Checked at each array written and each flush (System.out is flushed then
   * anyway): give it whole buffers, not single bytes. Closing it leaves System.out open.
   */
  public static OutputStream bytes() {
    PrintStream out = System.out;
    return new OutputStream() {
      @Override
      public void write(int b) {
        out.write(b); // checked by the next array or flush: a check flushes
      }

      @Override
      public void write(byte[] b, int off, int len) {
        out.write(b, off, len);
        check(out);
      }

      @Override
      public void flush() {
        out.flush();
        check(out);
      }
    };
  }

  private static void check(PrintStream out) {
    if (out.checkError()) {
      throw new Unwritable();
    }
  }

  /**
   * Standard output failed a write of {@link #bytes}: its reader left, or it cannot be written (a
   * full disk); {@link Mains} says which. Unchecked, so that it passes the writers a command wraps
   * around it, which swallow an IOException as PrintStream does.
   */
  public static final class Unwritable extends java.io.UncheckedIOException {
    private Unwritable() {
      super(cannotWrite(), new IOException(failure()));
    }
  }

  /** That standard output failed, and why as well as it is known. */
  static String cannotWrite() {
    String why = failure();
    return "cannot write to standard output ("
        + (why != null ? why : "disk full or pipe closed")
        + ")";
  }

  private static IOException kept(IOException e) {
    if (failed == null) {
      failed = e;
    }
    return e;
  }

  /** Why the first write to standard output failed ("No space left on device"), or null. */
  static String failure() {
    IOException e = failed;
    return e == null ? null : e.getMessage();
  }

  /**
   * Whether standard output failed because its reader closed it (EPIPE): a pipe or socket whose
   * other end is gone, which nothing but a reader that left can make a write to fail. Read by the
   * error's text where there is no /proc to say what the descriptor is.
   */
  static boolean readerLeft() {
    IOException e = failed;
    if (e == null) {
      return false;
    }
    if ("Broken pipe".equals(e.getMessage())) {
      return true;
    }
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/1")).toString();
      return target.startsWith("pipe:") || target.startsWith("socket:");
    } catch (IOException | UnsupportedOperationException noProc) {
      return false;
    }
  }
}
