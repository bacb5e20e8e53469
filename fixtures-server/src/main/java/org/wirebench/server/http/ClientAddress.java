package org.wirebench.server.http;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import org.eclipse.jetty.server.Request;

/**
 * The client a request comes from, as every per-client share here tells clients apart (the body
 * budget's, the heavy queries', the connections', as Jetty's ThreadLimitHandler does for threads):
 * its address as the socket sees it, without the port, no forwarded header being trusted; a
 * connection without an IP address is one client with every other such.
 */
public final class ClientAddress {
  private ClientAddress() {}

  public static String of(Request request) {
    return of(request.getConnectionMetaData().getRemoteSocketAddress());
  }

  /** The client at {@code remote}, a connection's remote address (null when it has none). */
  public static String of(SocketAddress remote) {
    if (remote instanceof InetSocketAddress inet && inet.getAddress() != null) {
      return inet.getAddress().getHostAddress();
    }
    return "(no IP address)";
  }
}
