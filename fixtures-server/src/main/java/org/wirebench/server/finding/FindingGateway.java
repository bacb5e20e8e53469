package org.wirebench.server.finding;

import java.net.URI;
import java.util.function.Supplier;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.util.component.LifeCycle;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The third study's two halves in the fixture server: the mock backend ({@code /finding/}) and the
 * gateway ({@code /ebay/finding/keywords/}) with the HttpClient it calls the backend with. By
 * default the gateway calls this server's own mock, as the study's ql.io called a node mock on the
 * same box; {@link Settings#backend} points it elsewhere.
 */
public final class FindingGateway {
  /**
   * @param backend backend URL with {@code {format}} for the format's name; null = this server's
   *     own {@code /finding/mock.{format}}
   * @param mockItems items in the mock backend's answers, 0..100000 (the study: 50)
   * @param entriesPerPage what the gateway asks the backend for, 1..100000
   * @param appName the X-EBAY-SOA-SECURITY-APPNAME header the gateway sends
   * @param connectTimeoutMs 1..600000
   * @param timeoutMs whole backend exchange, 1..600000; past it the gateway answers 504
   * @param maxResponseBytes backend answers larger than this are refused with 502, 1..2^31-1
   * @param maxConnections pooled connections to one backend, 1..10000
   */
  public record Settings(
      String backend,
      int mockItems,
      int entriesPerPage,
      String appName,
      long connectTimeoutMs,
      long timeoutMs,
      int maxResponseBytes,
      int maxConnections) {
    public static final Settings DEFAULT =
        new Settings(null, 50, 50, "wirebench", 2_000, 10_000, 16 * 1024 * 1024, 512);

    public Settings {
      check("mock items", mockItems, 0, 100_000);
      check("entries per page", entriesPerPage, 1, 100_000);
      check("connect timeout ms", connectTimeoutMs, 1, 600_000);
      check("timeout ms", timeoutMs, 1, 600_000);
      check("max response bytes", maxResponseBytes, 1, Integer.MAX_VALUE);
      check("max connections", maxConnections, 1, 10_000);
      if (backend != null) {
        URI u = URI.create(backend.replace("{format}", "xml"));
        if (!"http".equals(u.getScheme()) && !"https".equals(u.getScheme())
            || u.getHost() == null) {
          throw new IllegalArgumentException(
              "the finding backend must be an http(s) URL with a host, was '" + backend + "'");
        }
      }
    }

    public Settings withBackend(String url) {
      return new Settings(
          url,
          mockItems,
          entriesPerPage,
          appName,
          connectTimeoutMs,
          timeoutMs,
          maxResponseBytes,
          maxConnections);
    }

    public Settings withMockItems(int n) {
      return new Settings(
          backend,
          n,
          entriesPerPage,
          appName,
          connectTimeoutMs,
          timeoutMs,
          maxResponseBytes,
          maxConnections);
    }

    public Settings withTimeouts(long connectMs, long totalMs) {
      return new Settings(
          backend,
          mockItems,
          entriesPerPage,
          appName,
          connectMs,
          totalMs,
          maxResponseBytes,
          maxConnections);
    }

    private static void check(String what, long value, long min, long max) {
      if (value < min || value > max) {
        throw new IllegalArgumentException(
            what + " must be " + min + ".." + max + ", was " + value);
      }
    }
  }

  private final HttpClient client;
  private final MockBackendHandler mock;
  private final GatewayHandler gateway;

  /**
   * @param self this server's base URI once started (for the default backend)
   */
  public FindingGateway(Settings settings, Supplier<URI> self) {
    client = new HttpClient(new HttpClientTransportOverHTTP(1));
    QueuedThreadPool threads = new QueuedThreadPool(64, 4);
    threads.setName("gateway-client");
    client.setExecutor(threads);
    client.setConnectTimeout(settings.connectTimeoutMs());
    client.setMaxConnectionsPerDestination(settings.maxConnections());
    client.setMaxRequestsQueuedPerDestination(64 * 1024);
    client.setFollowRedirects(false);
    client.setUserAgentField(null);
    client.setHttpCookieStore(new org.eclipse.jetty.http.HttpCookieStore.Empty());
    // start() installs every content decoder on the class path, and with them Accept-Encoding:
    // gzip; the mock then compressed each answer (a fifth of the server's CPU at saturation) and
    // the wire no longer carried the study's 84 KB against 27 KB. None: the backend's bytes as is.
    client.addEventListener(
        new LifeCycle.Listener() {
          @Override
          public void lifeCycleStarted(LifeCycle started) {
            client.getContentDecoderFactories().clear();
          }
        });
    mock = new MockBackendHandler(settings.mockItems());
    String fixed = settings.backend();
    gateway =
        new GatewayHandler(
            client,
            fixed != null ? () -> fixed : () -> self.get() + "finding/mock.{format}",
            settings);
  }

  /** Add to the server as a bean: it starts before and stops after the handlers. */
  public HttpClient client() {
    return client;
  }

  public Handler mock() {
    return mock;
  }

  public Handler gateway() {
    return gateway;
  }
}
