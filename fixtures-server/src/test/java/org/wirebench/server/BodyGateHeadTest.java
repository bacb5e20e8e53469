package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.util.BufferUtil;
import org.junit.jupiter.api.Test;

/**
 * What the body gate decides from a request's head: one client's share of the memory for bodies, a
 * declared length above the limit, and with {@code Expect: 100-continue} a refusal the service
 * makes from the head alone. The client that misbehaves is on Jetty's {@link LocalConnector}
 * (address 0.0.0.0); the other client, where there is one, on a real socket from 127.0.0.1.
 */
class BodyGateHeadTest {
  private static final int TIMEOUT_S = 60; // a bound for a starved machine, not a pace

  /**
   * One client declaring bodies and sending a byte of each holds at most its share (half the
   * budget, as half the threads): its further bodies get 429, and another client's POSTs are
   * served. Before, its bodies took the whole budget and every other POST got 503.
   */
  @Test
  void oneClientHoldsAtMostItsShareOfTheBodyBudget() throws Exception {
    try (FixtureServer server =
        new FixtureServer(FixtureServer.Settings.defaults().maxBodyBytes(20_000).compression(false))
            .bodyBudgetBytes(100_000)
            .bodyTimeoutMs(60_000)) {
      LocalConnector local = server.localConnector();
      server.start();
      String head =
          "POST /services/cxf-jaxb HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\n"
              + "SOAPAction: \"\"\r\nContent-Length: 20000\r\n\r\n<";
      for (int i = 0; i < 5; i++) {
        LocalConnector.LocalEndPoint hostile = local.executeRequest(head);
        if (i < 2) {
          awaitHeld(server, (i + 1) * 20_000L);
        } else {
          String answer = answer(hostile);
          HttpTester.Response r = HttpTester.parseResponse(answer);
          assertEquals(429, r.getStatus(), answer);
          assertEquals("1", r.get("Retry-After"), answer);
          assertTrue(r.getContent().contains("soapenv:Client"), answer);
          assertTrue(r.getContent().contains("share"), answer);
        }
      }
      byte[] body =
          org.wirebench.formats.soap.SoapEnvelopes.request(
              org.wirebench.formats.soap.EchoValues.generate(
                  org.wirebench.formats.soap.Operation.values()[1], 3));
      RawHttp.Answer soap =
          RawHttp.send(
              server.uri(),
              "POST /services/cxf-jaxb HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\n"
                  + "SOAPAction: \"\"\r\nConnection: close\r\nContent-Length: "
                  + body.length
                  + "\r\n\r\n"
                  + new String(body, StandardCharsets.UTF_8));
      assertEquals(200, soap.status(), soap.toString());
      RawHttp.Answer statics =
          RawHttp.send(
              server.uri(),
              "POST /static/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                  + "Content-Length: 20000\r\n\r\n"
                  + "c".repeat(20_000));
      assertEquals(200, statics.status(), statics.toString());
    }
  }

