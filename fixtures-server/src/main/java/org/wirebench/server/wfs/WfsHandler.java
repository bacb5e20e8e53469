package org.wirebench.server.wfs;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.schema.FeatureSchemas;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * The WFS endpoint (KVP over GET): GetCapabilities, DescribeFeatureType and GetFeature for WFS
 * 1.0.0 and 2.0.0, every registered dataset a layer, every registered codec an output format.
 * Features stream from the encoder into the response. A request it cannot answer gets an OGC
 * exception report and 400, never a 500.
 */
public final class WfsHandler extends Handler.Abstract {
  private static final int RESPONSE_CHUNK_BYTES = 32 * 1024;

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    Map<String, String> params = new LinkedHashMap<>();
    Fields fields = Request.extractQueryParameters(request);
    for (Fields.Field f : fields) {
      params.put(f.getName(), f.getValue());
    }
    String reportVersion = WfsRequest.reportVersion(params);
    try {
      WfsRequest wfs = WfsRequest.parse(params);
      switch (wfs.request.toLowerCase(java.util.Locale.ROOT)) {
        case "getcapabilities" -> capabilities(wfs, request, response, callback);
        case "describefeaturetype" -> describe(wfs, response, callback);
        case "getfeature" -> getFeature(wfs, response, callback);
        default ->
            throw new OwsException(
                "OperationNotSupported",
                "request",
                "request="
                    + wfs.request
                    + " is not supported; use "
                    + List.of("GetCapabilities", "DescribeFeatureType", "GetFeature"));
      }
    } catch (OwsException e) {
      response.setStatus(HttpStatus.BAD_REQUEST_400);
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/xml; charset=UTF-8");
      response.write(
          true, java.nio.ByteBuffer.wrap(ExceptionReports.write(reportVersion, e)), callback);
    }
    return true;
  }

  private static void capabilities(
      WfsRequest wfs, Request request, Response response, Callback callback) throws Exception {
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/xml; charset=UTF-8");
    org.eclipse.jetty.http.HttpURI uri = request.getHttpURI();
    String endpoint = uri.getScheme() + "://" + uri.getAuthority() + uri.getPath();
    stream(response, callback, out -> Capabilities.write(wfs.version, endpoint, out));
  }

  private static void describe(WfsRequest wfs, Response response, Callback callback)
      throws Exception {
    Dataset dataset = wfs.dataset();
    XmlSchema schema = wfs.isV1() ? XmlSchema.WFS_1_0_GML_2 : XmlSchema.WFS_2_0_GML_32;
    response
        .getHeaders()
        .put(
            HttpHeader.CONTENT_TYPE,
            wfs.isV1() ? "text/xml; subtype=gml/2.1.2" : "application/gml+xml; version=3.2");
    byte[] xsd = FeatureSchemas.xsd(dataset.featureType(), schema).getBytes(StandardCharsets.UTF_8);
    response.write(true, java.nio.ByteBuffer.wrap(xsd), callback);
  }

  private static void getFeature(WfsRequest wfs, Response response, Callback callback)
      throws Exception {
    Dataset dataset = wfs.dataset();
    GeoCodec codec = wfs.codec();
    int count = wfs.count();
    int start = wfs.startIndex();
    wfs.checkSrsName();
    List<Feature> features = dataset.features(start).limit(count).toList();
    FeatureCollection collection =
        FeatureCollection.of(dataset.featureType(), features, Instant.now());
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, codec.mediaType());
    stream(response, callback, out -> codec.encode(collection, out));
  }

  /** Something that writes a whole response body. */
  private interface Body {
    void writeTo(OutputStream out) throws Exception;
  }

  /**
   * Streams {@code body} into the response and completes it; a failure aborts the response. Each
   * write to the response is a blocking network write, so writes are gathered into 32 KiB pieces:
   * the codecs' own buffers (Jackson's 8000 bytes, the GML writers' 16 KiB) must not decide how
   * often the server goes to the network.
   */
  private static void stream(Response response, Callback callback, Body body) {
    try (OutputStream out =
        new BufferedOutputStream(Content.Sink.asOutputStream(response), RESPONSE_CHUNK_BYTES)) {
      body.writeTo(out);
    } catch (Throwable x) {
      callback.failed(x);
      return;
    }
    callback.succeeded();
  }
}
