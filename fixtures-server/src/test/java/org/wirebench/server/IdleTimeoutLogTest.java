package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.logging.JettyLogger;
import org.eclipse.jetty.logging.StdErrAppender;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.wirebench.server.wfs.WfsHandler;

/**
 * A client that stops reading a GetFeature answer is cut off by the idle timeout with one WARN
 * line, no stack trace: before, each such client logged about 60 lines, a log flood any client
 * could repeat at will. The idle timeout is set short for the test; the client's receive buffer is
 * small and it never reads, so the server's write blocks until the timeout, whatever the machine's
 * speed.
 */
class IdleTimeoutLogTest {
  private static final String PAGE =
      "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_mainroads"
          + "&outputFormat=application/json&count=30000";

  /** What the server logs when it gives the answer up: part of the line either way. */
  private static final String END = "count=30000";

  @Test
  void aClientThatStopsReadingIsLoggedInOneLine() throws Exception {
    StdErrAppender appender =
        (StdErrAppender) ((JettyLogger) LoggerFactory.getLogger(WfsHandler.class)).getAppender();
    PrintStream before = appender.getStream();
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    // no stream set: the appender writes to System.err
    OutputStream out = before == null ? System.err : before;
    appender.setStream(new PrintStream(tee(out, captured), true, StandardCharsets.UTF_8));
    try (FixtureServer server =
            new FixtureServer(FixtureServer.Settings.defaults().compression(false))
                .idleTimeout(500)
                .start();
        Socket s = new Socket()) {
      s.setReceiveBufferSize(4096);
      s.connect(new InetSocketAddress("127.0.0.1", server.uri().getPort()));
      s.getOutputStream()
          .write(
              ("GET " + PAGE + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      s.getOutputStream().flush();
      String log = "";
      for (int i = 0; i < 6000 && !log.contains(END); i++) {
        TimeUnit.MILLISECONDS.sleep(10); // a poll with a bound for a broken server, not a pace
        log = captured.toString(StandardCharsets.UTF_8);
      }
      assertTrue(log.contains(END), log);
      String from = log.substring(log.indexOf(END));
      assertFalse(from.contains("\tat "), "a stack trace was logged:\n" + from);
    } finally {
      appender.setStream(before == null ? System.err : before);
    }
  }

  private static OutputStream tee(OutputStream a, OutputStream b) {
    return new OutputStream() {
      @Override
      public synchronized void write(int x) throws java.io.IOException {
        a.write(x);
        b.write(x);
      }

      @Override
      public synchronized void write(byte[] x, int off, int len) throws java.io.IOException {
        a.write(x, off, len);
        b.write(x, off, len);
      }
    };
  }
}
