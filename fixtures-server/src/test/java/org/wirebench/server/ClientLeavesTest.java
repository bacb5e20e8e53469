package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.logging.JettyLogger;
import org.eclipse.jetty.logging.StdErrAppender;
import org.eclipse.jetty.server.LocalConnector;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.wirebench.server.wfs.HeldCodec;
import org.wirebench.server.wfs.WfsHandler;

/**
 * A client that hangs up while its answer is written is no failure of the server: one log line, no
 * stack trace. Any client can do it at will, and each hang-up logged a WARN with about 50 lines of
 * stack trace, so a client could fill the server's log (a disk) as fast as it could ask.
 * LocalConnector; the test codec {@link HeldCodec} waits between its writes while the connection is
 * closed.
 */
class ClientLeavesTest {
  @Test
  void aHangUpMidAnswerIsOneLogLine() throws Exception {
    StdErrAppender appender =
        (StdErrAppender) ((JettyLogger) LoggerFactory.getLogger(WfsHandler.class)).getAppender();
    PrintStream before = appender.getStream();
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    appender.setStream(new PrintStream(log, true, StandardCharsets.UTF_8));
    try (FixtureServer server =
        new FixtureServer(
            FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))) {
      LocalConnector local = server.localConnector();
      server.start();
      LocalConnector.LocalEndPoint client =
          local.executeRequest(
              "GET /ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:helsinki_pois"
                  + "&count=5&outputFormat=held HTTP/1.1\r\nHost: test\r\n\r\n");
      assertTrue(HeldCodec.WRITTEN.await(60, TimeUnit.SECONDS), "the codec never wrote");
      client.close();
      HeldCodec.RELEASE.countDown();
      String text = "";
      for (int i = 0; i < 600 && !text.contains("outputFormat=held"); i++) {
        Thread.sleep(100); // waits for the handler's log line; a bound, not a measure
        text = log.toString(StandardCharsets.UTF_8);
      }
      assertTrue(text.contains("outputFormat=held"), "no log line: " + text);
      assertFalse(text.contains("\tat "), text);
      assertFalse(text.contains("WARN :owsw.WfsHandler"), text);
    } finally {
      appender.setStream(before);
    }
  }
}
