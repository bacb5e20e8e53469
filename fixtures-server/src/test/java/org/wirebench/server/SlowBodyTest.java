package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Clients that send their request bodies slowly hold no server thread and get 408 when the body
 * timeout passes; a declared body over the limit is refused with 413 before any {@code 100
 * Continue}.
 */
class SlowBodyTest {
  /** More than Jetty's default pool of 200 threads: each held one before. */
  private static final int SLOW_CLIENTS = 250;

  @Test
  void slowBodiesHoldNoThreadAndAreRefusedWith408() throws Exception {
    try (FixtureServer server =
        new FixtureServer(
                FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))
            .bodyTimeoutMs(4000)) {
      server.start();
      URI uri = server.uri();
      List<Socket> slow = new ArrayList<>();
      try {
        for (int i = 0; i < SLOW_CLIENTS; i++) {
          Socket s = new Socket(uri.getHost(), uri.getPort());
          s.setSoTimeout(60_000); // the 408 comes 4 s after the head: a bound, not a wait
          String path = i % 2 == 0 ? "/services/axis2-adb" : "/services/cxf-jaxb";
          s.getOutputStream()
              .write(
                  ("POST "
                          + path
                          + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\n"
                          + "Content-Length: 100000\r\n\r\n<soapenv:Env")
                      .getBytes(StandardCharsets.US_ASCII));
          slow.add(s);
        }
        // while every one of them is held, other endpoints answer
        RawHttp.Answer statics = RawHttp.get(uri, "/static/3");
        assertEquals(200, statics.status(), statics.toString());
        RawHttp.Answer wsdl = RawHttp.get(uri, "/services/axis2-adb?wsdl");
        assertEquals(200, wsdl.status(), "a WSDL while slow bodies are held");
        // each slow client then gets a SOAP fault with 408, and its connection is closed
        for (Socket s : List.of(slow.get(0), slow.get(1), slow.get(SLOW_CLIENTS - 1))) {
          RawHttp.Answer a =
              RawHttp.parse(new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
          assertEquals(408, a.status(), a.toString());
          assertTrue(a.body().contains("soapenv:Client"), a.toString());
          assertTrue(a.body().contains("did not arrive within 4000 ms"), a.toString());
        }
      } finally {
        for (Socket s : slow) {
          s.close();
        }
      }
    }
  }

  /**
   * Bodies held at once share a budget: with room for one body of 50,000 bytes, one of two gets 503
   * while the other is served, and the budget is back once it is. Which one is refused is the
   * server's race to settle; the test waits for the first answer, however long the machine takes.
   */
  @Test
  void bodiesPastTheServersBudgetGet503AndTheBudgetComesBack() throws Exception {
    try (FixtureServer server =
        new FixtureServer(
                FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))
            .bodyBudgetBytes(64_000)
            .bodyTimeoutMs(60_000)) {
      server.start();
      URI uri = server.uri();
      String head = "POST /static/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 50000\r\n\r\n";
      byte[] part = new byte[40_000];
      java.util.Arrays.fill(part, (byte) 'b');
      try (Socket a = new Socket(uri.getHost(), uri.getPort());
          Socket b = new Socket(uri.getHost(), uri.getPort())) {
        List<CompletableFuture<String>> answers = new ArrayList<>();
        for (Socket s : List.of(a, b)) {
          s.setSoTimeout(60_000);
          s.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
          s.getOutputStream().write(part);
          s.getOutputStream().flush();
          answers.add(CompletableFuture.supplyAsync(() -> readToEnd(s)));
        }
        // the refused body's answer comes (and its connection closes); the other waits for the
        // rest of its body, so it can have no answer before the test sends that
        CompletableFuture.anyOf(answers.toArray(CompletableFuture[]::new))
            .get(60, TimeUnit.SECONDS);
        int refusedIndex = answers.get(0).isDone() ? 0 : 1;
        assertFalse(answers.get(1 - refusedIndex).isDone(), "both bodies were answered");
        RawHttp.Answer refused = RawHttp.parse(answers.get(refusedIndex).join());
        assertEquals(503, refused.status(), refused.toString());
        assertTrue(refused.body().contains("try again"), refused.toString());
        assertEquals("1", refused.header("Retry-After"), refused.toString());
        Socket waiting = refusedIndex == 0 ? b : a;
        waiting.getOutputStream().write(new byte[10_000]);
        waiting
            .getOutputStream()
            .write(
                "GET /static/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
        String served = answers.get(1 - refusedIndex).get(60, TimeUnit.SECONDS);
        assertTrue(served.startsWith("HTTP/1.1 200"), served);
      }
      // the served body's bytes are given back: the same again fits
      RawHttp.Answer again =
          RawHttp.send(
              uri,
              "POST /static/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                  + "Content-Length: 50000\r\n\r\n"
                  + "c".repeat(50_000));
      assertEquals(200, again.status(), again.toString());
    }
  }

