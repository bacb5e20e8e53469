package org.wirebench.server;

import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The connectors of a {@link FixtureServer}: the listening one, and one without sockets for tests
 * that send raw request bytes; both read requests alike (head size, URI rules, the request-line
 * memory of {@link RequestTargets}).
 */
final class Connectors {
  private Connectors() {}

  /**
   * Pending connections the kernel queues for accept: the load driver opens hundreds at once, and
   * at Jetty's default of 50 opening 2,000 took 17 s of SYN retries.
   */
  static final int ACCEPT_QUEUE = 1024;

  /**
   * Request heads (request line and headers) up to this size: a WFS FILTER may hold 65,536
   * characters ({@link org.wirebench.server.wfs.filter.FilterParser#MAX_CHARS}), which
   * percent-encode to up to 192 KiB when every one is escaped (at 32 KiB Jetty answered 414 to a
   * filter of about 10,900 such characters, so the documented limit could never be reached); a
   * gateway URL may carry 10 KB of keywords (Jetty's default, 8 KB, answered 431 before any handler
   * saw it). Longer heads get 414 (the URI) or 431 (the headers).
   */
  static final int REQUEST_HEADER_BYTES = 256 * 1024;

  /** The connector listening on {@code host}:{@code port} (0: any free port), not yet added. */
  static ServerConnector listening(Server server, String host, int port, long idleTimeoutMs) {
    ServerConnector connector = new ServerConnector(server, http());
    connector.setHost(host);
    connector.setPort(port);
    connector.setAcceptQueueSize(ACCEPT_QUEUE);
    connector.setIdleTimeout(idleTimeoutMs);
    return connector;
  }

  /** A connector without sockets, added to {@code server}. */
  static LocalConnector local(Server server) {
    LocalConnector local = new LocalConnector(server, http());
    server.addConnector(local);
    return local;
  }

  private static HttpConnectionFactory http() {
    HttpConfiguration config = new HttpConfiguration();
    config.setRequestHeaderSize(REQUEST_HEADER_BYTES);
    config.setUriCompliance(UriGate.CONNECTOR_COMPLIANCE);
    return new RequestTargets(config);
  }
}
