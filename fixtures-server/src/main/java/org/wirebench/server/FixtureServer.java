package org.wirebench.server;

import java.net.URI;
import org.eclipse.jetty.http.pathmap.PathSpec;
import org.eclipse.jetty.server.CustomRequestLog;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.RequestLogWriter;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.eclipse.jetty.server.handler.gzip.GzipHandler;
import org.wirebench.server.soap.SoapServices;
import org.wirebench.server.wfs.WfsHandler;

/**
 * The embedded Jetty 12 server: WFS at {@code /ows} and {@code /wfs}, the SOAP stacks under {@code
 * /services/}, {@code /static/{bytes}}, an index at {@code /}; gzip when the client asks for it.
 * Stopping it lets in-flight requests finish (up to {@code stopTimeoutMs}).
 */
public final class FixtureServer implements AutoCloseable {
  /** A request head must arrive within this of the connection opening (slowloris). */
  public static final long DEFAULT_HEADER_TIMEOUT_MS = 10_000;

  /**
   * Pending connections the kernel queues for accept: the load driver opens hundreds at once, and
   * at Jetty's default of 50 opening 2,000 took 17 s of SYN retries.
   */
  static final int ACCEPT_QUEUE = 1024;

  private final Server server = new Server();
  private final ServerConnector connector = new ServerConnector(server);

  /**
   * @param host interface to bind, e.g. 127.0.0.1 or 0.0.0.0
   * @param port 0..65535; 0 picks a free one
   * @param stopTimeoutMs how long a graceful stop waits for in-flight requests, 0..600000
   */
  public FixtureServer(String host, int port, long stopTimeoutMs) {
    this(host, port, stopTimeoutMs, SoapServices.DEFAULT_MAX_BODY_BYTES, true, false);
  }

  /**
   * @param maxBodyBytes SOAP request body limit, 1..2^31-1; larger bodies get a fault and 413
   * @param gzip compress responses for clients that send {@code Accept-Encoding: gzip}
   * @param accessLog one NCSA line per request on stderr
   */
  public FixtureServer(
      String host,
      int port,
      long stopTimeoutMs,
      long maxBodyBytes,
      boolean gzip,
      boolean accessLog) {
    this(host, port, stopTimeoutMs, maxBodyBytes, gzip, accessLog, DEFAULT_HEADER_TIMEOUT_MS);
  }

  /**
   * @param headerTimeoutMs a connection whose first request head has not arrived by then is closed
   */
  public FixtureServer(
      String host,
      int port,
      long stopTimeoutMs,
      long maxBodyBytes,
      boolean gzip,
      boolean accessLog,
      long headerTimeoutMs) {
    connector.setHost(host);
    connector.setPort(port);
    connector.setAcceptQueueSize(ACCEPT_QUEUE);
    server.addConnector(connector);
    PathMappingsHandler routes = new PathMappingsHandler();
    WfsHandler wfs = new WfsHandler();
    routes.addMapping(PathSpec.from("/ows"), wfs);
    routes.addMapping(PathSpec.from("/wfs"), wfs);
    routes.addMapping(PathSpec.from("/static/*"), new StaticHandler());
    routes.addMapping(PathSpec.from("/services/*"), SoapServices.handler(maxBodyBytes));
    routes.addMapping(PathSpec.from(""), new IndexHandler());
    Handler root = routes;
    if (gzip) {
      GzipHandler compress = new GzipHandler(routes);
      compress.setMinGzipSize(1024);
      root = compress;
    }
    HeaderTimeout heads = new HeaderTimeout(root, connector.getScheduler(), headerTimeoutMs);
    connector.addEventListener(heads);
    server.setHandler(new GracefulHandler(heads));
    // an unexpected failure answers 500 without the exception's message or stack
    ErrorHandler errors = new ErrorHandler();
    errors.setShowStacks(false);
    errors.setShowMessageInTitle(false);
    errors.setShowCauses(false);
    server.setErrorHandler(errors);
    if (accessLog) {
      server.setRequestLog(
          new CustomRequestLog(new RequestLogWriter(), CustomRequestLog.EXTENDED_NCSA_FORMAT));
    }
    server.setStopTimeout(stopTimeoutMs);
    server.setStopAtShutdown(true);
  }

  public FixtureServer start() throws Exception {
    server.start();
    return this;
  }

  /** The base URI clients use, e.g. http://127.0.0.1:8080/ */
  public URI uri() {
    String host =
        connector.getHost() == null || connector.getHost().equals("0.0.0.0")
            ? "127.0.0.1"
            : connector.getHost();
    return URI.create("http://" + host + ":" + connector.getLocalPort() + "/");
  }

  public void join() throws InterruptedException {
    server.join();
  }

  @Override
  public void close() throws Exception {
    server.stop();
  }
}
