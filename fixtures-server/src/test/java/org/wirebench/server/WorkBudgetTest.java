package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.logging.JettyLogger;
import org.eclipse.jetty.logging.StdErrAppender;
import org.eclipse.jetty.server.LocalConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.wirebench.server.wfs.WfsHandler;

/**
 * A GetFeature whose work passes its budget is stopped: during its selection (a sort of the
 * 1,000,000 roads) it is answered with an exception report, the heavy turn given back; during its
 * encoding, once its first bytes went out, its connection is cut (the answer ends short of its last
 * chunk) and the log says so in one line. The request's CPU clock is made up here, a second a look,
 * so no time passes and the stop falls at the same look on any machine. Before, nothing bounded a
 * query's work but its client leaving (a request may name 16 types, each scanned with a 32-operator
 * filter).
 */
class WorkBudgetTest {
  private static final String WFS =
      "/ows?service=WFS&request=GetFeature&typeNames=osm:osm_mainroads";

  private FixtureServer server;
  private LocalConnector local;
  private final AtomicLong cpu = new AtomicLong();

  @BeforeEach
  void start() throws Exception {
    server = new FixtureServer(FixtureServer.Settings.defaults().compression(false));
    local = server.localConnector();
    server.start();
    // each look at the budget finds a second more of work: the third look passes 1.5 s
    server.wfs().workBudget(1_500, () -> cpu.addAndGet(1_000_000_000L));
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  @Test
  void aSelectionPastItsBudgetIsAnsweredWithAReport() throws Exception {
    for (String[] v :
        new String[][] {
          {"2.0.0", "count", "OperationProcessingFailed"},
          {"1.1.0", "maxFeatures", "NoApplicableCode"}
        }) {
      HttpTester.Response r =
          HttpTester.parseResponse(
              local.getResponse(
                  "GET "
                      + WFS
                      + "&version="
                      + v[0]
                      + "&"
                      + v[1]
                      + "=30&sortBy=osm_id%20DESC"
                      + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                  false,
                  60,
                  TimeUnit.SECONDS));
      assertNotNull(r, v[0]);
      String shown = v[0] + "\n" + r + r.getContent();
      assertEquals(400, r.getStatus(), shown);
      assertTrue(r.getContent().contains(v[2]), shown);
      assertTrue(r.getContent().contains("1500 ms of CPU a GetFeature may take"), shown);
      assertEquals(0, server.wfs().heavyQueriesAdmitted(), "the stopped sort kept its heavy turn");
    }
  }

  @Test
  void anEncodingPastItsBudgetAfterItsFirstBytesIsCut() throws Exception {
    StdErrAppender appender =
        (StdErrAppender) ((JettyLogger) LoggerFactory.getLogger(WfsHandler.class)).getAppender();
    PrintStream before = appender.getStream();
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    appender.setStream(new PrintStream(captured, true, StandardCharsets.UTF_8));
    String answer;
    LocalConnector.LocalEndPoint client;
    try {
      client = local.connect();
      // about 4 MB in 256 KiB pieces, no feature visited: the looks are the pieces'; the first two
      // go out, the third is stopped
      client.addInput(
          "GET "
              + WFS
              + "&version=2.0.0&count=5000&outputFormat=application/json"
              + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      answer = client.getResponse(false, 60, TimeUnit.SECONDS);
      for (int i = 0; i < 400 && client.isOpen(); i++) {
        TimeUnit.MILLISECONDS.sleep(50); // a bound on a broken server, not a measure
      }
    } finally {
      appender.setStream(before == null ? System.err : before);
    }
    assertNotNull(answer);
    assertTrue(answer.startsWith("HTTP/1.1 200 OK"), answer.substring(0, 200));
    HttpTester.Response parsed = HttpTester.parseResponse(answer);
    assertTrue(parsed == null || !parsed.isComplete(), "the cut answer came whole");
    assertFalse(client.isOpen(), "the connection of a stopped answer is open");
    String log = captured.toString(StandardCharsets.UTF_8);
    assertTrue(log.contains("after its first bytes; cut the connection"), log);
    assertTrue(log.contains("1500 ms of CPU"), log);
    assertFalse(log.contains("\tat "), "a stack trace was logged:\n" + log);
  }
}
