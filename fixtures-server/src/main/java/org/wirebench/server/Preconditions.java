package org.wirebench.server;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The conditional request headers (RFC 9110 §13), evaluated as an origin server that sends no
 * validators must: no response of this server carries an {@code ETag} or a {@code Last-Modified}.
 *
 * <ul>
 *   <li>{@code If-Match} with entity tags never matches (§13.1.1): 412. {@code If-Match: *} is true
 *       for a resource that exists, which a 2xx answer shows.
 *   <li>{@code If-None-Match: *} is false for a resource that exists (§13.1.2): 304 without a body
 *       to GET and HEAD, 412 to other methods (§13.2.2 step 3). With entity tags it is always true.
 *   <li>{@code If-Unmodified-Since} and {@code If-Modified-Since} are ignored: the resources have
 *       no modification date (§13.1.3, §13.1.4). {@code If-Range} is ignored: the server does not
 *       support {@code Range}, so it ignores both (§13.1.5, §14.2).
 *   <li>Nothing is evaluated for CONNECT, OPTIONS and TRACE (§13.2.1).
 * </ul>
 *
 * <p>Preconditions come after the request's normal checks: a server MUST ignore them when its
 * answer without them would not be 2xx or 412 (§13.2.1). Whether it would is known only once the
 * service has answered (a bad WFS request is found by parsing it), so the service runs and its
 * status decides: a 2xx answer is replaced, unsent, by the 304 or the 412; any other (a 400 OGC
 * report, a 404) goes out as it was. Every service is read-only, so running one whose answer is
 * then dropped changes no state. The 412 is in the path's own format ({@link ServiceErrors}), as
 * the other refusals made in front of the services are; an {@code If-Match} or {@code
 * If-None-Match} that is not the header's syntax is refused with 400 there too.
 */
final class Preconditions extends Handler.Wrapper {
  /**
   * One element of {@code If-Match} or {@code If-None-Match}: {@code *} or an entity tag, strong or
   * weak (RFC 9110 §8.8.3), then optional spaces up to a comma or the end.
   */
  private static final Pattern ELEMENT =
      Pattern.compile("(\\*|(?:W/)?\"[\\x21\\x23-\\x7e\\x80-\\xff]*\")[ \\t]*(?=,|$)");

  Preconditions(Handler next) {
    super(next);
  }

