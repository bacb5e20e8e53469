package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One client address cannot hold every connection the server's process may open: past its share
 * (all the server takes but an eighth) its connections are closed as they are accepted, and the
 * server's total stays below the process's file limit, so another client is still served. Before,
 * one client's kept-alive connections used up the process's files: Jetty's accept failed with "Too
 * many open files" (a stack trace a second in the log) and every other client waited in the
 * kernel's queue until those connections idled out (30 s), or for as long as the client kept them
 * alive. The server runs in its own JVM under {@code prlimit} with a small file limit.
 */
class ConnectionShareTest {
  /** The server process's file limit. */
  private static final int FILES = 2048;

  @Test
  void oneClientCannotTakeEveryFileTheServerMayOpen() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        java.nio.file.Files.isExecutable(java.nio.file.Path.of("/usr/bin/prlimit")),
        "util-linux's prlimit runs the server with a small file limit");
    List<Socket> fromA = new ArrayList<>();
    try (ServerProcess server =
        ServerProcess.start(
            List.of("/usr/bin/prlimit", "--nofile=" + FILES + ":" + FILES),
            null,
            JvmProfile.byName("default"),
            List.of())) {
      int port = server.uri().getPort();
      // A: as many kept-alive connections as the server may open files, each with a request
      for (int i = 0; i < FILES; i++) {
        Socket s = ask("127.0.0.1", port, "/static/1", false);
        if (s == null) {
          break; // not accepted: the kernel's queue is full
        }
        fromA.add(s);
      }
      Socket b = ask("127.0.0.2", port, "/static/2", true);
      assertTrue(b != null, "B's connection was not even queued");
      // below the 30 s idle timeout that freed A's connections before: a bound, not a pace
      b.setSoTimeout(25_000);
      BufferedReader in =
          new BufferedReader(new InputStreamReader(b.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("HTTP/1.1 200 OK", in.readLine(), "B is served while A holds its share");
      // A was served up to its share, the rest of its connections closed unanswered
      int served = 0;
      for (Socket s : fromA) {
        if (answered(s)) {
          served++;
        }
      }
      assertTrue(served > FILES / 4, "A's share is most of the server's connections: " + served);
      assertTrue(served < FILES, "A was not given every connection: " + served);
    } finally {
      for (Socket s : fromA) {
        s.close();
      }
    }
  }

  /** The share in one JVM, lowered: past it a client's connections close, and free as they end. */
  @Test
  void aClientsConnectionsPastItsShareCloseAndItsShareFreesAsTheyEnd() throws Exception {
    List<Socket> sockets = new ArrayList<>();
    try (FixtureServer server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false)).start()) {
      server.connections().limit(3);
      int port = server.uri().getPort();
      for (int i = 0; i < 5; i++) {
        sockets.add(ask("127.0.0.1", port, "/static/1", false));
      }
      // which three are served is the server's order of opening them, over several selectors
      List<Socket> served = new ArrayList<>();
      for (Socket s : sockets) {
        if (answered(s)) {
          served.add(s);
        }
      }
      assertEquals(3, served.size(), "A is served its three connections' worth, no more");
      long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
      while (server.connections().open("127.0.0.1") > 3 && System.nanoTime() < until) {
        Thread.sleep(20);
      }
      assertEquals(
          3, server.connections().open("127.0.0.1"), "the two closed at once are no more counted");
      Socket b = ask("127.0.0.2", port, "/static/2", true);
      sockets.add(b);
      assertTrue(answered(b), "B is served");
      served.get(0).close();
      // the closing is the server's to notice: the share frees once it has
      long end = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
      while (server.connections().open("127.0.0.1") > 2 && System.nanoTime() < end) {
        Thread.sleep(20);
      }
      Socket again = ask("127.0.0.1", port, "/static/3", true);
      sockets.add(again);
      assertTrue(answered(again), "A's share freed as its connection ended");
    } finally {
      for (Socket s : sockets) {
        s.close();
      }
    }
  }

  /** The rule the limits are made by, at a few file limits. */
  @Test
  void theServerKeepsTheFilesItNeedsAndAClientsShareLeavesAnEighth() {
    // 20,000 files, 30 open at start and a backend pool of 512: 256 more kept
    assertEquals(20_000 - 256 - 30 - 512, ClientConnections.total(20_000, 30 + 512));
    // a small limit keeps at most half of it
    assertEquals(512, ClientConnections.total(1024, 30 + 512));
    assertEquals(Integer.MAX_VALUE / 2, ClientConnections.total(-1, 542));
    assertEquals(16_000 - 2_000, ClientConnections.share(16_000));
    assertEquals(1, ClientConnections.share(1));
  }

  /** Whether {@code s} was answered 200; false when the server closed it unanswered. */
  private static boolean answered(Socket s) {
    try {
      s.setSoTimeout(25_000);
      return "HTTP/1.1 200 OK"
          .equals(
              new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))
                  .readLine());
    } catch (java.io.IOException e) {
      return false; // reset: closed as it was accepted
    }
  }

  /**
   * A connection from {@code from} with a request sent, or null when it could not be made within 5
   * s (a server that accepts nothing more fills the kernel's queue); one the server closes at once
   * may fail its write, which is an answer too (the socket is returned, to read its end).
   */
  private static Socket ask(String from, int port, String target, boolean close) throws Exception {
    Socket socket = new Socket();
    socket.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
    try {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
    } catch (java.net.SocketTimeoutException e) {
      socket.close();
      return null;
    }
    try {
      socket
          .getOutputStream()
          .write(
              ("GET "
                      + target
                      + " HTTP/1.1\r\nHost: test\r\n"
                      + (close ? "Connection: close\r\n" : "")
                      + "\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
    } catch (java.io.IOException e) {
      // closed by the server as it was accepted: read as unanswered
    }
    return socket;
  }
}
