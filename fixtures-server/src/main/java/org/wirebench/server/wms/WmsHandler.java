package org.wirebench.server.wms;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.wirebench.formats.raster.MapRenderer;
import org.wirebench.server.http.OwsException;
import org.wirebench.server.http.OwsHandler;

/**
 * One WMS 1.1.1/1.3.0 endpoint (KVP over GET): GetCapabilities and GetMap of Blue Marble, drawn by
 * one renderer ({@code /wms}: direct from the pyramid; {@code /tiled/wms}: from the tile cache). A
 * request it cannot answer gets a ServiceExceptionReport with 400; a map the server fails to draw
 * gets one with 500 (the cause in the log), never the container's error page ({@link OwsHandler}).
 * Maps are drawn within limits shared by the server's WMS endpoints: a pixel budget, so that 64
 * concurrent 4096 × 4096 requests wait their turn instead of exhausting the heap, and a number of
 * maps drawn at once (two a core: more adds no throughput, and 150 threads in the JPEG codec's
 * native code at once held off the garbage collector until an allocation failed with
 * OutOfMemoryError with a 6 GiB heap); a map that cannot start within {@value #BUDGET_WAIT_SECONDS}
 * s is answered 503.
 */
public final class WmsHandler extends OwsHandler<WmsRequest> {
  /**
   * How long a map waits for its turn before its 503: well under the connection's idle timeout
   * ({@link org.wirebench.server.FixtureServer#IDLE_TIMEOUT_MS}), which would otherwise close the
   * connection of a waiting client first.
   */
  public static final long BUDGET_WAIT_SECONDS = 20;

  /** Pixels drawn at once by default: 64 Mi (256 MiB of ints), 4 maps at the 4096² cap. */
  public static final int DEFAULT_PIXEL_BUDGET = 64 << 20;

  /** Maps drawn at once by default: two a core. */
  public static final int DEFAULT_CONCURRENT_MAPS = 2 * Runtime.getRuntime().availableProcessors();

  /**
   * What the WMS endpoints of one server share: pixels and maps being drawn at once.
   *
   * @param pixels a fair semaphore of pixel permits
   * @param maps a fair semaphore of map permits
   */
  public record Limits(Semaphore pixels, Semaphore maps) {
    public static Limits of(int pixels, int maps) {
      return new Limits(new Semaphore(pixels, true), new Semaphore(maps, true));
    }
  }

  private final String title;
  private final Supplier<MapRenderer> renderer;
  private final int maxSide;
  private final Limits limits;
  private volatile String publicBase;

  /**
   * @param title what this endpoint draws from, for its capabilities
   * @param limits shared by the server's WMS endpoints
   */
  public WmsHandler(String title, Supplier<MapRenderer> renderer, int maxSide, Limits limits) {
    super(new Dialect("WMS", "REQUEST", "InvalidParameterValue", null)); // WMS names no code for it
    this.title = title;
    this.renderer = renderer;
    this.maxSide = maxSide;
    this.limits = limits;
    // WMS 1.0.0 named them Capabilities and Map
    operation("GetCapabilities", this::capabilities, "Capabilities");
    operation(
        "GetMap", (wms, request, response, callback) -> getMap(wms, response, callback), "Map");
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

  private void getMap(WmsRequest wms, Response response, Callback callback) throws Exception {
    WmsRequest.GetMap map = wms.getMap(maxSide);
    int pixels = map.box().width() * map.box().height();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BUDGET_WAIT_SECONDS);
    if (!limits.maps().tryAcquire(BUDGET_WAIT_SECONDS, TimeUnit.SECONDS)) {
      throw busy();
    }
    byte[] image;
    try {
      if (!limits.pixels().tryAcquire(pixels, deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
        throw busy();
      }
      try {
        int[] drawn = renderer.get().render(map.box(), map.srs());
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(8192, pixels / 4));
        MapImages.write(drawn, map, out);
        image = out.toByteArray();
      } finally {
        limits.pixels().release(pixels);
      }
    } finally {
      limits.maps().release();
    }
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, map.format());
    response.write(true, ByteBuffer.wrap(image), callback);
  }

  private static OwsException busy() {
    return new OwsException(
        null, // WMS names no code for it
        null,
        "the server is drawing other maps; try again",
        HttpStatus.SERVICE_UNAVAILABLE_503);
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
    response
        .getHeaders()
        .put(HttpHeader.CONTENT_TYPE, WmsExceptions.mediaType(version) + "; charset=UTF-8");
    response.write(true, ByteBuffer.wrap(WmsExceptions.write(version, e)), callback);
  }
}
