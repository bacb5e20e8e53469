package org.wirebench.server.load;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback server writing the same raw bytes after each request head it reads (a request with a
 * body is not expected), then closing the connection or not: answers no Jetty server would write (a
 * bad status line, a lying length, a head too long) to see what the driver makes of them.
 */
final class RawServer implements AutoCloseable {
  final AtomicInteger requests = new AtomicInteger();
  final AtomicInteger connections = new AtomicInteger();
  private final ServerSocket socket;
  private final Thread acceptor;

  RawServer(String answer, boolean closeAfter) throws IOException {
    this(answer.getBytes(StandardCharsets.ISO_8859_1), closeAfter);
  }

  RawServer(byte[] answer, boolean closeAfter) throws IOException {
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    acceptor =
        new Thread(
            () -> {
              while (!socket.isClosed()) {
                try {
                  Socket s = socket.accept();
                  connections.incrementAndGet();
                  Thread t = new Thread(() -> serve(s, answer, closeAfter), "raw-server");
                  t.setDaemon(true);
                  t.start();
                } catch (IOException closed) {
                  return;
                }
              }
            },
            "raw-acceptor");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  private void serve(Socket s, byte[] answer, boolean closeAfter) {
    try (s;
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream()) {
      while (readHead(in)) {
        requests.incrementAndGet();
        out.write(answer);
        out.flush();
        if (closeAfter) {
          return;
        }
      }
    } catch (IOException gone) {
      // the driver closed the connection
    }
  }

  /** Reads up to the blank line ending a request head; false at the end of the stream. */
  private static boolean readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    for (int b; (b = in.read()) >= 0; ) {
      head.write(b);
      matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
      if (matched == 4) {
        return true;
      }
    }
    return false;
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/");
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