  private static String readToEnd(Socket s) {
    try {
      return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * A body that has begun holds its whole declared length: a later body that would not fit beside
   * it is refused, not the one already arriving. Bodies once reserved step by step, and two of them
   * growing at once could both be refused where one fitted. The later body is sent once the server
   * is seen holding the first one's room.
   */
  @Test
  void aBodyThatHasBegunKeepsItsDeclaredRoom() throws Exception {
    try (FixtureServer server =
        new FixtureServer(
                FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))
            .bodyBudgetBytes(64_000)
            .bodyTimeoutMs(60_000)) {
      server.start();
      URI uri = server.uri();
      try (Socket first = new Socket(uri.getHost(), uri.getPort())) {
        first.setSoTimeout(60_000);
        first
            .getOutputStream()
            .write(
                ("POST /static/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                        + "Content-Length: 50000\r\n\r\n"
                        + "a".repeat(1000))
                    .getBytes(StandardCharsets.US_ASCII));
        first.getOutputStream().flush();
        awaitHeld(server, 50_000);
        RawHttp.Answer later =
            RawHttp.send(
                uri,
                "POST /static/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                    + "Content-Length: 20000\r\n\r\n"
                    + "b".repeat(20_000));
        assertEquals(503, later.status(), later.toString());
        first.getOutputStream().write("a".repeat(49_000).getBytes(StandardCharsets.US_ASCII));
        String served = new String(first.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(served.startsWith("HTTP/1.1 200"), served);
      }
    }
  }

  /** Waits (up to a minute) until the server holds exactly {@code bytes} of request bodies. */
  private static void awaitHeld(FixtureServer server, long bytes) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (server.bodyBytesHeld() != bytes && System.nanoTime() < deadline) {
      TimeUnit.MILLISECONDS.sleep(10);
    }
    assertEquals(bytes, server.bodyBytesHeld(), "bytes of bodies the server holds");
  }

  @Test
  void aDeclaredBodyOverTheLimitGets413AndNo100Continue() throws Exception {
    try (FixtureServer server =
            new FixtureServer(
                    FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))
                .start();
        Socket s = new Socket(server.uri().getHost(), server.uri().getPort())) {
      s.setSoTimeout(60_000); // a bound for a starved machine, not a pace
      OutputStream out = s.getOutputStream();
      out.write(
          ("POST /services/cxf-jaxb HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\n"
                  + "Expect: 100-continue\r\nContent-Length: 10000000000\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = s.getInputStream();
      String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertFalse(answer.contains("100 Continue"), answer);
      RawHttp.Answer a = RawHttp.parse(answer);
      assertEquals(413, a.status(), answer);
      assertTrue(a.body().contains("10000000000 bytes is above"), answer);
      assertTrue(a.body().contains("soapenv:Client"), answer);
    }
  }

  @Test
  void aBodyWithinTheLimitStillGets100ContinueAndAnAnswer() throws Exception {
    try (FixtureServer server =
            new FixtureServer(
                    FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))
                .start();
        Socket s = new Socket(server.uri().getHost(), server.uri().getPort())) {
      s.setSoTimeout(60_000); // a bound for a starved machine, not a pace
      byte[] body =
          org.wirebench.formats.soap.SoapEnvelopes.request(
              org.wirebench.formats.soap.EchoValues.generate(
                  org.wirebench.formats.soap.Operation.values()[1], 3));
      OutputStream out = s.getOutputStream();
      out.write(
          ("POST /services/cxf-jaxb HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\n"
                  + "SOAPAction: \"\"\r\nConnection: close\r\nExpect: 100-continue\r\n"
                  + "Content-Length: "
                  + body.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      byte[] interim = new byte[25];
      int n = s.getInputStream().readNBytes(interim, 0, interim.length);
      assertTrue(
          new String(interim, 0, n, StandardCharsets.US_ASCII).startsWith("HTTP/1.1 100 Continue"));
      out.write(body);
      out.flush();
      String rest = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(rest.contains("HTTP/1.1 200"), rest);
    }
  }
}
