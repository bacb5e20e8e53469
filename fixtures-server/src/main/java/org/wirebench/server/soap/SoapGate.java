package org.wirebench.server.soap;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wirebench.formats.finding.Quote;
import org.wirebench.formats.media.MediaType;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;

/**
 * The first thing every request under {@code /services/} meets. It refuses what no stack here
 * serves before a stack sees it (a path that is no service's address: 404; a method other than GET,
 * HEAD or POST: 405; a GET or HEAD whose query is not {@code wsdl}, or a POST with a query: 400;
 * two Content-Type headers: 400; a Content-Type other than text/xml with at most a charset of UTF-8
 * or UTF-16: 415 with {@code Accept: text/xml} ({@link SoapFaults#write}), a VersionMismatch fault
 * for SOAP 1.2's application/soap+xml, a Client fault for the rest, naming the charsets taken when
 * the charset was refused), finds why a POST's SOAPAction header is refused (none, two, or one
 * naming no operation) and leaves the refusal to {@link EnvelopeFilter} (refusing it at once when
 * the client sent {@code Expect: 100-continue}: the fixture server's body gate then lets the
 * request through unread, and the client gets the 400 in place of {@code 100 Continue}), cleans the
 * stacks' own faults ({@link FaultCleaner}), and turns anything a stack throws into a Server fault
 * (logged with its stack on the server, never sent to the client). A refused SOAPAction is answered
 * 400 with a Client fault naming it, whatever the body, except that a body above the limit gets
 * {@link BodyLimitFilter}'s 413 (it runs before {@link EnvelopeFilter}) and a body {@link
 * BodyEncoding} reads (UTF-8, or UTF-16 with its byte order mark, and no charset contradicting it)
 * with an Envelope in another namespace than SOAP 1.1's as its root element (no DOCTYPE before it)
 * gets the 500 VersionMismatch fault.
 */
final class SoapGate implements Filter {
  private static final Logger LOG = LoggerFactory.getLogger(SoapGate.class);

  /** The hosted services' addresses, as their WSDLs give them: nothing under or beside them. */
  static final Set<String> ENDPOINTS =
      new TreeSet<>(
          List.of(
              SoapServices.path(Axis2Hosting.ADB),
              SoapServices.path(Axis2Hosting.JAXB),
              SoapServices.path(SoapServices.CXF)));

