package org.wirebench.formats.finding;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import org.wirebench.formats.finding.FindingResponse.ErrorData;

/**
 * The gateway's answer: {@code {"item":[...],"errorMessage":[...]}}, ql.io's {@code select
 * searchResult.item, errorMessage} as one object, written with Jackson's streaming generator. The
 * same view gives the same bytes, whatever format the backend spoke.
 */
public final class GatewayJson {
  public static final String CONTENT_TYPE = "application/json;charset=UTF-8";

  private GatewayJson() {}

  /** The answer for {@code view}, as bytes. */
  public static byte[] toBytes(GatewayView view) {
    // about 1,270 bytes an item: sized once, the gateway's hot path never grows the buffer
    java.io.ByteArrayOutputStream out =
        new java.io.ByteArrayOutputStream(1024 + 1400 * view.items().size());
    try {
      write(view, out);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e); // a ByteArrayOutputStream does not fail
    }
    return out.toByteArray();
  }

  /**
   * The gateway's answer to a backend's {@code body} in {@code format}, as bytes: {@link
   * BackendFormat#writeGatewayJson}.
   */
  public static byte[] toBytes(BackendFormat format, byte[] body, int offset, int length)
      throws BackendPayloadException, IOException {
    java.io.ByteArrayOutputStream out =
        new java.io.ByteArrayOutputStream((int) Math.min(1024 + 2L * length, 1 << 24));
    format.writeGatewayJson(body, offset, length, out, out::reset);
    return out.toByteArray();
  }

  /** Writes {@code view} to {@code out}, which is flushed, not closed. */
  public static void write(GatewayView view, OutputStream out) throws IOException {
    try (JsonGenerator g = generator(out)) {
      g.writeStartObject();
      g.writeArrayFieldStart("item");
      for (Item item : view.items()) {
        ItemJson.write(g, item);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("errorMessage");
      for (ErrorData e : view.errors()) {
        ItemJson.writeError(g, e);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
  }

  /** The generator every gateway answer is written with; closing it flushes, not closes, out. */
  static JsonGenerator generator(OutputStream out) throws IOException {
    JsonGenerator g = JsonBackend.JSON.createGenerator(out, JsonEncoding.UTF8);
    g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    return g;
  }
}
