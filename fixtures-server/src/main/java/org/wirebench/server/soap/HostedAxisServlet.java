package org.wirebench.server.soap;

import java.io.IOException;
import java.io.InputStream;
import javax.servlet.ServletConfig;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.transport.http.AxisServlet;

/**
 * Axis2's own servlet with the configuration of {@link Axis2Hosting} instead of a WEB-INF
 * repository.
 */
final class HostedAxisServlet extends AxisServlet {
  private static final long serialVersionUID = 1L;

  @Override
  protected ConfigurationContext initConfigContext(ServletConfig config) throws ServletException {
    try {
      return Axis2Hosting.configurationContext();
    } catch (Exception e) {
      throw new ServletException("cannot configure Axis2: " + e.getMessage(), e);
    }
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws ServletException, IOException {
    try {
      super.doPost(request, response);
    } finally {
      // Axis2 stops reading at the envelope's end tag; a chunked body's last chunk would stay
      // unread and Jetty would close the connection instead of keeping it alive
      drain(request);
    }
  }

  private static void drain(HttpServletRequest request) {
    byte[] buffer = new byte[512];
    try {
      InputStream in = request.getInputStream();
      while (in.read(buffer) >= 0) {
        // discard
      }
    } catch (IOException | IllegalStateException e) {
      // nothing left to keep alive
    }
  }
}
