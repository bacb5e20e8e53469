package org.wirebench.server.soap;

import java.io.IOException;
import java.io.InputStream;
import java.util.Iterator;
import javax.xml.namespace.QName;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.TransportInDescription;
import org.apache.axis2.description.WSDL11ToAxisServiceBuilder;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.engine.MessageReceiver;
import org.apache.axis2.transport.http.AxisServletListener;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.stack.Axis2AdbService;
import org.wirebench.formats.soap.stack.Axis2JaxbService;

/**
 * The Axis2 configuration the fixture server runs: Axis2's own default axis2.xml (phases,
 * dispatchers, builders) without a repository on disk, the servlet as the only HTTP receiver, no
 * stack traces in faults, and the two wsdl2code services (ADB and JAXB RI) built from
 * Benchmark1.wsdl, so {@code ?wsdl} serves the original contract.
 */
final class Axis2Hosting {
  /** Service names; a service answers at /services/{name}. */
  static final String ADB = "axis2-adb";

  static final String JAXB = "axis2-jaxb";

  private Axis2Hosting() {}

  static ConfigurationContext configurationContext() throws Exception {
    org.wirebench.formats.soap.stack.AxiomModel.check();
    ConfigurationContext context = ConfigurationContextFactory.createDefaultConfigurationContext();
    AxisConfiguration config = context.getAxisConfiguration();
    // the default axis2.xml starts its own HTTP server on port 6060 and sends stack traces in
    // faults
    TransportInDescription http = new TransportInDescription(Constants.TRANSPORT_HTTP);
    http.setReceiver(new AxisServletListener());
    config.addTransportIn(http);
    config.addParameter("sendStacktraceDetailsWithFaults", "false");
    config.addParameter("DrillDownToRootCauseForFaultReason", "false");
    context.setProperty(Constants.CONTAINER_MANAGED, Constants.VALUE_TRUE);
    config.addService(
        service(
            ADB,
            Axis2AdbService.class,
            new org.wirebench.formats.soap.adb.Benchmark1MessageReceiverInOut()));
    config.addService(
        service(
            JAXB,
            Axis2JaxbService.class,
            new org.wirebench.formats.soap.axis2jaxb.Benchmark1MessageReceiverInOut()));
    return context;
  }

  private static AxisService service(String name, Class<?> impl, MessageReceiver receiver)
      throws IOException {
    AxisService service;
    try (InputStream wsdl = Operation.class.getResourceAsStream("Benchmark1.wsdl")) {
      if (wsdl == null) {
        throw new IOException("Benchmark1.wsdl is missing from the classpath");
      }
      WSDL11ToAxisServiceBuilder builder =
          new WSDL11ToAxisServiceBuilder(
              wsdl, new QName(Operation.NAMESPACE, "Benchmark1"), "Benchmark1Port");
      builder.setServerSide(true);
      service = builder.populateService();
    }
    service.setName(name);
    service.setClassLoader(impl.getClassLoader());
    try {
      service.addParameter("ServiceClass", impl.getName());
      service.addParameter("useOriginalwsdl", "true");
      service.addParameter("modifyUserWSDLPortAddress", "true");
    } catch (AxisFault e) {
      throw new IOException(e);
    }
    for (Iterator<AxisOperation> ops = service.getOperations(); ops.hasNext(); ) {
      ops.next().setMessageReceiver(receiver);
    }
    return service;
  }
}
