package org.wirebench.server.finding;

import java.net.URI;
import java.util.function.Supplier;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.util.component.LifeCycle;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.wirebench.formats.finding.FindingGenerator;

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
   * @param mockItems items in the mock backend's answers, 0..{@link #maxMockItems} of the limit on
   *     a backend's answer (the study: 50)
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
    /** The gateway's limit on a backend's answer: 16 MiB. */
    public static final int DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

    public static final Settings DEFAULT =
        new Settings(null, 50, 50, "wirebench", 2_000, 10_000, DEFAULT_MAX_RESPONSE_BYTES, 512);

    public Settings {
      check("max response bytes", maxResponseBytes, 1, Integer.MAX_VALUE);
      if (mockItems < 0 || mockItems > maxMockItems(maxResponseBytes)) {
        // past it the mock's answers are larger than the gateway takes: every call a 502
        throw new IllegalArgumentException(
            "mock items must be 0.."
                + maxMockItems(maxResponseBytes)
                + " (the gateway takes a backend's answer up to "
                + maxResponseBytes
                + " bytes), was "
                + mockItems);
      }
      check("entries per page", entriesPerPage, 1, 100_000);
      check("connect timeout ms", connectTimeoutMs, 1, 600_000);
      check("timeout ms", timeoutMs, 1, 600_000);
      check("max connections", maxConnections, 1, 10_000);
      if (backend != null) {
        URI url;
        try {
          url = new URI(backend.replace("{format}", "xml"));
        } catch (java.net.URISyntaxException e) {
          // URI.create's exception said "Illegal character in path at index 19: ..."
          throw new IllegalArgumentException(
              "'"
                  + backend
                  + "' is not a URL: "
                  + e.getReason().toLowerCase(java.util.Locale.ROOT)
                  + " ({format} standing for xml, protobuf or json)");
        }
        String problem = org.wirebench.server.http.HttpUrls.problem(url, true);
        if (problem != null) {
          throw new IllegalArgumentException("the finding backend: " + problem);
        }
      }
    }

    /**
     * Bytes one mock item takes at most in the largest backend format (XML, about 1,700 on
     * average), and bytes an answer takes besides its items: the one fact the mock's item bound is
     * made of. MockItemsBoundTest checks that the answers at the bound fit the limit in every
     * format.
     */
    static final int MOCK_ITEM_BYTES = 2_000;

    static final int MOCK_ANSWER_BYTES = 4_096;

    /**
     * Mock items whose answers, in every format, fit a gateway limit of {@code maxResponseBytes}.
     */
    public static int maxMockItems(int maxResponseBytes) {
      return (int)
          Math.min(
              FindingGenerator.MAX_ITEMS,
              Math.max(0, (maxResponseBytes - MOCK_ANSWER_BYTES) / MOCK_ITEM_BYTES));
    }

    /** The bound of the default settings, for the option's help. */
    public static final int MAX_MOCK_ITEMS =
        (DEFAULT_MAX_RESPONSE_BYTES - MOCK_ANSWER_BYTES) / MOCK_ITEM_BYTES;

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

  /** Requests of {@code client} waiting for its share of the backend now (see BackendShare). */
  public int waitingForBackend(String client) {
    return gateway.waitingForBackend(client);
  }
}