  /**
   * A client over its share that keeps sending its body reads the whole 429 and its Retry-After:
   * the body is dropped after the answer, as for a 413. Before, the connection was closed with the
   * body still arriving and the client got a connection reset in place of the answer. Every socket
   * is a real one from 127.0.0.1, one client; a body is more than the sockets buffer, so the client
   * is still writing when the answer is sent.
   */
  @Test
  void aClientOverItsShareThatKeepsSendingReadsThe429() throws Exception {
    int limit = 8 << 20; // more than the sockets buffer: the client is still sending
    try (FixtureServer server =
            new FixtureServer(
                    FixtureServer.Settings.defaults().maxBodyBytes(limit).compression(false))
                .bodyBudgetBytes(5L * limit)
                .bodyTimeoutMs(60_000)
                .start();
        java.net.Socket first = new java.net.Socket();
        java.net.Socket second = new java.net.Socket();
        java.net.Socket over = new java.net.Socket()) {
      String head =
          "POST /static/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: "
              + limit
              + "\r\n\r\n";
      java.net.Socket[] holders = {first, second};
      for (int i = 0; i < holders.length; i++) {
        holders[i].connect(new java.net.InetSocketAddress("127.0.0.1", server.uri().getPort()));
        holders[i].getOutputStream().write((head + "c").getBytes(StandardCharsets.US_ASCII));
        holders[i].getOutputStream().flush();
        awaitHeld(server, (i + 1L) * limit); // half the budget: the client's share
      }
      over.connect(new java.net.InetSocketAddress("127.0.0.1", server.uri().getPort()));
      over.setSoTimeout(TIMEOUT_S * 1000);
      java.io.OutputStream out = over.getOutputStream();
      out.write((head + "c".repeat(limit)).getBytes(StandardCharsets.US_ASCII));
      out.flush();
      String answer = new String(over.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      HttpTester.Response r = HttpTester.parseResponse(answer);
      assertNotNull(r, answer);
      assertEquals(429, r.getStatus(), answer);
      assertEquals("1", r.get("Retry-After"), answer);
      assertTrue(r.getContent().contains("share"), answer);
    }
  }

  /**
   * A declared length above the limit, or a chunk whose declared size takes the body past it, gets
   * 413 in the path's format at once, before the body's data. Before, below 8 × the limit the body
   * was awaited whole and a client that stopped sending got 408 after the body timeout.
   */
  @Test
  void aDeclaredLengthAboveTheLimitGets413AtOnce() throws Exception {
    try (FixtureServer server =
        new FixtureServer(
            FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))) {
      LocalConnector local = server.localConnector();
      server.start();
      String[][] cases = {
        {"/services/cxf-jaxb", "soapenv:Client"},
        {"/services/axis2-adb", "soapenv:Client"},
        {"/ows", "ExceptionReport"},
        {"/wms", "ServiceException"},
        {"/static/10", "413 the request body"},
        {"/ebay/json/x", "\"error\""},
      };
      // a length, a first chunk of 2,000,000 bytes (hex 1E8480), a second one taking the body past
      // the limit, and a chunk far above 8 x the limit (cut at once)
      String[] framings = {
        "Content-Length: 2000000\r\n\r\nabc",
        "Transfer-Encoding: chunked\r\n\r\n1E8480\r\nabc",
        "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n1E8480;x=y\r\nabc",
        "Transfer-Encoding: chunked\r\n\r\nFFFFFFFFF\r\nabc",
      };
      for (String framing : framings) {
        for (String[] c : cases) {
          String answer =
              answer(
                  local.executeRequest(
                      "POST "
                          + c[0]
                          + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\n"
                          + "SOAPAction: \"\"\r\n"
                          + framing));
          HttpTester.Response r = HttpTester.parseResponse(answer);
          String what = c[0] + " " + framing + ": " + answer;
          assertEquals(413, r.getStatus(), what);
          assertEquals("close", r.get("Connection"), what);
          assertTrue(r.getContent().contains(c[1]), what);
          assertTrue(r.getContent().contains("above this server's limit"), what);
        }
      }
    }
  }

