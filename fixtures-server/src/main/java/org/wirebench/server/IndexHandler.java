package org.wirebench.server;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.server.soap.SoapServices;

/** {@code /}: a page linking every endpoint. */
public final class IndexHandler extends Handler.Abstract.NonBlocking {
  private final byte[] page = page();

  private static byte[] page() {
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>wirebench</title>")
        .append("</head><body><h1>wirebench fixture server</h1><h2>WFS</h2><ul>")
        .append("<li><a href=\"/ows?service=WFS&amp;request=GetCapabilities&amp;version=2.0.0\">")
        .append("GetCapabilities 2.0.0</a></li>")
        .append("<li><a href=\"/ows?service=WFS&amp;request=GetCapabilities&amp;version=1.0.0\">")
        .append("GetCapabilities 1.0.0</a></li>");
    for (Dataset d : Datasets.registry().all()) {
      String q = "/ows?service=WFS&amp;version=2.0.0&amp;request=GetFeature&amp;typeNames=osm:";
      html.append("<li>")
          .append(d.name())
          .append(": <a href=\"")
          .append(q)
          .append(d.name())
          .append("&amp;count=200\">GML 3.2</a>, <a href=\"")
          .append(q)
          .append(d.name())
          .append("&amp;count=200&amp;outputFormat=application/json\">GeoJSON</a></li>");
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
    html.append("</ul><h2>Static</h2><ul><li><a href=\"/static/1024\">/static/1024</a></li>")
        .append("</ul></body></html>\n");
    return html.toString().getBytes(StandardCharsets.UTF_8);
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