  /** What the request's preconditions do to a 2xx answer. */
  private record Outcome(int status, String cause) {}

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    String method = request.getMethod();
    if (HttpMethod.CONNECT.is(method)
        || HttpMethod.OPTIONS.is(method)
        || HttpMethod.TRACE.is(method)) {
      return super.handle(request, response, callback);
    }
    if (!request.getHeaders().contains(HttpHeader.IF_MATCH)
        && !request.getHeaders().contains(HttpHeader.IF_NONE_MATCH)) {
      return super.handle(request, response, callback);
    }
    Outcome outcome = evaluate(request);
    Request inner = evaluated(request);
    if (outcome == null) {
      return super.handle(inner, response, callback);
    }
    Held held = new Held(request, response, outcome);
    return super.handle(inner, held, held.callback(callback));
  }

  /**
   * The request without the headers evaluated here, for the handlers inside: Jetty's compression
   * handler reads them as its own coded entity tags (it answered 400 to {@code If-Match: W/"1"} and
   * wrote the client's {@code *} as the 304's {@code ETag}).
   */
  private static Request evaluated(Request request) {
    HttpFields.Mutable headers = HttpFields.build(request.getHeaders());
    headers.remove(HttpHeader.IF_MATCH);
    headers.remove(HttpHeader.IF_NONE_MATCH);
    return RequestHeaders.replaced(request, headers);
  }

  /**
   * The outcome for a 2xx answer, or null when the preconditions hold (or there are none). The
   * order is §13.2.2's; its steps 2, 4 and 5 never apply here (see the class comment).
   */
  static Outcome evaluate(Request request) {
    List<String> ifMatch;
    List<String> ifNoneMatch;
    try {
      ifMatch = elements(request, HttpHeader.IF_MATCH);
      ifNoneMatch = elements(request, HttpHeader.IF_NONE_MATCH);
    } catch (IllegalArgumentException e) {
      return new Outcome(HttpStatus.BAD_REQUEST_400, e.getMessage());
    }
    if (!ifMatch.isEmpty() && !ifMatch.equals(List.of("*"))) {
      return new Outcome(
          HttpStatus.PRECONDITION_FAILED_412,
          "If-Match "
              + String.join(", ", ifMatch)
              + ": no entity tag can match, this server sends none");
    }
    if (ifNoneMatch.equals(List.of("*"))) {
      String m = request.getMethod();
      if (HttpMethod.GET.is(m) || HttpMethod.HEAD.is(m)) {
        return new Outcome(HttpStatus.NOT_MODIFIED_304, null);
      }
      return new Outcome(
          HttpStatus.PRECONDITION_FAILED_412, "If-None-Match *: the resource exists");
    }
    return null;
  }

  /**
   * The elements of every field named {@code header}, in order: {@code *} or entity tags, empty
   * elements dropped. A quoted tag may hold a comma, so the list is split here and not by Jetty's
   * quoted-string lists (which refuse the {@code W/} prefix).
   *
   * @throws IllegalArgumentException naming the first element that is neither
   */
  static List<String> elements(Request request, HttpHeader header) {
    List<String> out = new java.util.ArrayList<>();
    for (String field : request.getHeaders().getValuesList(header)) {
      int i = 0;
      int n = field.length();
      while (i < n) {
        char c = field.charAt(i);
        if (c == ',' || c == ' ' || c == '\t') {
          i++;
          continue;
        }
        Matcher m = ELEMENT.matcher(field).region(i, n);
        if (!m.lookingAt()) {
          throw new IllegalArgumentException(
              header.asString()
                  + " is neither * nor a list of entity tags (\"tag\" or W/\"tag\"): "
                  + org.wirebench.formats.finding.Quote.of(field.substring(i), 60));
        }
        out.add(m.group(1));
        i = m.end();
      }
    }
    if (out.size() > 1 && out.contains("*")) {
      throw new IllegalArgumentException(
          header.asString() + " is * or a list of entity tags, not both: " + out);
    }
    return out;
  }

  /**
   * The service's response held until its status is known: at the first write, or at the end when
   * nothing was written. A 2xx is then dropped (its writes succeed unsent) and the outcome is sent
   * in its place; any other status is sent as it is.
   */
  private static final class Held extends Response.Wrapper {
    private final Request request;
    private final Outcome outcome;
    private volatile Boolean replaced; // null until decided; read by any thread

    Held(Request request, Response wrapped, Outcome outcome) {
      super(request, wrapped);
      this.request = request;
      this.outcome = outcome;
    }

    private synchronized boolean replaced() {
      if (replaced == null) {
        int status = getWrapped().getStatus();
        replaced = status == 0 || HttpStatus.isSuccess(status);
      }
      return replaced;
    }

    @Override
    public void write(boolean last, ByteBuffer content, Callback callback) {
      if (replaced()) {
        callback.succeeded(); // the service's 2xx body is dropped
      } else {
        super.write(last, content, callback);
      }
    }

    @Override
    public boolean isCommitted() {
      return replaced != null && replaced || super.isCommitted();
    }

    @Override
    public void reset() {
      if (replaced != null && replaced) {
        throw new IllegalStateException("the response is replaced by the precondition's answer");
      }
      super.reset();
    }

    Callback callback(Callback callback) {
      return new Callback.Nested(callback) {
        @Override
        public void succeeded() {
          if (replaced()) {
            answer(callback);
          } else {
            super.succeeded();
          }
        }
      };
    }

    /** Sends the outcome in place of the service's 2xx, keeping its {@code Vary} (§15.4.5). */
    private void answer(Callback callback) {
      Response out = getWrapped();
      List<HttpField> vary = out.getHeaders().getFields(HttpHeader.VARY);
      out.reset();
      vary.forEach(out.getHeaders()::add);
      if (outcome.status() == HttpStatus.NOT_MODIFIED_304) {
        out.setStatus(HttpStatus.NOT_MODIFIED_304);
        out.write(true, null, callback);
        return;
      }
      ServiceErrors.of(request.getHttpURI().getPath())
          .write(out, callback, outcome.status(), request.getHttpURI().getQuery(), outcome.cause());
    }
  }
}