  /**
   * A chunk-size line that takes the body past the limit gets its 413 before any of that chunk's
   * data is sent: the size line is all the server needs. Before, the 413 waited for the chunk's
   * first data, and a client that sent only the line got 408 after the body timeout. All requests
   * are sent first and answered in any order, so the old wait was one timeout, not one a request.
   */
  @Test
  void aChunkSizeLineAboveTheLimitGets413BeforeItsData() throws Exception {
    try (FixtureServer server =
        new FixtureServer(
                FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))
            .bodyTimeoutMs(600_000)) {
      LocalConnector local = server.localConnector();
      server.start();
      String[] paths = {"/services/cxf-jaxb", "/services/axis2-jaxb", "/ows", "/static/10"};
      // the first chunk's size line above the limit; a second one taking the body past it; a
      // size far above 8 x the limit; each without its chunk's data
      String[] sizeLines = {"1E8480\r\n", "3\r\nabc\r\n1E8480;x=y\r\n", "FFFFFFFFF\r\n"};
      java.util.Map<String, LocalConnector.LocalEndPoint> sent = new java.util.LinkedHashMap<>();
      for (String lines : sizeLines) {
        for (String path : paths) {
          sent.put(
              path + " " + lines.strip(),
              local.executeRequest(
                  "POST "
                      + path
                      + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nSOAPAction: \"\"\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n"
                      + lines));
        }
      }
      for (java.util.Map.Entry<String, LocalConnector.LocalEndPoint> e : sent.entrySet()) {
        String answer = answer(e.getValue());
        HttpTester.Response r = HttpTester.parseResponse(answer);
        assertEquals(413, r.getStatus(), e.getKey() + ": " + answer);
        assertTrue(r.getContent().contains("above this server's limit"), e.getKey() + answer);
      }
    }
  }

  /**
   * A chunked body within the limit whose chunk sizes arrive cut anywhere (sent a byte at a time,
   * the server reading whatever has come) is served: following the sizes never overestimates.
   */
  @Test
  void chunkSizesCutBetweenReadsAreFollowed() throws Exception {
    try (FixtureServer server =
            new FixtureServer(
                    FixtureServer.Settings.defaults().maxBodyBytes(1000).compression(false))
                .start();
        java.net.Socket s = new java.net.Socket(server.uri().getHost(), server.uri().getPort())) {
      s.setSoTimeout(TIMEOUT_S * 1000);
      s.setTcpNoDelay(true);
      StringBuilder body = new StringBuilder();
      for (int i = 0; i < 60; i++) {
        body.append("0000F;ext=1\r\n").append("x".repeat(15)).append("\r\n");
      }
      body.append("00\r\n\r\n"); // 900 bytes in all, within the limit of 1000
      String request =
          "POST /static/2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
              + "Transfer-Encoding: chunked\r\n\r\n"
              + body;
      java.io.OutputStream out = s.getOutputStream();
      for (byte b : request.getBytes(StandardCharsets.US_ASCII)) {
        out.write(b);
        out.flush();
      }
      String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
    }
  }

  /**
   * With {@code Expect: 100-continue}, a head the service refuses whatever the body gets its final
   * 4xx and no {@code 100 Continue}. Before, each got 100 Continue and the body was awaited.
   */
  @Test
  void aHeadRefusedAloneGetsItsFinalAnswerInPlaceOf100Continue() throws Exception {
    try (FixtureServer server =
        new FixtureServer(
            FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))) {
      LocalConnector local = server.localConnector();
      server.start();
      String soap = "POST /services/cxf-jaxb HTTP/1.1\r\nHost: x\r\n";
      String[][] cases = {
        {soap + "Content-Type: text/xml\r\nSOAPAction: \"urn:nothing\"\r\n", "400", "SOAPAction"},
        {soap + "Content-Type: text/xml\r\n", "400", "SOAPAction"},
        {soap + "Content-Type: text/plain\r\nSOAPAction: \"\"\r\n", "415", "text/plain"},
        {
          soap + "Content-Type: application/soap+xml\r\nSOAPAction: \"\"\r\n",
          "415",
          "VersionMismatch"
        },
        {"POST /ows?service=WFS HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\n", "405", "GET"},
        {"POST /wms HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\n", "405", "GET"},
        {"PUT /static/3 HTTP/1.1\r\nHost: x\r\n", "405", "GET, HEAD, POST"},
        {"POST /static/3 HTTP/1.1\r\nHost: x\r\nContent-Encoding: gzip\r\n", "415", "gzip"},
      };
      for (String[] c : cases) {
        String answer =
            answer(
                local.executeRequest(
                    c[0] + "Expect: 100-continue\r\nContent-Length: 1000\r\n\r\n"));
        assertFalse(answer.contains("100 Continue"), c[0] + answer);
        HttpTester.Response r = HttpTester.parseResponse(answer);
        // the body the client may still send cannot be told from a next request
        assertEquals("close", r.get("Connection"), c[0] + answer);
        assertEquals(Integer.parseInt(c[1]), r.getStatus(), c[0] + answer);
        assertTrue(r.getContent().contains(c[2]), c[0] + answer);
      }
    }
  }

  private static String answer(LocalConnector.LocalEndPoint endpoint) throws Exception {
    ByteBuffer b = endpoint.waitForResponse(false, TIMEOUT_S, TimeUnit.SECONDS);
    assertNotNull(b, "no answer");
    return BufferUtil.toString(b, StandardCharsets.UTF_8);
  }

  /** Waits (up to a minute) until the server holds exactly {@code bytes} of request bodies. */
  private static void awaitHeld(FixtureServer server, long bytes) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
    while (server.bodyBytesHeld() != bytes && System.nanoTime() < deadline) {
      TimeUnit.MILLISECONDS.sleep(10);
    }
    assertEquals(bytes, server.bodyBytesHeld(), "bytes of bodies the server holds");
  }
}
