package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.server.LoopbackClients.await;
import static org.wirebench.server.LoopbackClients.reader;

import java.io.BufferedReader;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wirebench.server.FixtureServer;
import org.wirebench.server.LoopbackClients;

/**
 * A page of more than {@link HeavyQueries#LARGE_PAGE} features is held whole until its answer is
 * written, so it holds a heavy query's turn until then: a client that does not read keeps its turn
 * (and its page) but no more, and a page beyond the places gets 503 at once. Before, nothing
 * counted large pages: eleven clients not reading 100,000-feature pages ran a 1 GB server out of
 * memory. Real sockets on loopback (as {@code HeavyShareTest}); the unread 20,000-feature page is
 * far larger than the sockets' buffers, so its write stays blocked until the test reads it; every
 * check is a count the server keeps, never a time.
 */
class LargePageTest {
  private static final String PAGE =
      "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:osm_mainroads"
          + "&outputFormat=application/json&count="
          + 2 * HeavyQueries.LARGE_PAGE;

  private static final String SMALL =
      "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:osm_mainroads&count=5";

  private FixtureServer server;
  private final LoopbackClients clients = new LoopbackClients();

  @BeforeEach
  void start() throws Exception {
    server = new FixtureServer(FixtureServer.Settings.defaults().compression(false)).start();
    // two running places, none waiting, no wait: a third heavy query is refused at once
    server.wfs().heavyQueries(2, 0, 0, 2);
  }

  @AfterEach
  void stop() throws Exception {
    clients.close();
    server.close();
  }

  @Test
  void aLargePageHoldsAHeavyTurnUntilItIsWritten() throws Exception {
    Socket a = ask("127.0.0.1", PAGE);
    await(() -> server.wfs().heavyQueriesRunning() == 1, "A's unread page holds a turn");
    Socket b = ask("127.0.0.2", PAGE);
    await(() -> server.wfs().heavyQueriesRunning() == 2, "B's unread page holds the other");
    BufferedReader refused = reader(ask("127.0.0.3", PAGE));
    String status = refused.readLine();
    String rest = refused.lines().collect(Collectors.joining("\n"));
    assertEquals("HTTP/1.1 503 Service Unavailable", status, rest);
    assertTrue(rest.contains("pages of more than " + HeavyQueries.LARGE_PAGE), rest);
    // a small page is no heavy query: served while the places are full
    assertEquals("HTTP/1.1 200 OK", reader(ask("127.0.0.3", SMALL)).readLine());
    for (Socket s : List.of(a, b)) {
      InputStream in = s.getInputStream();
      byte[] head = new byte[15];
      assertEquals(15, in.readNBytes(head, 0, 15));
      assertEquals("HTTP/1.1 200 OK", new String(head, StandardCharsets.US_ASCII));
      in.transferTo(java.io.OutputStream.nullOutputStream());
    }
    await(() -> server.wfs().heavyQueriesRunning() == 0, "the written pages gave their turns back");
    assertEquals(0, server.wfs().heavyQueriesAdmitted());
  }

  private Socket ask(String from, String target) throws Exception {
    return clients.get(from, server.uri().getPort(), target, 64 * 1024);
  }
}
