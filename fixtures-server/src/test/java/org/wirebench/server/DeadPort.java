package org.wirebench.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A loopback port nothing listens on while this is open: a socket bound to it and never connected
 * holds it, so connecting there is refused and no server started meanwhile can take it (a port
 * found free and let go could be given to another test's server before it was used).
 */
public final class DeadPort implements AutoCloseable {
  private final Socket socket = new Socket();

  public DeadPort() throws IOException {
    socket.bind(new InetSocketAddress("127.0.0.1", 0));
  }

  public int port() {
    return socket.getLocalPort();
  }

  /** {@code http://127.0.0.1:PORT/} */
  public String url() {
    return "http://127.0.0.1:" + port() + "/";
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
