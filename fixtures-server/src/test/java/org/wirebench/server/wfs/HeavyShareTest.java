package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.server.LoopbackClients.await;
import static org.wirebench.server.LoopbackClients.reader;
import static org.wirebench.server.LoopbackClients.statusLine;

import java.io.BufferedReader;
import java.net.Socket;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wirebench.server.FixtureServer;
import org.wirebench.server.LoopbackClients;

/**
 * One client address holds at most its share of the heavy GetFeatures' places, running or waiting;
 * its further heavy queries get 503 at once while another client's is still admitted. Before, seven
 * sorts from one client on 2 cores held every place and everyone else got 503. Real sockets on
 * loopback, the second client bound to 127.0.0.2 (as {@code ClientThreadsTest}); the test holds the
 * one running place itself, so the clients' queries wait until it lets go, and everything is judged
 * by the server's counts, never by time.
 */
class HeavyShareTest {
  private static final String A = "127.0.0.1";
  private static final String B = "127.0.0.2";

  /** A sort of the 1,000,000 roads: heavy, as the probe sent it. */
  private static final String SORT =
      "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:osm_mainroads&count=1"
          + "&SORTBY=name%20DESC";

  /** A GetFeature of the roads, heavy once a SORTBY is added. */
  private static final String BASE =
      "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:osm_mainroads";

  private FixtureServer server;
  private final LoopbackClients clients = new LoopbackClients();
  private final List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
  private HeavyQueries.Turn held;

  @BeforeEach
  void start() throws Exception {
    server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false))
            .accessLogTo(log::add)
            .start();
    // one running place and three waiting, one client holding two of the four at most
    server.wfs().heavyQueries(1, 3, 60_000, 2);
    hold();
  }

  @AfterEach
  void stop() throws Exception {
    letGo();
    clients.close();
    server.close();
  }

  @Test
  void oneClientCannotTakeEveryPlaceAndAnotherIsStillServed() throws Exception {
    Socket a1 = ask(A);
    Socket a2 = ask(A);
    await(() -> admitted(A) == 2, "A's two sorts wait");
    assertRefused(ask(A));
    // there are places left, and they are another client's to take
    Socket b = ask(B);
    // a client's count is taken before its place: once the place is, both are
    await(() -> server.wfs().heavyQueriesAdmitted() == 4, "B's sort waits");
    assertEquals(1, admitted(B));
    assertEquals(2, admitted(A), "A's refused sort took no place");
    letGo();
    for (Socket s : List.of(a1, a2, b)) {
      assertEquals("HTTP/1.1 200 OK", statusLine(s));
    }
    // the share frees when its queries complete: A may wait with two again, not three
    await(() -> server.wfs().heavyQueriesAdmitted() == 0, "the sorts are done");
    assertEquals(0, admitted(A));
    assertEquals(0, admitted(B));
    hold();
    ask(A);
    ask(A);
    await(() -> admitted(A) == 2, "A's next two sorts wait");
    assertRefused(ask(A));
  }

  @Test
  void theShareFreesWhenItsClientLeaves() throws Exception {
    Socket a1 = ask(A);
    Socket a2 = ask(A);
    await(() -> admitted(A) == 2, "A's two sorts wait");
    assertRefused(ask(A));
    long before = server.wfs().featuresVisited();
    a1.close();
    a2.close();
    letGo();
    // each leaves its wait as its client is heard leaving, and gives its place back
    await(() -> admitted(A) == 0, "A's sorts give their places back");
    assertTrue(
        server.wfs().featuresVisited() - before < 1_000_000,
        "the sorts stopped early, they did not complete");
    hold();
    ask(A);
    ask(A);
    await(() -> admitted(A) == 2, "A's next two sorts wait");
    assertRefused(ask(A));
  }

  /**
   * A heavy query waiting for its turn whose client leaves gives its place back at once, and is
   * logged {@code 499 0}. Before, it waited for nobody until its turn came or its wait ran out
   * (here 120 s, past the test's bounds), holding a server thread and a place another client's
   * heavy query could have had.
   */
  @Test
  void aWaitingQueryWhoseClientLeftGivesItsPlaceBackAtOnce() throws Exception {
    letGo();
    server.wfs().heavyQueries(1, 3, 120_000, 2);
    hold();
    Socket a1 = ask(A);
    await(() -> admitted(A) == 1, "A's sort waits");
    a1.close();
    await(() -> admitted(A) == 0, "A's sort gives its place back, though no turn came");
    assertEquals(1, server.wfs().heavyQueriesRunning(), "the running place is still held");
    await(() -> log.stream().anyMatch(l -> l.contains("SORTBY=")), "the access log line");
    String line = log.stream().filter(l -> l.contains("SORTBY=")).findFirst().orElseThrow();
    assertTrue(line.contains("\" 499 0 "), line);
  }

  /**
   * A heavy request that is invalid gets its 400 OGC report even while its client's share is full:
   * the parameters are checked before admission. Before, each got 503 "try again" here (and 400
   * otherwise), which a client retrying on 503 repeats for ever.
   */
  @Test
  void anInvalidHeavyQueryIsRefusedAsInvalidWhenTheShareIsFull() throws Exception {
    ask(A);
    ask(A);
    await(() -> admitted(A) == 2, "A's two sorts wait");
    String[][] cases = {
      {"&SORTBY=nosuch%20DESC", "InvalidParameterValue"},
      {"&SORTBY=name,name%20DESC", "InvalidParameterValue"},
      {"&SORTBY=nope:name", "InvalidParameterValue"},
      {"&SORTBY=name&PROPERTYNAME=nosuch", "InvalidParameterValue"},
      {"&SORTBY=name&PROPERTYNAME=nope:name", "InvalidParameterValue"},
      {"&SORTBY=name&startIndex=99999&count=2", "OptionNotSupported"},
    };
    for (String[] c : cases) {
      BufferedReader in = reader(ask(A, BASE + c[0]));
      String status = in.readLine();
      String rest = in.lines().collect(Collectors.joining("\n"));
      assertEquals("HTTP/1.1 400 Bad Request", status, c[0] + "\n" + rest);
      assertTrue(rest.contains("exceptionCode=\"" + c[1] + "\""), c[0] + "\n" + rest);
    }
    assertEquals(2, admitted(A), "the refused requests took no place");
  }

  /** Takes the one running place, as a client of its own: every heavy query then waits. */
  private void hold() {
    assertEquals(0, server.wfs().heavyQueriesRunning(), "a heavy query still runs");
    try {
      held = server.wfs().heavy().acquire("the test");
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private void letGo() {
    if (held != null) {
      held.close();
      held = null;
    }
  }

  private int admitted(String client) {
    return server.wfs().heavyQueriesAdmitted(client);
  }

  /** The answer to a heavy query over its client's share: 503 and an OGC report, at once. */
  private static void assertRefused(Socket s) throws Exception {
    BufferedReader in = reader(s);
    String status = in.readLine();
    String rest = in.lines().collect(Collectors.joining("\n"));
    assertEquals("HTTP/1.1 503 Service Unavailable", status, rest);
    assertTrue(rest.contains("<ows:ExceptionReport"), rest);
    assertTrue(rest.contains("exceptionCode=\"NoApplicableCode\""), rest);
    assertTrue(rest.contains("as one client may (2)"), rest);
  }

  private Socket ask(String from) throws Exception {
    return ask(from, SORT);
  }

  private Socket ask(String from, String target) throws Exception {
    return clients.get(from, server.uri().getPort(), target);
  }
}
