package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Raw HTTP/1.1 GETs from chosen loopback addresses (127.0.0.x: each a client of its own, as the
 * server's per-client shares count them), each on a connection of its own that the server closes
 * after its answer; {@link #close} closes those still open. For the share tests, which hold a
 * client's requests and look at what another client gets meanwhile.
 */
public final class LoopbackClients implements AutoCloseable {
  private final List<Socket> sockets = new ArrayList<>();

  /** GET {@code target} from {@code from} to the server on loopback {@code port}. */
  public Socket get(String from, int port, String target) throws IOException {
    return get(from, port, target, 0);
  }

  /**
   * As {@link #get(String, int, String)}, with a receive buffer of {@code receiveBufferBytes} (a
   * client that reads nothing holds the server's write sooner), or the system's when 0.
   */
  public Socket get(String from, int port, String target, int receiveBufferBytes)
      throws IOException {
    Socket socket = new Socket();
    sockets.add(socket);
    if (receiveBufferBytes > 0) {
      socket.setReceiveBufferSize(receiveBufferBytes);
    }
    socket.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
    socket.connect(new InetSocketAddress("127.0.0.1", port));
    socket.setSoTimeout(60_000); // a bound on a broken server, not a measure
    socket
        .getOutputStream()
        .write(
            ("GET " + target + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
    return socket;
  }

  /** The answer's first line. */
  public static String statusLine(Socket s) throws IOException {
    return reader(s).readLine();
  }

  /** The answer as UTF-8 text. */
  public static BufferedReader reader(Socket s) throws IOException {
    return reader(s, StandardCharsets.UTF_8);
  }

  /** The answer in {@code charset} (ISO-8859-1 keeps an image's bytes one char each). */
  public static BufferedReader reader(Socket s, Charset charset) throws IOException {
    return new BufferedReader(new InputStreamReader(s.getInputStream(), charset));
  }

  /** Polled until true, at most 60 s (a bound on a broken server, not a measure). */
  public static void await(BooleanSupplier condition, String what) throws InterruptedException {
    for (int i = 0; i < 6000 && !condition.getAsBoolean(); i++) {
      TimeUnit.MILLISECONDS.sleep(10);
    }
    assertTrue(condition.getAsBoolean(), what);
  }

  @Override
  public void close() throws IOException {
    for (Socket s : sockets) {
      s.close();
    }
  }
}
