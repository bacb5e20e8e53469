package org.wirebench.server.soap;

import java.io.IOException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.wirebench.server.http.ClientGone;
import org.wirebench.server.http.ClientWatch;

/**
 * A SOAP POST's client, watched from the moment its body is read until its answer ({@link
 * ClientWatch}), as the WFS, the WMS and the gateway watch theirs: a client that closes its
 * connection stops the work done for it. The envelope check is followed by a look at the socket
 * itself, so a request whose client left while its body was read and checked never reaches a stack;
 * a stack reading the request's body is stopped at its next read ({@link BodyLimitFilter}); and an
 * answer not yet sent is dropped. Such a request ends as the WFS's do: no answer, the connection
 * closed, {@code 499 0} in the access log and one INFO line. Before, each stack bound and echoed a
 * request of any size for nobody, its answer written into a closed connection.
 */
final class SoapClientLeft {
  /** Request attribute: the request's {@link ClientWatch}, set by {@link SoapGate} on a POST. */
  private static final String WATCH = SoapClientLeft.class.getName() + ".watch";

  private SoapClientLeft() {}

  /**
   * A watch on {@code request}'s client, kept on the request for the filters after the gate, or
   * null when the request is not Jetty's own (nothing can be watched then). Nothing is registered
   * until the body is read ({@link #watching}).
   */
  static ClientWatch watch(HttpServletRequest request) {
    org.eclipse.jetty.ee8.nested.Request base =
        org.eclipse.jetty.ee8.nested.Request.getBaseRequest(request);
    if (base == null || base.getHttpChannel() == null) {
      return null;
    }
    ClientWatch watch = ClientWatch.of(base.getHttpChannel().getCoreRequest());
    request.setAttribute(WATCH, watch);
    return watch;
  }

  /**
   * The request's watch, started: called once its whole body is read (a watch started earlier, with
   * the body still on the socket, would never watch), or null.
   */
  static ClientWatch watching(HttpServletRequest request) {
    ClientWatch watch = (ClientWatch) request.getAttribute(WATCH);
    if (watch != null) {
      watch.gone();
    }
    return watch;
  }

  /**
   * Throws the stop when the client has left, the socket itself asked: the look before a stack is
   * handed the request.
   */
  static void stopIfGoneNow(ClientWatch watch) throws IOException {
    if (watch != null && watch.goneNow()) {
      throw left().asIOException();
    }
  }

  /** Throws the stop when the client is known gone: the look a stack's every read makes. */
  static void stopIfGone(ClientWatch watch) throws IOException {
    if (watch != null && watch.gone()) {
      throw left().asIOException();
    }
  }

  private static ClientGone.Left left() {
    return new ClientGone.Left("the client left before its SOAP request was answered");
  }

  /**
   * Ends a request whose client left with nothing sent: its connection closed, and {@value
   * ClientGone#CLIENT_CLOSED_REQUEST} as its status in the access log.
   */
  static void abandon(HttpServletRequest request, HttpServletResponse response) {
    org.eclipse.jetty.ee8.nested.Request base =
        org.eclipse.jetty.ee8.nested.Request.getBaseRequest(request);
    if (base != null && base.getHttpChannel() != null) {
      base.getHttpChannel().getEndPoint().close();
    }
    response.resetBuffer();
    response.setStatus(ClientGone.CLIENT_CLOSED_REQUEST);
  }
}
