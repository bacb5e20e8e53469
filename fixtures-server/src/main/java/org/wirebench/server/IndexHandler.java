package org.wirebench.server;

import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.wirebench.formats.finding.BackendFormat;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.formats.raster.MapRendererKind;
import org.wirebench.server.finding.GatewayHandler;
import org.wirebench.server.finding.MockBackendHandler;
import org.wirebench.server.soap.SoapServices;
import org.wirebench.server.wms.WmsRequest;

/**
 * {@code /}: a page linking every endpoint (what a browser pointed at {@code serve} sees first),
 * each service named from where its paths are made, so an endpoint added there is listed here.
 */
public final class IndexHandler extends Handler.Abstract.NonBlocking {
  private final byte[] page = page();

  private static byte[] page() {
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>wirebench</title>")
        .append("</head><body><h1>wirebench fixture server</h1><h2>WFS (/ows, /wfs)</h2><ul>");
    for (String version : new String[] {"2.0.0", "1.1.0", "1.0.0"}) {
      link(
          html,
          "/ows?service=WFS&amp;request=GetCapabilities&amp;version=" + version,
          "GetCapabilities " + version);
    }
    for (Dataset d : Datasets.registry().all()) {
      String q =
          "/ows?service=WFS&amp;version=2.0.0&amp;request=GetFeature&amp;typeNames=osm:"
              + d.name()
              + "&amp;count=200&amp;outputFormat=";
      html.append("<li>").append(d.name()).append(", 200 features:");
      // every format the 2.0.0 capabilities list, a plug-in's codec too
      String sep = " ";
      for (GeoCodec c : GeoCodecs.listedIn(WfsVersion.V2_0_0)) {
        String format =
            URLEncoder.encode(c.wfsOutputFormat().listed(), StandardCharsets.UTF_8)
                .replace("+", "%20");
        html.append(sep)
            .append("<a href=\"")
            .append(q)
            .append(format)
            .append("\">")
            .append(c.name())
            .append("</a>");
        sep = ", ";
      }
      html.append("</li>");
    }
    html.append("</ul><h2>WMS (layer ").append(WmsRequest.LAYER).append(")</h2><ul>");
    for (MapRendererKind kind : MapRendererKind.values()) {
      String path = FixtureServer.wmsPath(kind);
      html.append("<li>")
          .append(path)
          .append(", maps ")
          .append(kind.title())
          .append(": <a href=\"")
          .append(path)
          .append("?SERVICE=WMS&amp;VERSION=1.3.0&amp;REQUEST=GetCapabilities\">")
          .append("GetCapabilities 1.3.0</a>, <a href=\"")
          .append(path)
          .append("?SERVICE=WMS&amp;VERSION=1.1.1&amp;REQUEST=GetMap&amp;LAYERS=")
          .append(WmsRequest.LAYER)
          .append("&amp;STYLES=&amp;SRS=EPSG:4326&amp;BBOX=-180,-90,180,90")
          .append("&amp;WIDTH=512&amp;HEIGHT=256&amp;FORMAT=image/jpeg\">the world</a></li>");
    }
    html.append("</ul><h2>SOAP (Benchmark1.wsdl)</h2><ul>");
    for (String stack : SoapServices.NAMES) {
      String path = SoapServices.path(stack);
      html.append("<li>")
          .append(stack)
          .append(": ")
          .append(path)
          .append(" (<a href=\"")
          .append(path)
          .append("?wsdl\">WSDL</a>)</li>");
    }
    html.append("</ul><h2>FindingService</h2><ul>");
    for (BackendFormat f : BackendFormats.registry().all()) {
      html.append("<li>")
          .append(f.name())
          .append(": <a href=\"")
          .append(MockBackendHandler.PATH)
          .append("mock.")
          .append(f.name())
          .append("\">the mock backend's answer</a>, <a href=\"")
          .append(GatewayHandler.PATH)
          .append(f.name())
          .append("/ipad\">the gateway's JSON from it</a></li>");
    }
    html.append("</ul><h2>Static</h2><ul>");
    link(html, "/static/1024", "/static/1024");
    html.append("</ul></body></html>\n");
    return html.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void link(StringBuilder html, String href, String text) {
    html.append("<li><a href=\"").append(href).append("\">").append(text).append("</a></li>");
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    if (StaticHandler.refused(request, response, callback, "GET, HEAD")) {
      return true;
    }
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/html; charset=UTF-8");
    response.write(true, ByteBuffer.wrap(page), callback);
    return true;
  }
}
