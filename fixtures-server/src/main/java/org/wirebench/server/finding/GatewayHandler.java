package org.wirebench.server.finding;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.URIUtil;
import org.wirebench.formats.finding.BackendFormat;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.finding.Quote;
import org.wirebench.formats.xml.XmlFactories;

/**
 * The ql.io route {@code /ebay/finding/keywords/{format}/{keywords}}: POSTs a
 * findItemsByKeywordsRequest to the backend for that format with Jetty's HttpClient (pooled,
 * keep-alive), reads the answer, keeps {@code searchResult.item} and {@code errorMessage}, and
 * answers JSON (written in memory, and sent only once the whole answer has passed its checks).
 * Whatever goes wrong with the backend is answered 502 (504 for a timeout) with a JSON cause; a bad
 * path is a 4xx. Nothing blocks a server thread while the backend works, so the per-client thread
 * limit does not bound a client's exchanges: {@link BackendShare} does, half the backend pool a
 * client, its further requests waiting their turn. Each request's trip is a {@link GatewayCall},
 * which stops it when its client leaves.
 */
public final class GatewayHandler extends Handler.Abstract.NonBlocking {
  public static final String PATH = "/ebay/finding/keywords/";

  /** Keywords longer than this (UTF-8 bytes, after decoding) are refused with 414. */
  public static final int MAX_KEYWORD_BYTES = 16 * 1024;

  /** Each format's backend URI, resolved on its first request (the server's port is known then). */
  private final Map<String, URI> targets = new ConcurrentHashMap<>();

  /** What every request's call shares: the client, the targets, the settings, the share. */
  private final GatewayCall.Backend calls;

  /**
   * @param backend the backend URL with {@code {format}} where the format's name goes, e.g.
   *     http://127.0.0.1:8080/finding/mock.{format}; asked once per request (it may only be known
   *     once the server has started)
   */
  GatewayHandler(HttpClient client, Supplier<String> backend, FindingGateway.Settings settings) {
    this.calls =
        new GatewayCall.Backend(
            client,
            format ->
                targets.computeIfAbsent(
                    format.name(), name -> URI.create(backend.get().replace("{format}", name))),
            settings,
            new BackendShare(BackendShare.of(settings.maxConnections())));
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    try {
      route(request, response, callback);
    } catch (RuntimeException e) {
      failed(response, callback, e);
    }
    return true;
  }

  /**
   * A bug's answer: a 500 with a JSON cause while nothing was sent, else the response aborted;
   * never Jetty's error page, which names the exception.
   */
  static void failed(Response response, Callback callback, RuntimeException e) {
    if (!response.isCommitted()) {
      JsonErrors.write(
          response, callback, HttpStatus.INTERNAL_SERVER_ERROR_500, "the gateway failed");
    } else {
      callback.failed(e);
    }
  }

  private void route(Request request, Response response, Callback callback) {
    String raw = request.getHttpURI().getPath();
    if (!HttpMethod.GET.is(request.getMethod())) {
      // HEAD reaches here as GET (HeadAsGet)
      response.getHeaders().put(HttpHeader.ALLOW, "GET, HEAD");
      JsonErrors.write(
          response, callback, HttpStatus.METHOD_NOT_ALLOWED_405, "the gateway takes GET or HEAD");
      return;
    }
    String tail = raw.startsWith(PATH) ? raw.substring(PATH.length()) : "";
    int slash = tail.indexOf('/');
    String formatName = slash < 0 ? tail : tail.substring(0, slash);
    BackendFormat format;
    try {
      format = BackendFormats.get(URIUtil.decodePath(formatName));
    } catch (IllegalArgumentException e) { // an unknown name, or a bad %-escape
      JsonErrors.write(
          response,
          callback,
          HttpStatus.NOT_FOUND_404,
          "no gateway route "
              + Quote.of(raw, 80)
              + "; use "
              + PATH
              + "{"
              + String.join("|", BackendFormats.registry().names())
              + "}/{keywords}");
      return;
    }
    String keywords;
    try {
      keywords = slash < 0 ? "" : keywords(tail.substring(slash + 1));
    } catch (IllegalArgumentException e) {
      JsonErrors.write(response, callback, HttpStatus.BAD_REQUEST_400, e.getMessage());
      return;
    }
    if (keywords.isBlank()) {
      JsonErrors.write(response, callback, HttpStatus.BAD_REQUEST_400, "keywords are required");
      return;
    }
    if (keywords.getBytes(StandardCharsets.UTF_8).length > MAX_KEYWORD_BYTES) {
      JsonErrors.write(
          response,
          callback,
          HttpStatus.URI_TOO_LONG_414,
          "keywords longer than " + MAX_KEYWORD_BYTES + " bytes");
      return;
    }
    String notXml = XmlFactories.notXml(keywords);
    if (notXml != null) {
      JsonErrors.write(
          response,
          callback,
          HttpStatus.BAD_REQUEST_400,
          "the keywords hold " + notXml + ": the backend's XML request cannot carry it");
      return;
    }
    new GatewayCall(
            calls,
            org.wirebench.server.http.ClientAddress.of(request),
            format,
            keywords,
            request,
            response,
            callback)
        .begin();
  }

  /** Requests of {@code client} waiting for its share of the backend now. */
  int waitingForBackend(String client) {
    return calls.share().waiting(client);
  }

  private static int hexDigit(char c) {
    return c < 0x80 ? Character.digit(c, 16) : -1;
  }

  /**
   * The keywords as sent, %-escapes decoded as UTF-8 and nothing else changed: an encoded {@code /}
   * or {@code %} (a model number {@code MC769LL/A}, "100%") is part of them, and so is a {@code ;}
   * (a servlet path would drop what follows it as a path parameter), a raw {@code /} and a {@code
   * +}.
   *
   * @throws IllegalArgumentException naming a broken escape or bytes that are not UTF-8
   */
  static String keywords(String raw) {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '%') {
        // ASCII hex digits only: Character.digit also reads fullwidth and Arabic-Indic digits
        int hi = i + 2 < raw.length() ? hexDigit(raw.charAt(i + 1)) : -1;
        int lo = hi < 0 ? -1 : hexDigit(raw.charAt(i + 2));
        if (lo < 0) {
          throw new IllegalArgumentException(
              "the keywords hold '%' not followed by two hex digits; write a literal % as %25");
        }
        bytes.write(hi << 4 | lo);
        i += 2;
      } else if (c < 0x80) {
        bytes.write(c);
      } else {
        int end = Character.isHighSurrogate(c) && i + 1 < raw.length() ? i + 2 : i + 1;
        bytes.writeBytes(raw.substring(i, end).getBytes(StandardCharsets.UTF_8));
        i = end - 1;
      }
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
          .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes.toByteArray()))
          .toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new IllegalArgumentException("the keywords' %-escapes are not UTF-8");
    }
  }
}
