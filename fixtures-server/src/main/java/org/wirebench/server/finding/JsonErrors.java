package org.wirebench.server.finding;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.wirebench.formats.finding.GatewayJson;

/**
 * The JSON error every {@code /finding} and {@code /ebay} path answers with: {@code {"error":
 * {"status": 502, "cause": "..."}}}. The cause is one line written for the client: never an
 * exception's class name or stack.
 */
public final class JsonErrors {
  private static final JsonFactory JSON = JsonFactory.builder().build();

  private JsonErrors() {}

  public static void write(Response response, Callback callback, int status, String cause) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, GatewayJson.CONTENT_TYPE);
    response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
    byte[] body = body(status, cause);
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  static byte[] body(int status, String cause) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(128 + cause.length());
    try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
      g.writeStartObject();
      g.writeObjectFieldStart("error");
      g.writeNumberField("status", status);
      g.writeStringField("cause", cause);
      g.writeEndObject();
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    out.write('\n');
    return out.toByteArray();
  }
}