  @Override
  public void doFilter(ServletRequest req, ServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    HttpServletResponse response = (HttpServletResponse) resp;
    String routed =
        request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
    if (!ENDPOINTS.contains(routed)) {
      // CXF answered a POST to /services/cxf-jaxb/extra as its service, Axis2 500: an address no
      // WSDL gives is no service, whatever a stack makes of it
      SoapFaults.write(
          response,
          404,
          "Client",
          "no SOAP service here; the services are " + String.join(", ", ENDPOINTS));
      return;
    }
    String method = request.getMethod();
    // with Expect: 100-continue the body is not read yet (SoapServices.refusedByHead): a refused
    // SOAPAction is answered now, in place of 100 Continue
    boolean expects =
        Collections.list(request.getHeaders("Expect")).stream()
            .flatMap(v -> Arrays.stream(v.split(",")))
            .anyMatch(v -> v.trim().equalsIgnoreCase("100-continue"));
    Refusal refusal =
        head(
            method,
            request.getQueryString(),
            Collections.list(request.getHeaders("Content-Type")),
            Collections.list(request.getHeaders("SOAPAction")),
            expects);
    if (refusal != null) {
      if (refusal.status() == 405) {
        response.setHeader("Allow", "GET, HEAD, POST");
      }
      SoapFaults.write(response, refusal.status(), refusal.code(), refusal.message());
      return;
    }
    if (method.equals("POST")) {
      // Axis2 answered a request without a SOAPAction 500 ("EPR for the Operation not found"), CXF
      // one naming no operation 500 Server: SOAP 1.1 §6.1.1 makes the header the client's to send.
      // Refused by EnvelopeFilter once the body is read, so that a SOAP 1.2 envelope under
      // text/xml (whose clients send no SOAPAction) gets its VersionMismatch first
      String refused = refusedActions(Collections.list(request.getHeaders("SOAPAction")));
      if (refused != null) {
        request.setAttribute(ACTION_REFUSED, refused);
      }
      ContentType type = contentType(request.getContentType());
      if (type.charset() != null) {
        request.setAttribute(CHARSET, type.charset());
      }
    }
    org.wirebench.server.http.ClientWatch watch =
        method.equals("POST") ? SoapClientLeft.watch(request) : null;
    FaultCleaner cleaned = new FaultCleaner(response, watch);
    try {
      chain.doFilter(request, cleaned);
      if (watch != null && !response.isCommitted() && watch.gone()) {
        // a stack stopped by its client leaving (SoapClientLeft) answers with a fault of its own
        // making, held by the cleaner: nobody is left to send it to
        LOG.info("the client left before its answer to {} was sent", request.getRequestURI());
        SoapClientLeft.abandon(request, response);
        return;
      }
      cleaned.finish();
    } catch (IOException | ServletException | RuntimeException | Error e) {
      if (org.wirebench.server.http.ClientGone.left(e, connection(request))) {
        // a client that hung up, or read slower than the minimum rate (ReadRate): any client can
        // cause it at will, so one line, no stack trace; nobody is left to send a fault to
        LOG.info(
            "the client left while its answer to {} was {}: {}",
            request.getRequestURI(),
            org.wirebench.server.http.ClientGone.left(e) ? "worked on" : "written",
            e.toString());
        if (!response.isCommitted()) {
          SoapClientLeft.abandon(request, response);
          return;
        }
        throw e instanceof IOException io ? io : new IOException(e);
      }
      LOG.warn("SOAP request to {} failed", request.getRequestURI(), e);
      if (response.isCommitted()) {
        throw e instanceof IOException io ? io : new IOException("response already committed", e);
      }
      response.reset();
      SoapFaults.write(response, 500, "Server", "the server could not process this request");
    } finally {
      if (watch != null) {
        watch.close();
      }
    }
  }

  /** The connection {@code request} came on, or null when it is not Jetty's own request. */
  private static org.eclipse.jetty.server.ConnectionMetaData connection(
      HttpServletRequest request) {
    org.eclipse.jetty.ee8.nested.Request base =
        org.eclipse.jetty.ee8.nested.Request.getBaseRequest(request);
    return base == null || base.getHttpChannel() == null
        ? null
        : base.getHttpChannel().getConnectionMetaData();
  }

  /** A refusal made from the head alone: its status, fault code and message. */
  record Refusal(int status, String code, String message) {}

