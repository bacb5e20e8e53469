package org.wirebench.server;

import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.eclipse.jetty.logging.JettyLevel;
import org.eclipse.jetty.logging.JettyLogger;
import org.eclipse.jetty.server.CustomRequestLog;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.RequestLog;
import org.eclipse.jetty.server.RequestLogWriter;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.HostPort;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.LoggerFactory;
import org.wirebench.formats.raster.MapRendererKind;
import org.wirebench.formats.raster.TileCacheRenderer;
import org.wirebench.server.finding.FindingGateway;
import org.wirebench.server.http.ReadRateHandler;
import org.wirebench.server.soap.SoapServices;
import org.wirebench.server.wfs.WfsHandler;
import org.wirebench.server.wms.MapLimits;
import org.wirebench.server.wms.WmsHandler;

/**
 * The embedded Jetty 12 server: WFS at {@code /ows} and {@code /wfs}, WMS at {@code /wms} (maps
 * drawn from the source), {@code /tiled/wms} (from the tile cache) and {@code /tiled/memory/wms}
 * (from it, decoded tiles kept; {@link #wmsPath}), the SOAP stacks under {@code /services/}, the
 * FindingService mock backend under {@code /finding/} and its gateway under {@code /ebay/}, {@code
 * /static/{bytes}}, an index at {@code /}; gzip, br or zstd when the client asks for it ({@link
 * WireCompression}). Stopping it lets in-flight requests finish (up to {@link
 * Settings#stopTimeoutMs}).
 */
public final class FixtureServer implements AutoCloseable {
  static {
    // Jetty's HostPort logs a WARN for each bad Host header, which any client can send at will (a
    // log flood); the request itself is refused 400 in its path's format, and the access log, when
    // on, has its line
    if (LoggerFactory.getLogger(HostPort.class) instanceof JettyLogger hostPort) {
      hostPort.setLevel(JettyLevel.ERROR);
    }
  }

  /**
   * A first request head must arrive within this of the connection opening, a later one within this
   * of its first byte (slowloris).
   */
  public static final long DEFAULT_HEADER_TIMEOUT_MS = 10_000;

  private final Server server = new Server(new QueuedThreadPool(ClientThreads.POOL_THREADS));

  /** Every WMS endpoint, for the refusals made before a request reaches one. */
  static final List<String> WMS_PATHS =
      Arrays.stream(MapRendererKind.values()).map(FixtureServer::wmsPath).toList();

  private final ServerConnector connector;
  private final Endpoints endpoints;
  private final BodyGate bodies;
  private final ClientThreads clientThreads;
  private final ReadRateHandler readRates;
  private final ClientConnections connections;

  /**
   * A connection with nothing read or written for this long is closed. Work that makes a client
   * wait (a map waiting for its turn, {@link WmsHandler#BUDGET_WAIT_SECONDS}) must answer well
   * within it, or the client sees a closed connection instead of its 503.
   */
  public static final long IDLE_TIMEOUT_MS = 30_000;

  /** A request body must have arrived this long after its head (slow bodies). */
  public static final long DEFAULT_BODY_TIMEOUT_MS = 10_000;

  /**
   * The URL clients reach the server at, for the URLs the WFS and the WMS write (see {@link
   * WfsHandler#publicUrl}) and the SOAP WSDLs' addresses; null builds them from the listening
   * socket.
   */
  public FixtureServer publicUrl(URI url) {
    endpoints.publicUrl(url);
    return this;
  }

