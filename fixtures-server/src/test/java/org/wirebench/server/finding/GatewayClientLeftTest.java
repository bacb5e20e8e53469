package org.wirebench.server.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.server.LoopbackClients.await;
import static org.wirebench.server.LoopbackClients.statusLine;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.finding.FindingGenerator;
import org.wirebench.formats.finding.FindingRequest;
import org.wirebench.server.FixtureServer;
import org.wirebench.server.LoopbackClients;

/**
 * A gateway request whose client leaves while the backend works has its backend exchange aborted at
 * once: the backend sees its connection closed, the pooled connection and the client's share are
 * free for its next request, and the access log says {@code 499 0}. Before, the exchange ran on for
 * nobody until the backend answered or the gateway's timeout (here 120 s, past the test's bounds),
 * holding a pooled connection and the client's place. Real sockets on loopback (the close is the
 * subject); the backend is a raw socket that keeps a held request in flight (a byte a second, so no
 * idle timeout ends it), and what it sees, never time, is the judge.
 */
class GatewayClientLeftTest {
  private static final String A = "127.0.0.1";

  /** Pooled backend connections: a client's share is 1, so its next request waits for the first. */
  private static final int POOL = 2;

  private final RawBackend backend = new RawBackend();
  private final List<String> log = new CopyOnWriteArrayList<>();
  private final LoopbackClients clients = new LoopbackClients();
  private FixtureServer server;

  GatewayClientLeftTest() throws IOException {}

  private void start(boolean compression) throws Exception {
    FindingGateway.Settings finding =
        new FindingGateway.Settings(
            backend.template(),
            50,
            50,
            "wirebench",
            10_000,
            120_000,
            FindingGateway.Settings.DEFAULT_MAX_RESPONSE_BYTES,
            POOL);
    server =
        new FixtureServer(
                FixtureServer.Settings.defaults().compression(compression).finding(finding))
            .accessLogTo(log::add)
            .start();
  }

  @AfterEach
  void stop() throws Exception {
    clients.close();
    if (server != null) {
      server.close();
    }
    backend.close();
  }

  @Test
  void anExchangeWhoseClientLeftIsAborted() throws Exception {
    start(false);
    leaveAndSeeAborted();
  }

  /** The same through the compression handler, which the watch sees the connection through. */
  @Test
  void anExchangeWhoseClientLeftIsAbortedWithCompression() throws Exception {
    start(true);
    leaveAndSeeAborted();
  }

  private void leaveAndSeeAborted() throws Exception {
    Socket held = ask("held-a");
    await(() -> backend.seen.contains("held-a"), "the request reaches the backend");
    held.close();
    // before: the backend connection stayed open until the gateway's timeout
    await(() -> backend.closed.contains("held-a"), "the gateway closes its backend connection");
    await(() -> log.stream().anyMatch(l -> l.contains("/held-a ")), "the access log line");
    String line = log.stream().filter(l -> l.contains("/held-a ")).findFirst().orElseThrow();
    assertTrue(line.contains("\" 499 0 "), line);
    // the client's one place and the pooled connection are free: its next request is answered
    Socket next = ask("ok-a");
    assertEquals("HTTP/1.1 200 OK", statusLine(next));
    assertEquals(List.of("held-a", "ok-a"), List.copyOf(backend.seen));
  }

  /**
   * A request waiting for its client's share is dropped from the queue as its client leaves.
   * Before, it kept its place until an earlier exchange of its client ended (here never within the
   * test).
   */
  @Test
  void aWaitingRequestWhoseClientLeftIsDroppedAtOnce() throws Exception {
    start(false);
    Socket first = ask("held-a");
    await(() -> backend.seen.contains("held-a"), "the first request reaches the backend");
    Socket waits = ask("held-b");
    await(() -> server.finding().waitingForBackend(A) == 1, "the second waits its turn");
    waits.close();
    await(() -> server.finding().waitingForBackend(A) == 0, "the second is out of the queue");
    assertFalse(backend.closed.contains("held-a"), "the first is still in flight");
    await(() -> log.stream().anyMatch(l -> l.contains("/held-b ")), "the access log line");
    String line = log.stream().filter(l -> l.contains("/held-b ")).findFirst().orElseThrow();
    assertTrue(line.contains("\" 499 0 "), line);
    first.close();
    await(() -> backend.closed.contains("held-a"), "the first's exchange is aborted");
    assertEquals(List.of("held-a"), List.copyOf(backend.seen), "the second was never sent");
  }

