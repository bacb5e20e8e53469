package org.wirebench.server.soap;

import java.io.IOException;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * Reads a POST's whole body (already held within the body limit by {@link BodyLimitFilter}) and
 * lets it on to the stacks only when {@link EnvelopeCheck} finds it a whole SOAP 1.1 request for
 * one of the operations; anything else gets a fault before any stack has answered 200: a Client
 * fault with 400 for a body that is no SOAP message (empty, not well-formed XML, no Envelope at its
 * root) or whose Body holds one operation's request element while the SOAPAction names another
 * operation, and with 500 for an envelope the operations cannot take (a Body element no operation
 * takes, whatever the SOAPAction), as the SOAP 1.1 HTTP binding answers a fault (WS-I Basic Profile
 * R1126).
 */
final class EnvelopeFilter implements Filter {
  private final long maxBodyBytes;

  EnvelopeFilter(long maxBodyBytes) {
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    if (!"POST".equals(request.getMethod())) {
      chain.doFilter(req, resp);
      return;
    }
    // the limit filter has refused longer bodies
    byte[] body = BodyLimitFilter.readAtMost(request.getInputStream(), maxBodyBytes + 1);
    try {
      EnvelopeCheck.check(body, SoapGate.namedOperation(request.getHeader("SOAPAction")));
    } catch (EnvelopeCheck.Refused refused) {
      SoapFaults.write(
          (HttpServletResponse) resp, refused.status, refused.code, refused.getMessage());
      return;
    }
    chain.doFilter(new BodyLimitFilter.BufferedBodyRequest(request, body), resp);
  }
}