  /**
   * How the server listens and what it accepts, checked when made: {@link #defaults()}, then a
   * wither per field, e.g. {@code Settings.defaults().port(8080).compression(false)}.
   *
   * @param host interface to bind, e.g. 127.0.0.1 or 0.0.0.0
   * @param port 0..65535; 0 picks a free one
   * @param stopTimeoutMs how long a graceful stop waits for in-flight requests, 0..600000
   * @param maxBodyBytes request body limit for every path, 1..2^31-1; larger bodies get 413 in the
   *     service's format (a SOAP fault under /services/)
   * @param compression answer in gzip, br or zstd when the client's {@code Accept-Encoding} asks
   *     (false: always uncoded)
   * @param accessLog one NCSA line per request on stderr
   * @param headerTimeoutMs a connection whose first request head has not arrived by then, or a
   *     later head this long after its first byte, is closed, 1..600000
   * @param finding the mock backend's and the gateway's settings
   */
  public record Settings(
      String host,
      int port,
      long stopTimeoutMs,
      long maxBodyBytes,
      boolean compression,
      boolean accessLog,
      long headerTimeoutMs,
      FindingGateway.Settings finding) {

    public Settings {
      if (host == null || host.isBlank()) {
        throw new IllegalArgumentException("host must be an interface to bind, was '" + host + "'");
      }
      check("port", port, 0, 65535);
      check("stop timeout ms", stopTimeoutMs, 0, 600_000);
      check("max body bytes", maxBodyBytes, 1, Integer.MAX_VALUE);
      check("header timeout ms", headerTimeoutMs, 1, 600_000);
      if (finding == null) {
        throw new IllegalArgumentException("finding settings missing");
      }
    }

    /**
     * Loopback, a free port, a stop that does not wait, {@link SoapServices#DEFAULT_MAX_BODY_BYTES}
     * bodies, compression on, no access log, {@link FixtureServer#DEFAULT_HEADER_TIMEOUT_MS}, the
     * default finding backend and gateway.
     */
    public static Settings defaults() {
      return new Settings(
          "127.0.0.1",
          0,
          0,
          SoapServices.DEFAULT_MAX_BODY_BYTES,
          true,
          false,
          DEFAULT_HEADER_TIMEOUT_MS,
          FindingGateway.Settings.DEFAULT);
    }

    public Settings host(String h) {
      return new Settings(
          h, port, stopTimeoutMs, maxBodyBytes, compression, accessLog, headerTimeoutMs, finding);
    }

    public Settings port(int p) {
      return new Settings(
          host, p, stopTimeoutMs, maxBodyBytes, compression, accessLog, headerTimeoutMs, finding);
    }

    public Settings stopTimeoutMs(long ms) {
      return new Settings(
          host, port, ms, maxBodyBytes, compression, accessLog, headerTimeoutMs, finding);
    }

    public Settings maxBodyBytes(long bytes) {
      return new Settings(
          host, port, stopTimeoutMs, bytes, compression, accessLog, headerTimeoutMs, finding);
    }

    public Settings compression(boolean on) {
      return new Settings(
          host, port, stopTimeoutMs, maxBodyBytes, on, accessLog, headerTimeoutMs, finding);
    }

    public Settings accessLog(boolean on) {
      return new Settings(
          host, port, stopTimeoutMs, maxBodyBytes, compression, on, headerTimeoutMs, finding);
    }

    public Settings headerTimeoutMs(long ms) {
      return new Settings(
          host, port, stopTimeoutMs, maxBodyBytes, compression, accessLog, ms, finding);
    }

    public Settings finding(FindingGateway.Settings f) {
      return new Settings(
          host, port, stopTimeoutMs, maxBodyBytes, compression, accessLog, headerTimeoutMs, f);
    }

    private static void check(String what, long value, long min, long max) {
      if (value < min || value > max) {
        throw new IllegalArgumentException(
            what + " must be " + min + ".." + max + ", was " + value);
      }
    }
  }

  public FixtureServer(Settings settings) {
    // images go through memory: ImageIO's default file cache under java.io.tmpdir failed every map
    // when that folder was full
    ImageIO.setUseCache(false);
    connector = Connectors.listening(server, settings.host(), settings.port(), IDLE_TIMEOUT_MS);
    server.addConnector(connector);
    endpoints = new Endpoints(server, settings, this::uri);
    clientThreads = new ClientThreads(endpoints.handler(), ClientThreads.DEFAULT_LIMIT);
    Handler root =
        new Preconditions(
            new WireCompression(new HeadAsGet(clientThreads), settings.compression()));
    bodies =
        new BodyGate(
            root,
            connector.getScheduler(),
            settings.maxBodyBytes(),
            DEFAULT_BODY_TIMEOUT_MS,
            HeadRefusals::refused);
    root = new UriGate(new FramingGate(bodies));
    // OPTIONS * inside the head timeout: a connection whose one request was it is one that spoke
    HeaderTimeout heads =
        new HeaderTimeout(
            new ServerOptions(root), connector.getScheduler(), settings.headerTimeoutMs());
    connector.addEventListener(heads);
    connections = ClientConnections.install(server, connector, settings.finding().maxConnections());
    // every answer read at the minimum rate, whoever writes it (outside the compression: the
    // bytes on the wire count)
    readRates = new ReadRateHandler(new CloseWhenAsked(heads), connector.getScheduler());
    server.setHandler(new GracefulHandler(readRates));
    // an unexpected failure answers 500 without the exception's message or stack
    server.setErrorHandler(new ErrorPages(Connectors.REQUEST_HEADER_BYTES, readRates));
    if (settings.accessLog()) {
      accessLogTo(new RequestLogWriter());
    }
    server.setStopTimeout(settings.stopTimeoutMs());
    server.setStopAtShutdown(true);
  }

  /** How long a request body may take to arrive after its head, 1..600000 ms; before start. */
  public FixtureServer bodyTimeoutMs(long ms) {
    bodies.timeoutMs(ms);
    return this;
  }

  /**
   * Bytes of request bodies all requests may hold at once (default 256 MiB, at least twice the body
   * limit); a body past it is refused with 503. Before start.
   */
  public FixtureServer bodyBudgetBytes(long bytes) {
    bodies.budgetBytes(bytes);
    return this;
  }