  /**
   * What the gate refuses from a request's head, on a service's own address, or null: a method
   * other than GET, HEAD or POST (405), a GET or HEAD whose query is not {@code wsdl} (400), a POST
   * with a query (400), with two Content-Type headers (400) or one not taken (415), and, when
   * {@code action} (the body is not read yet), a POST whose SOAPAction is refused (400).
   */
  static Refusal head(
      String method, String query, List<String> types, List<String> actions, boolean action) {
    if (!method.equals("GET") && !method.equals("HEAD") && !method.equals("POST")) {
      return new Refusal(405, "Client", "method " + method + " is not allowed here");
    }
    if (!method.equals("POST") && !"wsdl".equalsIgnoreCase(query)) {
      // the stacks answered these 500 (CXF "No binding operation info", Axis2 "EPR not found"):
      // no SOAP message was sent, so the client's request is what is wrong
      return new Refusal(
          400,
          "Client",
          "a "
              + method
              + " here asks for the WSDL with ?wsdl and nothing else; a SOAP request is a POST of"
              + " text/xml");
    }
    if (!method.equals("POST")) {
      return null;
    }
    if (query != null && !query.isEmpty()) {
      // every stack answers it as if it were not there (CXF and Axis2 alike, ?wsdl too): a POST
      // is sent to the service's address, which takes no query, as /static and the gateway take
      // none
      return new Refusal(
          400,
          "Client",
          org.wirebench.server.http.UnknownQuery.named(query)
              + ": a SOAP request is a POST to the service's address, which takes no query"
              + " parameters");
    }
    // of two Content-Type or SOAPAction headers each reader takes one (the gate and
    // EnvelopeFilter the first; CXF answered in the charset of a second Content-Type): which one
    // the client meant is not ours to guess
    if (types.size() > 1) {
      return new Refusal(
          400, "Client", "a SOAP 1.1 request takes one Content-Type header, not " + types.size());
    }
    String first = types.isEmpty() ? null : types.get(0);
    ContentType type = contentType(first);
    if (type.refused() != null) {
      // SOAP 1.2's media type: SOAP 1.2 Part 2's HTTP binding has a requester read 415 as "the
      // server does not support the Content-type", and a SOAP 1.1 node answers another
      // version's message with a VersionMismatch fault (SOAP 1.1 §4.1.2; SoapFaults adds the
      // Upgrade block naming SOAP 1.1's Envelope): both, whatever the body
      return new Refusal(
          415, isSoap12(first) ? SoapFaults.VERSION_MISMATCH : "Client", type.refused());
    }
    String refused = action ? refusedActions(actions) : null;
    return refused == null ? null : new Refusal(400, "Client", refused);
  }

  /** Why these SOAPAction headers are refused (none, two, or one naming no operation), or null. */
  private static String refusedActions(List<String> actions) {
    return actions.size() > 1
        ? "a SOAP 1.1 request takes one SOAPAction header, not " + actions.size()
        : refusedAction(actions.isEmpty() ? null : actions.get(0));
  }

  /** Request attribute: why the SOAPAction header is refused, for {@link EnvelopeFilter}. */
  static final String ACTION_REFUSED = SoapGate.class.getName() + ".actionRefused";

  /**
   * Request attribute: the Content-Type's charset as sent (UTF-8 or UTF-16, any case), absent when
   * it gives none, for {@link EnvelopeFilter} ({@link BodyEncoding}).
   */
  static final String CHARSET = SoapGate.class.getName() + ".charset";

  /** The operations by their SOAPAction in Benchmark1.wsdl. */
  private static final Map<String, Operation> ACTIONS =
      Arrays.stream(Operation.values())
          .collect(
              Collectors.toUnmodifiableMap(
                  op -> Operation.NAMESPACE + "/" + op.requestElement(), op -> op));

  /** The header's value without the white space and the quotes SOAP 1.1 §6.1.1 puts round it. */
  private static String bare(String action) {
    String bare = action.trim();
    if (bare.length() >= 2 && bare.startsWith("\"") && bare.endsWith("\"")) {
      bare = bare.substring(1, bare.length() - 1);
    }
    return bare;
  }

  /** Why this SOAPAction header is refused, or null for "" or an operation's action. */
  static String refusedAction(String action) {
    if (action == null) {
      return "a SOAP 1.1 request needs a SOAPAction header (\"\" will do)";
    }
    String bare = bare(action);
    if (bare.isEmpty() || ACTIONS.containsKey(bare)) {
      return null;
    }
    return "SOAPAction "
        + Quote.of(action, 80)
        + " names no operation here; send \"\" or an operation's action from the WSDL";
  }

  /**
   * The operation a SOAPAction header names, or null when it names none ("", or no header): the
   * Body's element must then be this operation's request ({@link EnvelopeCheck}).
   */
  static Operation namedOperation(String action) {
    return action == null ? null : ACTIONS.get(bare(action));
  }

  /**
   * What the gate made of a request's Content-Type: why it is refused (null when taken), and the
   * charset it gives as sent (UTF-8 or UTF-16, any case; null when refused or when it gives none).
   */
  record ContentType(String refused, String charset) {
    static ContentType refusal(String why) {
      return new ContentType(why, null);
    }
  }

