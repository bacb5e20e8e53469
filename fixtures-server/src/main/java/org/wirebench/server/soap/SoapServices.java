package org.wirebench.server.soap;

import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import javax.servlet.DispatcherType;
import org.eclipse.jetty.ee8.servlet.FilterHolder;
import org.eclipse.jetty.ee8.servlet.ServletContextHandler;
import org.eclipse.jetty.ee8.servlet.ServletHolder;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.formats.soap.SoapStack;

/**
 * The three SOAP stacks hosted for real under {@code /services/}: Axis2's servlet serves {@value
 * Axis2Hosting#ADB} and {@value Axis2Hosting#JAXB}, CXF's servlet serves {@value #CXF}; WSDL at
 * {@code ?wsdl}. Every answer that is not a result is a SOAP 1.1 fault, the first that applies of:
 * an address no WSDL gives 404, methods other than GET, HEAD and POST 405, a GET or HEAD whose
 * query is not {@code wsdl} 400 (no SOAP message), two Content-Type headers 400, a Content-Type
 * other than text/xml with at most a charset of UTF-8 or UTF-16 415 (a VersionMismatch fault for
 * SOAP 1.2's application/soap+xml, a Client fault otherwise; {@link SoapGate}; every 415 here
 * carries {@code Accept: text/xml}, and one for a charset or an encoding names the charsets taken);
 * a body above the limit, as sent or once a UTF-16 body is transcoded to UTF-8, 413 ({@link
 * BodyLimitFilter}; the fixture server's body gate, in front of this handler, refuses it before any
 * of these); then, once the body is read ({@link EnvelopeFilter}): a SOAPAction header missing,
 * naming no operation or sent twice a Client fault with 400, whatever the body, unless the body is
 * read ({@link BodyEncoding}: UTF-8, or UTF-16 with its byte order mark, transcoded) and its root
 * element an Envelope in another namespace than SOAP 1.1's (no DOCTYPE before it), which gets a
 * VersionMismatch fault with 500 whatever the SOAPAction; a body in another encoding, or whose
 * charset contradicts it, a Client fault with 415, malformed UTF-16 one with 400; a body that is no
 * SOAP message (empty, not well-formed XML, a root element other than an Envelope) or whose Body
 * holds one operation's request element while its SOAPAction names another a Client fault with 400;
 * and an envelope that is not one whole SOAP 1.1 request for an operation here (a Body element no
 * operation takes, whatever the SOAPAction) a Client fault with 500; an array of more than {@link
 * #MAX_ITEMS} items a Client fault with 413.
 */
public final class SoapServices {
  public static final String CXF = "cxf-jaxb";

  /** The hosted stacks, by the name of their in-process {@link SoapStack}. */
  public static final List<String> NAMES = List.of(Axis2Hosting.ADB, Axis2Hosting.JAXB, CXF);

  /** Default request body limit: 16 MiB, four times the largest study request. */
  public static final long DEFAULT_MAX_BODY_BYTES = 16L << 20;

  /**
   * The most items (children of the request element) one request's array may hold, on every stack,
   * as any element its children: CXF refuses more by its own default (its StAX limit of child
   * elements, with a 500) where both Axis2 stacks took any number the body limit let through, so
   * the envelope check refuses more alike for all three, with 413, before any stack reads them
   * ({@link ReaderLimits}). The largest array size anything here takes ({@link
   * Operation#MAX_SIZE}).
   */
  public static final int MAX_ITEMS = Operation.MAX_SIZE;

  private SoapServices() {}

  /**
   * A refusal made before the request reached the servlets (by Jetty or a gate) as a SOAP 1.1
   * fault: Client for a 4xx, Server otherwise. A 415 (a coded request body, whose refusal names
   * {@code Accept-Encoding: identity}) carries {@code Accept: text/xml} too, as every 415 here does
   * ({@link SoapFaults#write}).
   */
  public static void fault(Response response, Callback callback, int status, String message) {
    byte[] body;
    try {
      body = SoapFaults.envelope(clientsFault(status) ? "Client" : "Server", message);
    } catch (java.io.IOException e) {
      callback.failed(e);
      return;
    }
    response.setStatus(status);
    if (status == 415) {
      response.getHeaders().put(HttpHeader.ACCEPT, SoapFaults.ACCEPT);
    }
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, SoapEnvelopes.CONTENT_TYPE);
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  /**
   * Whether an HTTP status says the request was at fault: a 4xx, and a 505, an HTTP version the
   * client chose. SOAP 1.1's 500 (§6.2) is for faults met processing an envelope; a refusal made at
   * the HTTP layer keeps HTTP's status, and the fault code says whose the fault is (§4.4.1: Client,
   * "the message was incorrectly formed"; Server, a failure not of the message's own making).
   */
  static boolean clientsFault(int status) {
    return status < 500 || status == 505;
  }

  /** Path of a hosted stack's endpoint, e.g. /services/axis2-adb. */
  public static String path(String stack) {
    return "/services/" + stack;
  }

  /**
   * A servlet context to mount at {@code /services/*}.
   *
   * @param maxBodyBytes request body limit, 1..2^31-1
   */
  public static Handler handler(long maxBodyBytes) {
    return handler(maxBodyBytes, () -> null);
  }

  /**
   * @param publicBase the URL clients reach the server at, ending in "/", or null for the listening
   *     address: what the WSDLs name as each service's address (asked per request)
   */
  public static Handler handler(long maxBodyBytes, java.util.function.Supplier<String> publicBase) {
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    context.setErrorHandler(new SoapErrorHandler());
    context.addFilter(
        new FilterHolder(new WsdlAddresses(publicBase)),
        "/services/*",
        EnumSet.of(DispatcherType.REQUEST));
    context.addFilter(
        new FilterHolder(new SoapGate()), "/services/*", EnumSet.of(DispatcherType.REQUEST));
    context.addFilter(
        new FilterHolder(new BodyLimitFilter(maxBodyBytes)),
        "/services/*",
        EnumSet.of(DispatcherType.REQUEST));
    context.addFilter(
        new FilterHolder(new EnvelopeFilter(maxBodyBytes)),
        "/services/*",
        EnumSet.of(DispatcherType.REQUEST));
    ServletHolder axis2 = new ServletHolder("axis2", new HostedAxisServlet());
    axis2.setInitOrder(1);
    context.addServlet(axis2, "/services/*");
    ServletHolder cxf = new ServletHolder("cxf", new HostedCxfServlet());
    cxf.setInitOrder(2);
    context.addServlet(cxf, path(CXF) + "/*");
    return context.get();
  }

  /**
   * Whether a request sent with {@code Expect: 100-continue} is refused from its head alone (an
   * address that is no service's, and what {@link SoapGate#head} refuses, a SOAPAction included),
   * so the body gate may let it through unread: the client then gets the fault in place of {@code
   * 100 Continue}.
   */
  public static boolean refusedByHead(org.eclipse.jetty.server.Request request) {
    org.eclipse.jetty.http.HttpFields h = request.getHeaders();
    return !SoapGate.ENDPOINTS.contains(request.getHttpURI().getDecodedPath())
        || SoapGate.head(
                request.getMethod(),
                request.getHttpURI().getQuery(),
                h.getValuesList(org.eclipse.jetty.http.HttpHeader.CONTENT_TYPE),
                h.getValuesList("SOAPAction"),
                true)
            != null;
  }
}
