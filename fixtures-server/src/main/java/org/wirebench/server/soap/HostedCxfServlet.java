package org.wirebench.server.soap;

import javax.servlet.ServletConfig;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;
import org.wirebench.formats.soap.stack.CxfJaxbService;

/** CXF's servlet, publishing {@link CxfJaxbService} (Benchmark1.wsdl) at the servlet's root. */
final class HostedCxfServlet extends CXFNonSpringServlet {
  private static final long serialVersionUID = 1L;

  @Override
  protected void loadBus(ServletConfig config) {
    super.loadBus(config);
    EndpointImpl endpoint = new EndpointImpl(getBus(), new CxfJaxbService());
    endpoint.publish("/");
  }
}