  private Socket ask(String keywords) throws Exception {
    return clients.get(A, server.uri().getPort(), "/ebay/finding/keywords/json/" + keywords);
  }

  /**
   * A backend on a raw socket: records each request's keywords, answers those starting with {@code
   * ok}, keeps the others in flight for ever and records when the gateway closes their connection.
   */
  private static final class RawBackend implements AutoCloseable {
    final Queue<String> seen = new ConcurrentLinkedQueue<>();
    final Queue<String> closed = new ConcurrentLinkedQueue<>();
    private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final Queue<Socket> accepted = new ConcurrentLinkedQueue<>();

    RawBackend() throws IOException {
      threads.execute(this::accept);
    }

    String template() {
      return "http://127.0.0.1:" + listener.getLocalPort() + "/{format}";
    }

    private void accept() {
      try {
        while (true) {
          Socket s = listener.accept();
          accepted.add(s);
          threads.execute(() -> serve(s));
        }
      } catch (IOException e) {
        // closed by close()
      }
    }

    private void serve(Socket s) {
      String keywords = null;
      try (s) {
        s.setSoTimeout(90_000); // a bound on a broken gateway, not a measure
        InputStream in = new BufferedInputStream(s.getInputStream());
        byte[] body = in.readNBytes(contentLength(head(in)));
        keywords = FindingRequest.keywords(body);
        seen.add(keywords);
        if (!keywords.startsWith("ok")) {
          trickle(s, in, keywords);
          return;
        }
        byte[] answer = BackendFormats.get("json").encode(FindingGenerator.response());
        s.getOutputStream()
            .write(
                ("HTTP/1.1 200 OK\r\nContent-Length: "
                        + answer.length
                        + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().write(answer);
      } catch (SocketTimeoutException e) {
        // held to the bound: never closed
      } catch (org.wirebench.formats.finding.BackendPayloadException e) {
        throw new IllegalStateException("the gateway sent a request without keywords", e);
      } catch (IOException e) {
        if (keywords != null) {
          closed.add(keywords); // a reset is a close too
        }
      }
    }

    /**
     * An answer's head and then a byte a second, never its end: the exchange stays in flight (idle
     * timeouts never fire) until the gateway closes the connection, which is recorded.
     */
    private void trickle(Socket s, InputStream in, String keywords) throws IOException {
      java.io.OutputStream out = s.getOutputStream();
      out.write(
          "HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      s.setSoTimeout(1_000);
      for (int i = 0; i < 90; i++) { // a bound on a broken gateway, not a measure
        try {
          if (in.read() == -1) {
            closed.add(keywords);
            return;
          }
        } catch (SocketTimeoutException e) {
          out.write('x');
          out.flush();
        }
      }
    }

    private static String head(InputStream in) throws IOException {
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      int matched = 0;
      while (matched < 4) {
        int b = in.read();
        if (b < 0) {
          throw new IOException("the request's head ended early");
        }
        head.write(b);
        matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
      }
      return head.toString(StandardCharsets.US_ASCII);
    }

    private static int contentLength(String head) {
      for (String line : head.split("\r\n")) {
        if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
          return Integer.parseInt(line.substring(15).trim());
        }
      }
      throw new IllegalStateException("no Content-Length: " + head);
    }

    @Override
    public void close() throws IOException {
      listener.close();
      for (Socket s : accepted) {
        s.close();
      }
      threads.shutdownNow();
    }
  }
}
