package org.wirebench.server;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.eclipse.jetty.compression.server.CompressionConfig;
import org.eclipse.jetty.compression.server.CompressionHandler;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.wirebench.server.http.AcceptEncoding;
import org.wirebench.server.http.BodyCodings;
import org.wirebench.server.http.ContentCoding;

/**
 * Content codings on the wire: answers in gzip, br or zstd (each at its {@link ContentCoding}
 * level) as the request's {@code Accept-Encoding} asks, through Jetty 12.1's {@code
 * CompressionHandler}, after choosing the coding itself ({@link AcceptEncoding}: q-values, {@code
 * *} and {@code identity;q=0} as RFC 9110 says, where Jetty lets {@code *} override an explicit
 * {@code br;q=0} and answers 415 to a refused identity). The handler inside then sees only the
 * chosen coding in {@code Accept-Encoding}.
 *
 * <p>What goes out uncoded, as Jetty decides per response: statuses other than 2xx (the service's
 * error reports are short), bodies of a known length under {@value
 * ContentCoding#MIN_COMPRESS_BYTES} bytes, images, audio, video, fonts and archives (already
 * compressed: the WMS's JPEG and PNG maps). A refused identity whose response is one of these still
 * gets it uncoded, as RFC 9110 §12.1 lets a server do rather than answer 406. HEAD is coded as its
 * GET would be (the body it computes is coded and dropped), so its fields describe what the GET
 * sends.
 *
 * <p>Refused here, in the service's format ({@link ServiceErrors}): a request naming no coding the
 * server can send while refusing identity (406, which lists them), an {@code Accept-Encoding} that
 * is not the header's syntax (400), and a request whose body is coded ({@link BodyCodings}: a
 * {@code Content-Encoding} naming a coding in any of its fields, 415 with {@code Accept-Encoding:
 * identity}; a transfer coding other than chunked, 501): request bodies are never decoded, since a
 * decompression bomb would pass every byte limit the body gate counts.
 */
final class WireCompression extends Handler.Wrapper {
  private static final HttpField VARY =
      new PreEncodedHttpField(HttpHeader.VARY, HttpHeader.ACCEPT_ENCODING.asString());
  private static final HttpField ACCEPT_IDENTITY =
      new PreEncodedHttpField(HttpHeader.ACCEPT_ENCODING, "identity");

  private final List<ContentCoding> offered;

  /**
   * @param compress false: every response uncoded (the benchmarks of the raw encoder path), the
   *     refusals above still made
   */
  WireCompression(Handler next, boolean compress) {
    offered = compress ? ContentCoding.COMPRESSED : List.of();
    if (compress) {
      CompressionHandler jetty = new CompressionHandler(new CodedOnce(next));
      for (ContentCoding c : offered) {
        jetty.putCompression(c.newCompression());
      }
      jetty.putConfiguration(
          "/",
          CompressionConfig.builder()
              .defaults()
              // request bodies pass as they came and are refused above when coded
              .decompressExcludePath("/*")
              // HEAD gets the fields its GET would (RFC 9110 §9.3.2): Jetty leaves it uncoded
              // by default, and it then named a length and no coding while its GET came coded
              .compressIncludeMethod("HEAD")
              .build());
      setHandler(jetty);
    } else {
      setHandler(next);
    }
  }

  /** The codings this server sends besides identity, in its order of preference. */
  List<ContentCoding> offered() {
    return offered;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    BodyCodings.Refusal coded = BodyCodings.check(request.getHeaders());
    if (coded != null) {
      if (coded.status() == HttpStatus.UNSUPPORTED_MEDIA_TYPE_415) {
        response.getHeaders().put(ACCEPT_IDENTITY); // RFC 9110 §15.5.16
      }
      refuse(request, response, callback, coded.status(), coded.cause());
      return true;
    }
    List<String> fields = request.getHeaders().getValuesList(HttpHeader.ACCEPT_ENCODING);
    Optional<ContentCoding> chosen;
    try {
      chosen = AcceptEncoding.choose(fields, offered);
    } catch (IllegalArgumentException e) {
      response.getHeaders().put(VARY); // the 400 is this header's: a cache must not reuse it
      refuse(request, response, callback, HttpStatus.BAD_REQUEST_400, e.getMessage());
      return true;
    }
    if (chosen.isEmpty()) {
      response.getHeaders().put(VARY);
      refuse(
          request,
          response,
          callback,
          HttpStatus.NOT_ACCEPTABLE_406,
          "Accept-Encoding refuses identity and every coding this server sends ("
              + (offered.isEmpty()
                  ? "none: its compression is off"
                  : offered.stream().map(ContentCoding::token).collect(Collectors.joining(", ")))
              + ")");
      return true;
    }
    if (fields.isEmpty()) {
      return super.handle(request, response, callback);
    }
    return super.handle(only(request, chosen.get()), response, callback);
  }

  /** The request as the compression handler is to see it: asking for {@code coding} alone. */
  private static Request only(Request request, ContentCoding coding) {
    HttpFields.Mutable headers = HttpFields.build(request.getHeaders());
    headers.remove(HttpHeader.ACCEPT_ENCODING);
    if (coding != ContentCoding.IDENTITY) {
      headers.put(HttpHeader.ACCEPT_ENCODING, coding.token());
    }
    return RequestHeaders.replaced(request, headers);
  }

  /**
   * Inside Jetty's handler: a response that is being coded counts as committed from its first
   * write. The encoder holds the first bytes back (100 KB of one letter codes to a few hundred), so
   * Jetty's response is not committed yet when a streaming answer fails; a handler that then resets
   * it to write an error report (the WFS does) would send the report after the coded start, under
   * headers that no longer name the coding. Committed, the handler aborts the response instead, and
   * the client sees a cut body, as it does uncoded.
   */
  private static final class CodedOnce extends Handler.Wrapper {
    CodedOnce(Handler next) {
      super(next);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
      if (!request.getHeaders().contains(HttpHeader.ACCEPT_ENCODING)) {
        return super.handle(request, response, callback); // identity: Jetty codes nothing
      }
      return super.handle(request, new FirstWriteCommits(request, response), callback);
    }
  }

  private static final class FirstWriteCommits extends Response.Wrapper {
    private volatile boolean written;

    FirstWriteCommits(Request request, Response wrapped) {
      super(request, wrapped);
    }

    @Override
    public void write(boolean last, java.nio.ByteBuffer content, Callback callback) {
      written = true;
      super.write(last, content, callback);
    }

    @Override
    public boolean isCommitted() {
      return written || super.isCommitted();
    }

    @Override
    public void reset() {
      if (written) {
        throw new IllegalStateException("the response's coded body has begun");
      }
      super.reset();
    }
  }

  private static void refuse(
      Request request, Response response, Callback callback, int status, String cause) {
    ServiceErrors.of(request.getHttpURI().getPath())
        .write(response, callback, status, request.getHttpURI().getQuery(), cause);
  }
}