  /**
   * Whether this Content-Type is taken: SOAP 1.1's {@code text/xml} (any case), alone or with one
   * {@code charset} parameter (name in any case) of UTF-8 or UTF-16 (WS-I Basic Profile R1012; any
   * case), read as RFC 9110 writes a media type ({@link MediaType}: a token or a quoted-string with
   * its quoted-pairs, white space round the ';' and empty parameters allowed, none round the '=').
   * The whole header is read by the grammar: a lenient parser drops what follows a quoted value or
   * a second '=', while Axis2 looks for application/soap+xml anywhere in the header and takes the
   * operation from the text after {@code action}, and finds {@code charset} only in lower case (so
   * another charset would be read as UTF-8 by Axis2 and as itself by CXF); the stacks are handed
   * {@code text/xml; charset=UTF-8} in its place ({@link EnvelopeFilter}). UTF-16BE and UTF-16LE
   * are refused: their bodies carry no byte order mark, which XML 1.0 §4.3.3 requires of UTF-16, so
   * the body would not say its encoding by its own start ({@link BodyEncoding}). A refusal for the
   * charset names the charsets taken.
   */
  static ContentType contentType(String contentType) {
    if (contentType == null || contentType.isBlank()) {
      return ContentType.refusal("a SOAP 1.1 request needs Content-Type: text/xml");
    }
    MediaType type;
    try {
      type = MediaType.parse(contentType);
    } catch (MediaType.Malformed e) {
      return ContentType.refusal(
          "Content-Type "
              + Quote.of(contentType, 80)
              + (e.rest().isEmpty()
                  ? " does not parse at its end"
                  : " is not understood from " + Quote.of(e.rest(), 40) + " on")
              + ": "
              + e.why()
              + "; "
              + ("charset".equalsIgnoreCase(e.parameter())
                  ? BodyEncoding.TAKES
                  : "send text/xml, alone or with charset=UTF-8 or charset=UTF-16"));
    }
    if (type.essence().equals("application/soap+xml")) {
      return ContentType.refusal(
          "this endpoint speaks SOAP 1.1 (text/xml); SOAP 1.2 (application/soap+xml) is not"
              + " served");
    }
    if (!type.essence().equals(SoapEnvelopes.MEDIA_TYPE)) {
      return ContentType.refusal(
          "Content-Type " + Quote.of(type.essence(), 80) + " is not text/xml (SOAP 1.1)");
    }
    for (MediaType.Parameter p : type.parameters()) {
      if (!p.name().equalsIgnoreCase("charset")) {
        return ContentType.refusal(
            "Content-Type parameter "
                + Quote.of(p.name(), 40)
                + " is not understood here; text/xml (SOAP 1.1) takes only charset");
      }
    }
    String charset = type.parameter("charset").orElse(null);
    if (charset == null) {
      return new ContentType(null, null);
    }
    if (charset.isEmpty()) {
      return ContentType.refusal(
          "Content-Type gives charset without a value; " + BodyEncoding.TAKES);
    }
    if (!charset.equalsIgnoreCase("UTF-8") && !charset.equalsIgnoreCase("UTF-16")) {
      return ContentType.refusal(
          "charset " + Quote.of(charset, 40) + " is not supported; " + BodyEncoding.TAKES);
    }
    return new ContentType(null, charset);
  }

  /** Whether this Content-Type names SOAP 1.2's media type, whatever its parameters. */
  static boolean isSoap12(String contentType) {
    return contentType != null && mediaType(contentType).equalsIgnoreCase("application/soap+xml");
  }

  /** The header's text before its first ';', without white space round it. */
  private static String mediaType(String header) {
    int semi = header.indexOf(';');
    return strip(semi < 0 ? header : header.substring(0, semi));
  }

  private static int skipWhite(String s, int from) {
    int i = from;
    while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  private static String strip(String s) {
    int start = skipWhite(s, 0);
    int end = s.length();
    while (end > start && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\t')) {
      end--;
    }
    return s.substring(start, end);
  }
}
