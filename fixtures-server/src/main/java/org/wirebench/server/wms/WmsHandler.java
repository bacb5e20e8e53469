package org.wirebench.server.wms;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.wirebench.formats.raster.MapRenderer;
import org.wirebench.formats.raster.RowWatch;
import org.wirebench.server.http.ClientAddress;
import org.wirebench.server.http.ClientGone;
import org.wirebench.server.http.ClientWatch;
import org.wirebench.server.http.OwsException;
import org.wirebench.server.http.OwsHandler;

/**
 * One WMS 1.1.1/1.3.0 endpoint (KVP over GET): GetCapabilities and GetMap of Blue Marble, drawn by
 * one renderer ({@code /wms}: direct from the pyramid; {@code /tiled/wms}: from the tile cache). A
 * request it cannot answer gets a ServiceExceptionReport with 400; a map the server fails to draw
 * gets one with 500 (the cause in the log), never the container's error page ({@link OwsHandler}).
 * Maps are drawn within limits shared by the server's WMS endpoints, with a share for each client
 * ({@link MapLimits}). While a map is drawn and encoded its client is watched ({@link
 * ClientWatch}): a client that closes its connection stops its map within {@value RowWatch#ROWS}
 * rows (or 64 KiB of encoded image), its share and the budget are given back at once, and the
 * access log says {@code 499 0}. Before, six 4096² maps whose clients had hung up were all drawn to
 * the end (9 s of CPU each) and logged as 200 with their full size. A client gone by the time the
 * map is done (its last rows and a small map's every row are drawn between looks), or by the time
 * its turn is refused, is {@code 499 0} too: that look asks the socket itself ({@link
 * ClientWatch#goneNow}), and a stop is known by its cause whatever the encoder wrapped it in.
 */
public final class WmsHandler extends OwsHandler<WmsRequest> {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(WmsHandler.class);

  /**
   * How long a map waits for its turn before its 429 or 503: well under the connection's idle
   * timeout ({@link org.wirebench.server.FixtureServer#IDLE_TIMEOUT_MS}), which would otherwise
   * close the connection of a waiting client first.
   */
  public static final long BUDGET_WAIT_SECONDS = 20;

  /** Pixels drawn at once by default: 64 Mi (256 MiB of ints), 4 maps at the 4096² cap. */
  public static final int DEFAULT_PIXEL_BUDGET = 64 << 20;

  /** Maps drawn at once by default: two a core. */
  public static final int DEFAULT_CONCURRENT_MAPS = 2 * Runtime.getRuntime().availableProcessors();

  private final String title;
  private final Supplier<MapRenderer> renderer;
  private final int maxSide;
  private volatile MapLimits limits;
  private volatile String publicBase;
  private final LongAdder rowsDrawn = new LongAdder();
  private volatile Hold hold;

  /** For tests: called with each map's turn taken, before it is drawn. */
  @FunctionalInterface
  public interface Hold {
    /**
     * @param clientGone whether the map's client has closed its connection
     */
    void turnTaken(BooleanSupplier clientGone) throws InterruptedException;
  }

  /**
   * @param title what this endpoint draws from, for its capabilities
   * @param limits shared by the server's WMS endpoints
   */
  public WmsHandler(String title, Supplier<MapRenderer> renderer, int maxSide, MapLimits limits) {
    super(new Dialect("WMS", "REQUEST", "InvalidParameterValue", null)); // WMS names no code for it
    this.title = title;
    this.renderer = renderer;
    this.maxSide = maxSide;
    this.limits = limits;
    // WMS 1.0.0 named them Capabilities and Map
    operation("GetCapabilities", this::capabilities, "Capabilities");
    operation("GetMap", this::getMap, "Map");
  }

  /** The limits maps are drawn within, shared with the server's other WMS endpoints. */
  public void limits(MapLimits limits) {
    this.limits = limits;
  }

  public MapLimits limits() {
    return limits;
  }

  /** Output rows drawn by this endpoint's maps so far (counted as {@link RowWatch} is told). */
  public long rowsDrawn() {
    return rowsDrawn.sum();
  }

  /** For tests: {@code hold} is called with each map's turn taken, before it is drawn. */
  public void holdTurns(Hold hold) {
    this.hold = hold;
  }

  /**
   * The URL clients reach the server at, or null to build URLs from the listening socket (see
   * {@link org.wirebench.server.http.PublicUrls}).
   */
  public void publicUrl(java.net.URI url) {
    this.publicBase = org.wirebench.server.http.PublicUrls.base(url);
  }

  @Override
  protected String reportVersion(Map<String, String> lowerCaseParams) {
    return WmsRequest.reportVersion(lowerCaseParams).code();
  }

  @Override
  protected WmsRequest parse(Map<String, String> lowerCaseParams) throws OwsException {
    return WmsRequest.parse(lowerCaseParams);
  }

  @Override
  protected void report(Response response, Callback callback, String version, OwsException e) {
    writeReport(response, callback, WmsVersion.of(version), e);
  }

  private void capabilities(WmsRequest wms, Request request, Response response, Callback callback)
      throws Exception {
    wms.checkCapabilities();
    WmsVersion version = wms.negotiatedVersion();
    ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
    WmsCapabilities.write(
        version,
        title,
        org.wirebench.server.http.PublicUrls.endpoint(request, publicBase),
        maxSide,
        out);
    response
        .getHeaders()
        .put(
            HttpHeader.CONTENT_TYPE,
            (version == WmsVersion.V1_3_0
                    ? WmsCapabilities.MEDIA_TYPE_130
                    : WmsCapabilities.MEDIA_TYPE_111)
                + "; charset=UTF-8");
    response.write(true, ByteBuffer.wrap(out.toByteArray()), callback);
  }

