package org.wirebench.server.finding;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.wirebench.formats.finding.BackendFormat;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.finding.FindingGenerator;
import org.wirebench.formats.finding.FindingResponse;
import org.wirebench.formats.finding.Quote;

/**
 * The study's mock backend: {@code /finding/mock.{xml,protobuf,json}} (one path per registered
 * format) answers GET or POST with canned bytes generated once, with the study's content types and
 * a Content-Length. Like the study's node mock, it does not read the request: it measures what the
 * gateway does with the answer, not what a backend does with the question.
 */
public final class MockBackendHandler extends Handler.Abstract.NonBlocking {
  public static final String PATH = "/finding/";

  private final Map<String, byte[]> bodies = new LinkedHashMap<>();
  private final Map<String, String> contentTypes = new LinkedHashMap<>();

  /**
   * @param items items in every answer, 0..100000 (the study: 50)
   */
  public MockBackendHandler(int items) {
    FindingResponse response =
        FindingGenerator.response(items, FindingGenerator.DEFAULT_SEED, "ipad");
    for (BackendFormat f : BackendFormats.registry().all()) {
      bodies.put("mock." + f.name(), f.encode(response));
      contentTypes.put("mock." + f.name(), f.contentType());
    }
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    String path = request.getHttpURI().getPath();
    String name = path.substring(path.lastIndexOf('/') + 1);
    byte[] body = bodies.get(name);
    if (body == null || !path.equals(PATH + name)) {
      JsonErrors.write(
          response,
          callback,
          HttpStatus.NOT_FOUND_404,
          "no mock backend at "
              + Quote.of(path, 80)
              + "; valid: "
              + String.join(", ", bodies.keySet()));
      return true;
    }
    String method = request.getMethod();
    if (!HttpMethod.GET.is(method) && !HttpMethod.POST.is(method)) {
      // HEAD reaches here as GET (HeadAsGet)
      response.getHeaders().put(HttpHeader.ALLOW, "GET, HEAD, POST");
      JsonErrors.write(
          response,
          callback,
          HttpStatus.METHOD_NOT_ALLOWED_405,
          "the mock backend takes GET, HEAD or POST");
      return true;
    }
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentTypes.get(name));
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body).asReadOnlyBuffer(), callback);
    return true;
  }
}
