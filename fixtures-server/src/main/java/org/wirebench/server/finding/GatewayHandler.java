package org.wirebench.server.finding;

import java.net.ConnectException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.eclipse.jetty.client.BufferingResponseListener;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Result;
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
import org.wirebench.formats.finding.BackendPayloadException;
import org.wirebench.formats.finding.FindingRequest;
import org.wirebench.formats.finding.GatewayJson;
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
 * client, its further requests waiting their turn.
 */
public final class GatewayHandler extends Handler.Abstract.NonBlocking {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(GatewayHandler.class);

  public static final String PATH = "/ebay/finding/keywords/";

  /** Keywords longer than this (UTF-8 bytes, after decoding) are refused with 414. */
  public static final int MAX_KEYWORD_BYTES = 16 * 1024;

  private final HttpClient client;
  private final Supplier<String> backend;

  /** Each format's backend URI, resolved on its first request (the server's port is known then). */
  private final java.util.Map<String, URI> targets = new java.util.concurrent.ConcurrentHashMap<>();

  private final FindingGateway.Settings settings;

  /** Each client's share of the backend exchanges in flight. */
  private final BackendShare share;

  /**
   * @param backend the backend URL with {@code {format}} where the format's name goes, e.g.
   *     http://127.0.0.1:8080/finding/mock.{format}; asked once per request (it may only be known
   *     once the server has started)
   */
  GatewayHandler(HttpClient client, Supplier<String> backend, FindingGateway.Settings settings) {
    this.client = client;
    this.backend = backend;
    this.settings = settings;
    this.share = new BackendShare(BackendShare.of(settings.maxConnections()));
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
  private static void failed(Response response, Callback callback, RuntimeException e) {
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
    if (!XmlFactories.xmlSafe(keywords).equals(keywords)) {
      JsonErrors.write(
          response,
          callback,
          HttpStatus.BAD_REQUEST_400,
          "the keywords hold a control character the backend's XML request cannot carry");
      return;
    }
    String client = org.wirebench.server.http.ClientAddress.of(request);
    long arrivedNs = System.nanoTime();
    share.start(
        client,
        waited -> turn(waited, arrivedNs, client, format, keywords, request, response, callback));
  }

  /** Requests of {@code client} waiting for its share of the backend now. */
  int waitingForBackend(String client) {
    return share.waiting(client);
  }

  /**
   * A request's exchange once its client's share has room ({@link BackendShare}): not sent when its
   * client left while it waited (499: nobody to answer), nor when it waited out the gateway's
   * timeout (429: its own client's exchanges held it); else sent with the time it has left.
   *
   * @return whether an exchange was sent (it gives its place back when it ends)
   */
  private boolean turn(
      boolean waited,
      long arrivedNs,
      String client,
      BackendFormat format,
      String keywords,
      Request request,
      Response response,
      Callback callback) {
    try {
      if (waited) {
        org.wirebench.server.http.ClientWatch watch =
            org.wirebench.server.http.ClientWatch.of(request);
        boolean gone = watch.goneNow();
        watch.close();
        if (gone) {
          LOG.info("{}: client left while its request waited for the backend; not sent", client);
          org.wirebench.server.http.ClientGone.end(
              request, response, callback, "the client left while its request waited");
          return false;
        }
      }
      long leftMs = settings.timeoutMs() - (System.nanoTime() - arrivedNs) / 1_000_000;
      if (leftMs <= 0) {
        response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
        JsonErrors.write(
            response,
            callback,
            HttpStatus.TOO_MANY_REQUESTS_429,
            "this client's earlier requests held the backend for the gateway's whole timeout ("
                + settings.timeoutMs()
                + " ms): one client has at most "
                + share.perClient()
                + " requests at the backend at once");
        return false;
      }
      forward(format, keywords, leftMs, client, response, callback);
      return true;
    } catch (RuntimeException e) {
      // a bug here must not keep the client's place
      LOG.warn("gateway request failed before its exchange", e);
      failed(response, callback, e);
      return false;
    }
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
        int hi = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
        int lo = hi < 0 ? -1 : Character.digit(raw.charAt(i + 2), 16);
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

  private void forward(
      BackendFormat format,
      String keywords,
      long timeoutMs,
      String from,
      Response response,
      Callback callback) {
    URI target =
        targets.computeIfAbsent(
            format.name(), name -> URI.create(backend.get().replace("{format}", name)));
    client
        .newRequest(target)
        .method(HttpMethod.POST)
        .headers(
            h -> {
              h.put("X-EBAY-SOA-SECURITY-APPNAME", settings.appName());
              h.put("X-EBAY-SOA-OPERATION-NAME", "findItemsByKeywords");
              h.put("X-EBAY-SOA-RESPONSE-DATA-FORMAT", format.name().toUpperCase(Locale.ROOT));
            })
        .body(
            new BytesRequestContent(
                FindingRequest.CONTENT_TYPE,
                FindingRequest.xml(keywords, settings.entriesPerPage())))
        .timeout(timeoutMs, TimeUnit.MILLISECONDS)
        .send(
            new BufferingResponseListener(settings.maxResponseBytes()) {
              @Override
              public void onComplete(Result result) {
                // the place is given back once the answer is written, not when the backend's
                // ends: answers waiting for a client that reads slowly are held in memory, and
                // its share bounds them too
                Callback written = Callback.from(() -> share.done(from), callback);
                try {
                  answer(format, target, result, this, response, written);
                } catch (RuntimeException e) {
                  written.failed(e);
                }
              }
            });
  }

  private void answer(
      BackendFormat format,
      URI target,
      Result result,
      BufferingResponseListener body,
      Response response,
      Callback callback) {
    if (result.isFailed()) {
      Throwable failure = result.getFailure();
      int status =
          failure instanceof TimeoutException
              ? HttpStatus.GATEWAY_TIMEOUT_504
              : HttpStatus.BAD_GATEWAY_502;
      String cause = cause(failure);
      // the client gets one line without the internal backend's address; the operator gets that
      // and what failed (a rare 502 under saturation in the quick suite of 2026-11-24 could not be
      // told apart from its body alone)
      LOG.warn("{} {} (backend {}): {}", status, cause, target, String.valueOf(failure));
      JsonErrors.write(response, callback, status, cause);
      return;
    }
    int backendStatus = result.getResponse().getStatus();
    if (backendStatus != HttpStatus.OK_200) {
      JsonErrors.write(
          response,
          callback,
          HttpStatus.BAD_GATEWAY_502,
          "the " + format.name() + " backend answered HTTP " + backendStatus);
      return;
    }
    byte[] bytes = body.getContent();
    byte[] json; // the whole answer, every check made, before its first byte goes to the client
    try {
      json = GatewayJson.toBytes(format, bytes, 0, bytes.length);
    } catch (BackendPayloadException e) {
      JsonErrors.write(response, callback, HttpStatus.BAD_GATEWAY_502, e.getMessage());
      return;
    } catch (RuntimeException | java.io.IOException e) {
      // a decoder bug must not become a 500 with a stack; the cause stays generic
      JsonErrors.write(
          response,
          callback,
          HttpStatus.BAD_GATEWAY_502,
          "the " + format.name() + " backend's answer could not be read");
      return;
    }
    response.setStatus(HttpStatus.OK_200);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, GatewayJson.CONTENT_TYPE);
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, json.length);
    response.write(true, ByteBuffer.wrap(json), callback);
  }

  /** One line a client can read; no exception class names, no stack. */
  private String cause(Throwable failure) {
    if (failure instanceof TimeoutException) {
      return "the backend did not answer within " + settings.timeoutMs() + " ms";
    }
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ConnectException) {
        return "the backend refused the connection";
      }
      if (t instanceof java.net.UnknownHostException) {
        return "the backend's host name is unknown";
      }
      if (t instanceof IllegalArgumentException
          && String.valueOf(t.getMessage()).contains("capacity")) {
        return "the backend's answer is larger than " + settings.maxResponseBytes() + " bytes";
      }
      if (t instanceof java.io.EOFException
          || String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT).contains("eof")) {
        return "the backend closed the connection before its answer was complete";
      }
    }
    return "the exchange with the backend failed";
  }
}