  /**
   * Server threads the requests of one client address may hold at once, 1..{@value
   * ClientThreads#MAX_LIMIT} (default {@value ClientThreads#DEFAULT_LIMIT} of {@value
   * ClientThreads#POOL_THREADS}); its further requests wait without a thread. Its request bodies
   * may hold the same share of the body budget ({@link BodyBudget}). Before start.
   */
  public FixtureServer threadsPerClient(int threads) {
    clientThreads.limit(threads);
    bodies.threadsPerClient(threads);
    return this;
  }

  /**
   * Heavy GetFeatures one client address may have running or waiting at once, 1..{@link
   * WfsHandler#MAX_HEAVY_PER_CLIENT} (default {@link WfsHandler#DEFAULT_HEAVY_PER_CLIENT}, half the
   * places); its further ones are answered 503 at once. Before start.
   */
  public FixtureServer heavyQueriesPerClient(int queries) {
    endpoints.wfs().heavyQueriesPerClient(queries);
    return this;
  }

  /** Writes the access log's lines (one NCSA line a request) to {@code writer}; before start. */
  public FixtureServer accessLogTo(RequestLog.Writer writer) {
    server.setRequestLog(new CustomRequestLog(writer, CustomRequestLog.EXTENDED_NCSA_FORMAT));
    return this;
  }

  /**
   * Holds every answer to {@code bytesPerSecond} after {@code graceMillis} of waiting instead of
   * {@link org.wirebench.server.http.ReadRate}'s rule, for tests; before start.
   */
  FixtureServer readRate(long bytesPerSecond, long graceMillis) {
    readRates.rule(bytesPerSecond, graceMillis);
    return this;
  }

  /** Closes connections idle for {@code ms} instead of {@link #IDLE_TIMEOUT_MS}, for tests. */
  FixtureServer idleTimeout(long ms) {
    connector.setIdleTimeout(ms);
    return this;
  }

  /** The WMS endpoint drawing with {@code kind}, for tests. */
  WmsHandler wms(MapRendererKind kind) {
    return endpoints.wms(kind);
  }

  /** Draws every WMS endpoint's maps within {@code limits} (one set, shared), for tests. */
  FixtureServer mapLimits(MapLimits limits) {
    endpoints.mapLimits(limits);
    return this;
  }

  /** The per-client connection share, for tests. */
  ClientConnections connections() {
    return connections;
  }

  /** The per-client thread limit, for tests. */
  ClientThreads clientThreads() {
    return clientThreads;
  }

  /** Serves {@code pathSpec} with {@code handler} too, for tests; before start. */
  FixtureServer route(String pathSpec, Handler handler) {
    endpoints.add(pathSpec, handler);
    return this;
  }

  /** Bytes of request bodies held in memory now (see {@link #bodyBudgetBytes}). */
  long bodyBytesHeld() {
    return bodies.bufferedBytes();
  }

  /**
   * The WMS draws from the Blue Marble source upscaled this many times: 1, 2 or 4 (the study's
   * 21600 × 10800); before {@link #start}.
   */
  public FixtureServer rasterUpscale(int factor) {
    endpoints.maps().upscale(factor);
    return this;
  }

  /** The gateway and mock backend (the gateway's per-client counts). */
  public FindingGateway finding() {
    return endpoints.finding();
  }

  /** The WFS endpoint's handler (its limits and counters). */
  public WfsHandler wfs() {
    return endpoints.wfs();
  }

  /**
   * Keeps the WMS tile cache under {@code root} (default {@link TileCacheRenderer#defaultRoot}).
   */
  public FixtureServer tileCacheRoot(Path root) {
    endpoints.maps().tileRoot(root);
    return this;
  }

  /**
   * A connector without sockets, with the listening one's HTTP settings and request-line memory,
   * for tests that send raw request bytes; call before {@link #start()}.
   */
  LocalConnector localConnector() {
    return Connectors.local(server);
  }

  public FixtureServer start() throws Exception {
    server.start();
    return this;
  }

  /**
   * Where the WMS drawing with {@code kind} answers: {@code /wms} (direct), {@code /tiled/wms} (the
   * tile cache), {@code /tiled/memory/wms} (the tile cache keeping decoded tiles).
   */
  public static String wmsPath(MapRendererKind kind) {
    return switch (kind) {
      case DIRECT -> "/wms";
      case TILECACHE -> "/tiled/wms";
      case TILECACHE_MEMORY -> "/tiled/memory/wms";
    };
  }

  /**
   * The base URI clients use, e.g. http://127.0.0.1:8080/ or http://[::1]:8080/: the banner, the
   * gateway's calls to its own mock and every starter of a server JVM read it.
   */
  public URI uri() {
    return URI.create(
        "http://" + LocalHosts.uriHost(connector.getHost()) + ":" + connector.getLocalPort() + "/");
  }

  public void join() throws InterruptedException {
    server.join();
  }

  @Override
  public void close() throws Exception {
    server.stop();
  }
}
