package org.wirebench.server.soap;

import java.util.Map;
import javax.servlet.ServletConfig;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.logging.FaultListener;
import org.apache.cxf.message.Message;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wirebench.formats.soap.stack.CxfJaxbService;

/**
 * CXF's servlet, publishing {@link CxfJaxbService} (Benchmark1.wsdl) at the servlet's root. A fault
 * is logged in one line: CXF's own logging wrote a 6 KB stack trace per bad request, which a client
 * sending bad requests turns into the server's disk and CPU budget.
 */
final class HostedCxfServlet extends CXFNonSpringServlet {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(HostedCxfServlet.class);

  /** One line a fault; false tells CXF not to log it again with its stack. */
  static final FaultListener ONE_LINE =
      (Exception e, String description, Message message) -> {
        LOG.info(
            "cxf-jaxb fault on {}: {}",
            description == null ? "?" : description.trim(),
            SoapFaults.withoutClassNames(String.valueOf(e.getMessage()), e.getClass().getName()));
        return false;
      };

  @Override
  protected void loadBus(ServletConfig config) {
    super.loadBus(config);
    EndpointImpl endpoint = new EndpointImpl(getBus(), new CxfJaxbService());
    endpoint.setProperties(Map.of(FaultListener.class.getName(), ONE_LINE));
    endpoint.publish("/");
  }
}
