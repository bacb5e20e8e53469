package org.wirebench.server.soap;

import java.io.IOException;
import java.nio.charset.Charset;
import java.util.Locale;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first thing every request under {@code /services/} meets. It refuses what no stack here
 * serves before a stack sees it (a method other than GET or POST: 405; a body that is not SOAP 1.1
 * XML, including SOAP 1.2's application/soap+xml, or a charset Java does not know: 415), cleans the
 * stacks' own faults ({@link FaultCleaner}), and turns anything a stack throws into a Server fault
 * (logged with its stack on the server, never sent to the client).
 */
final class SoapGate implements Filter {
  private static final Logger LOG = LoggerFactory.getLogger(SoapGate.class);

  @Override
  public void doFilter(ServletRequest req, ServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    HttpServletResponse response = (HttpServletResponse) resp;
    String method = request.getMethod();
    if (!method.equals("GET") && !method.equals("HEAD") && !method.equals("POST")) {
      response.setHeader("Allow", "GET, HEAD, POST");
      SoapFaults.write(response, 405, "Client", "method " + method + " is not allowed here");
      return;
    }
    if (method.equals("POST")) {
      String refused = refusedContentType(request.getContentType());
      if (refused != null) {
        SoapFaults.write(response, 415, "Client", refused);
        return;
      }
    }
    FaultCleaner cleaned = new FaultCleaner(response);
    try {
      chain.doFilter(request, cleaned);
      cleaned.finish();
    } catch (IOException | ServletException | RuntimeException | Error e) {
      LOG.warn("SOAP request to {} failed", request.getRequestURI(), e);
      if (response.isCommitted()) {
        throw e instanceof IOException io ? io : new IOException("response already committed", e);
      }
      response.reset();
      SoapFaults.write(response, 500, "Server", "the server could not process this request");
    }
  }

  /** Why this Content-Type is refused, or null for SOAP 1.1's text/xml in a known charset. */
  static String refusedContentType(String contentType) {
    if (contentType == null || contentType.isBlank()) {
      return "a SOAP 1.1 request needs Content-Type: text/xml";
    }
    String[] parts = contentType.split(";");
    String mime = parts[0].trim().toLowerCase(Locale.ROOT);
    if (mime.equals("application/soap+xml")) {
      return "this endpoint speaks SOAP 1.1 (text/xml); SOAP 1.2 (application/soap+xml) is not"
          + " served";
    }
    if (!mime.equals("text/xml")) {
      return "Content-Type '" + parts[0].trim() + "' is not text/xml (SOAP 1.1)";
    }
    for (int i = 1; i < parts.length; i++) {
      String p = parts[i].trim();
      if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
        String charset = p.substring(8).trim().replace("\"", "");
        if (!known(charset)) {
          return "charset '" + charset + "' is not supported; send UTF-8";
        }
      }
    }
    return null;
  }

  private static boolean known(String charset) {
    try {
      return Charset.isSupported(charset);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
