package org.wirebench.server;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

/**
 * What {@code serve --host} may name (this machine, checked before Jetty starts), and how a URL
 * names the interface it bound.
 */
final class LocalHosts {
  private LocalHosts() {}

  /**
   * Why {@code --host} cannot be bound here, or null: Jetty found out only once it had started
   * (exit 1); an empty name, one that does not resolve, or an address of another machine.
   */
  static String problem(String host) {
    if (host.isBlank()) {
      return "--host is empty: give an address or name of this machine, e.g. 127.0.0.1 or 0.0.0.0";
    }
    InetAddress address;
    try {
      address = InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      return "--host '" + host + "' is no address and no name that resolves";
    }
    try {
      if (address.isAnyLocalAddress()
          || address.isLoopbackAddress()
          || NetworkInterface.getByInetAddress(address) != null) {
        return null;
      }
    } catch (SocketException e) {
      return "--host '" + host + "': cannot list this machine's addresses: " + e.getMessage();
    }
    return "--host '"
        + host
        + "' ("
        + address.getHostAddress()
        + ") is not an address of this machine";
  }

  /**
   * Why serve cannot listen on {@code port} of {@code host} (a resolved address of this machine),
   * or null: another process listens there. Asked before Jetty starts, so the refusal is one line
   * and exit 2 (Jetty's own failure comes after its start line, "Failed to bind to /HOST:PORT",
   * exit 1, naming neither the cause nor the way out); 0 (any free port) is never taken.
   */
  static String portProblem(String host, int port) {
    if (port == 0) {
      return null;
    }
    try (java.net.ServerSocket probe = new java.net.ServerSocket()) {
      probe.setReuseAddress(true); // as Jetty binds: a port in TIME_WAIT is free to it
      probe.bind(new java.net.InetSocketAddress(host, port));
      return null;
    } catch (java.io.IOException e) {
      // a bind fails for more than a taken port (a port below 1024 without the right to it, an
      // address that is not this machine's), and the system's words for why are its locale's: the
      // port is taken when something answers there
      if (e instanceof java.net.BindException && listening(host, port)) {
        return "--port "
            + port
            + " on "
            + host
            + " is taken (another server listens there): stop it, or give another --port (0: any"
            + " free port)";
      }
      return "--port "
          + port
          + " on "
          + host
          + ": cannot listen there: "
          + e.getMessage()
          + (port < 1024 ? " (a port below 1024 needs root or CAP_NET_BIND_SERVICE)" : "");
    }
  }

  /**
   * Whether a server accepts connections on {@code port} of {@code host} (the wildcard's:
   * loopback).
   */
  private static boolean listening(String host, int port) {
    try (java.net.Socket s = new java.net.Socket()) {
      InetAddress a = InetAddress.getByName(host);
      if (a.isAnyLocalAddress()) {
        a =
            a instanceof java.net.Inet6Address
                ? InetAddress.getByName("::1")
                : InetAddress.getLoopbackAddress();
      }
      s.connect(new java.net.InetSocketAddress(a, port), 1000);
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }

  /**
   * The host of a URL that reaches an interface bound as {@code bound}: an IPv6 literal in brackets
   * ({@code http://::1:8080/} has no host a URL parser reads), the wildcard addresses as this
   * machine's loopback of the same family.
   */
  static String uriHost(String bound) {
    if (bound == null || bound.equals("0.0.0.0")) {
      return "127.0.0.1";
    }
    String h = org.wirebench.server.http.HttpUrls.host(bound);
    try {
      // a literal (it has a ':'), so no name lookup
      if (h.startsWith("[") && InetAddress.getByName(h).isAnyLocalAddress()) {
        return "[::1]";
      }
    } catch (UnknownHostException e) {
      // not a literal after all: written as given, in brackets
    }
    return h;
  }
}