  private void getMap(WmsRequest wms, Request request, Response response, Callback callback)
      throws Exception {
    WmsRequest.GetMap map = wms.getMap(maxSide);
    int pixels = map.box().width() * map.box().height();
    ClientWatch watch = ClientWatch.of(request);
    byte[] image;
    MapLimits.Turn turn = null;
    try {
      turn = turn(request, pixels, watch);
      Hold h = hold;
      if (h != null) {
        h.turnTaken(watch::gone);
      }
      RowWatch rows =
          drawn -> {
            rowsDrawn.add(drawn);
            stopIfGone(watch);
          };
      int[] drawn = renderer.get().render(map.box(), map.srs(), rows);
      ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(8192, pixels / 4));
      MapImages.write(drawn, map, new WatchedOutput(out, watch));
      image = out.toByteArray();
      turn.drawn();
      // the look that decides between the map and 499 asks the socket itself: the selector's
      // word may still be on its way for a client that closed during the last rows
      if (watch.goneNow()) {
        throw new ClientGone.Left("the client left while its map was drawn");
      }
    } catch (Exception e) {
      if (turn != null) {
        turn.close();
      }
      // a stop, whatever the encoder made of it (wrapped, or lost in its own cleanup: the watch
      // saw the client gone all the same), or a turn refused (429, 503) after a wait its client
      // did not stay for: nobody to answer, and no failure of the server's
      boolean left =
          ClientGone.left(e) || watch.gone() || (e instanceof OwsException && watch.goneNow());
      watch.close();
      if (!left) {
        throw e;
      }
      LOG.info("stopped {}: its client left", request.getHttpURI().getPathQuery());
      ClientGone.end(request, response, callback, "the client left while its map was drawn");
      return;
    } finally {
      // before the response completes, as the watch requires (closing twice does nothing)
      watch.close();
    }
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, map.format());
    // its pixels stay held until the map is written: an encoded map waiting for a client that
    // reads it slowly is held in memory, and uncounted a client reading a trickle could pile up
    // maps without bound
    MapLimits.Turn written = turn;
    response.write(true, ByteBuffer.wrap(image), Callback.from(written::close, callback));
  }

  /**
   * Waits for the map's turn ({@link MapLimits#acquire}), its client watched meanwhile: a client
   * that leaves interrupts the wait, which gives back what it took and ends the map as its client
   * gone ({@code 499 0}). Before, a waiting map held its thread and its client's places for nobody
   * until its turn came or its wait ran out ({@value #BUDGET_WAIT_SECONDS} s).
   */
  private MapLimits.Turn turn(Request request, int pixels, ClientWatch watch)
      throws OwsException, InterruptedException {
    WaitingThread waiting = new WaitingThread();
    watch.onGone(waiting::interrupt);
    try {
      return limits.acquire(ClientAddress.of(request), pixels);
    } finally {
      waiting.done();
    }
  }

  /** The thread waiting for a turn, interrupted only while it waits. */
  private static final class WaitingThread {
    private final Thread thread = Thread.currentThread();
    private boolean waiting = true;
    private boolean interrupted;

    /** From the selector's thread: interrupts the wait if it still waits. */
    synchronized void interrupt() {
      if (waiting) {
        interrupted = true;
        thread.interrupt();
      }
    }

    /**
     * The wait is over: an interrupt of ours still pending (the turn came as the client left) must
     * reach neither the drawing, whose first look stops it anyway, nor the pool's next task.
     */
    synchronized void done() {
      waiting = false;
      if (interrupted) {
        Thread.interrupted();
      }
    }
  }

  /**
   * Stops the map once its client is seen gone: an IOException, as renderers and ImageIO expect.
   */
  private static void stopIfGone(ClientWatch watch) throws IOException {
    if (watch.gone()) {
      throw new ClientGone.Left("the client left while its map was drawn").asIOException();
    }
  }

  /** The encoded image's stream, looking at the client every 64 KiB written. */
  private static final class WatchedOutput extends FilterOutputStream {
    private static final int CHECK_BYTES = 64 * 1024;
    private final ClientWatch watch;
    private int sinceCheck;

    WatchedOutput(OutputStream out, ClientWatch watch) {
      super(out);
      this.watch = watch;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      counted(1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      counted(len);
    }

    private void counted(int bytes) throws IOException {
      sinceCheck += bytes;
      if (sinceCheck >= CHECK_BYTES) {
        sinceCheck = 0;
        stopIfGone(watch);
      }
    }
  }

  /**
   * A refusal made outside the WMS (a request Jetty or a gate turned away before it got here) as a
   * ServiceExceptionReport in the version the query names (1.3.0's when none can be read).
   *
   * @param rawQuery the request's query string as sent, or null
   */
  public static void refuse(
      Response response, Callback callback, int status, String rawQuery, String message) {
    String v = org.wirebench.server.http.KvpQuery.rawVersion(rawQuery);
    writeReport(
        response,
        callback,
        WmsRequest.reportVersion(Map.of("version", v)),
        new OwsException(null, null, message, status));
  }

  private static void writeReport(
      Response response, Callback callback, WmsVersion version, OwsException e) {
    response.setStatus(e.httpStatus());
    if (e.httpStatus() == HttpStatus.TOO_MANY_REQUESTS_429
        || e.httpStatus() == HttpStatus.SERVICE_UNAVAILABLE_503) {
      response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
    }
    response
        .getHeaders()
        .put(HttpHeader.CONTENT_TYPE, WmsExceptions.mediaType(version) + "; charset=UTF-8");
    response.write(true, ByteBuffer.wrap(WmsExceptions.write(version, e)), callback);
  }
}
