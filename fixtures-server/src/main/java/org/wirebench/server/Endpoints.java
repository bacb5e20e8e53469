package org.wirebench.server;

import java.net.URI;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;
import org.eclipse.jetty.http.pathmap.PathSpec;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.wirebench.formats.raster.MapRendererKind;
import org.wirebench.formats.raster.TileCacheRenderer;
import org.wirebench.server.finding.FindingGateway;
import org.wirebench.server.soap.SoapServices;
import org.wirebench.server.wfs.WfsHandler;
import org.wirebench.server.wms.BlueMarbleMaps;
import org.wirebench.server.wms.MapLimits;
import org.wirebench.server.wms.WmsHandler;
import org.wirebench.server.wms.WmsRequest;

/**
 * What {@link FixtureServer} serves at which path: the WFS, the WMS one a renderer ({@link
 * FixtureServer#wmsPath}), {@code /static/}, the SOAP stacks, the FindingService mock backend and
 * its gateway, the index; and what of theirs must stop with the server.
 */
final class Endpoints {
  private final PathMappingsHandler routes = new PathMappingsHandler();
  private final WfsHandler wfs = new WfsHandler();

  /** The WMS endpoints, one a renderer, in {@link MapRendererKind}'s order. */
  private final Map<MapRendererKind, WmsHandler> wmsEndpoints =
      new EnumMap<>(MapRendererKind.class);

  private final BlueMarbleMaps maps = new BlueMarbleMaps(TileCacheRenderer.defaultRoot());
  private volatile String publicBase;
  private final FindingGateway finding;

  /**
   * @param server stops the gateway's client and the maps with itself
   * @param self the server's base URI, which the gateway calls the mock backend at
   */
  Endpoints(Server server, FixtureServer.Settings settings, Supplier<URI> self) {
    routes.addMapping(PathSpec.from("/ows"), wfs);
    routes.addMapping(PathSpec.from("/wfs"), wfs);
    MapLimits limits =
        MapLimits.of(
            WmsHandler.DEFAULT_PIXEL_BUDGET,
            WmsHandler.DEFAULT_CONCURRENT_MAPS,
            java.util.concurrent.TimeUnit.SECONDS.toMillis(WmsHandler.BUDGET_WAIT_SECONDS));
    for (MapRendererKind kind : MapRendererKind.values()) {
      WmsHandler wms =
          new WmsHandler(
              kind.title(), () -> maps.renderer(kind), WmsRequest.DEFAULT_MAX_SIDE, limits);
      wmsEndpoints.put(kind, wms);
      routes.addMapping(PathSpec.from(FixtureServer.wmsPath(kind)), wms);
    }
    routes.addMapping(
        PathSpec.from("/static/*"), new NoQuery(new StaticHandler(), "/static/{bytes}"));
    routes.addMapping(
        PathSpec.from("/services/*"),
        SoapServices.handler(settings.maxBodyBytes(), () -> publicBase));
    finding = new FindingGateway(settings.finding(), self);
    FindingGateway gateway = finding;
    server.addBean(gateway.client());
    // stopped with the server, by close() or the shutdown hook: the tile cache's lock is let go and
    // a private folder deleted
    server.addBean(
        new org.eclipse.jetty.util.component.AbstractLifeCycle() {
          @Override
          protected void doStop() throws Exception {
            maps.close();
          }
        });
    routes.addMapping(
        PathSpec.from("/finding/*"), new NoQuery(gateway.mock(), "/finding/mock.{format}"));
    routes.addMapping(
        PathSpec.from("/ebay/*"),
        new NoQuery(
            gateway.gateway(),
            org.wirebench.server.finding.GatewayHandler.PATH + "{format}/{keywords}"));
    routes.addMapping(PathSpec.from(""), new NoQuery(new IndexHandler(), "/"));
  }

  /** Routes each request to the endpoint of its path. */
  Handler handler() {
    return routes;
  }

  /** The URL clients reach the server at, for every endpoint that writes its own URLs. */
  void publicUrl(URI url) {
    publicBase = org.wirebench.server.http.PublicUrls.base(url);
    wfs.publicUrl(url);
    wmsEndpoints.values().forEach(wms -> wms.publicUrl(url));
  }

  /** Serves {@code pathSpec} with {@code handler} too; before start. */
  void add(String pathSpec, Handler handler) {
    routes.addMapping(PathSpec.from(pathSpec), handler);
  }

  WfsHandler wfs() {
    return wfs;
  }

  FindingGateway finding() {
    return finding;
  }

  /** The WMS endpoint drawing with {@code kind}. */
  WmsHandler wms(MapRendererKind kind) {
    return wmsEndpoints.get(kind);
  }

  /** Draws every WMS endpoint's maps within {@code limits} (one set, shared); before start. */
  void mapLimits(MapLimits limits) {
    wmsEndpoints.values().forEach(w -> w.limits(limits));
  }

  /** The Blue Marble source and tile cache every WMS endpoint draws from. */
  BlueMarbleMaps maps() {
    return maps;
  }
}
