package org.wirebench.formats.soap.stack;

import java.io.InputStream;
import java.io.OutputStream;
import javax.xml.bind.JAXBContext;
import javax.xml.bind.JAXBElement;
import javax.xml.bind.JAXBException;
import javax.xml.namespace.QName;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMNamespace;
import org.apache.axiom.om.ds.jaxb.JAXBOMDataSource;
import org.apache.axiom.soap.SOAPFactory;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapStack;
import org.wirebench.formats.soap.axis2jaxb.EchoDoubles;
import org.wirebench.formats.soap.axis2jaxb.EchoFloats;
import org.wirebench.formats.soap.axis2jaxb.EchoInts;
import org.wirebench.formats.soap.axis2jaxb.EchoMeshInterfaceObjects;
import org.wirebench.formats.soap.axis2jaxb.EchoSimpleEvents;
import org.wirebench.formats.soap.axis2jaxb.EchoStrings;
import org.wirebench.formats.soap.axis2jaxb.EchoVoid;
import org.wirebench.formats.soap.axis2jaxb.JaxbBeans;

/**
 * Axis2 1.8 with its JAXB RI databinding (wsdl2code {@code -d jaxbri}): Axiom for the envelope,
 * JAXB unmarshalling the payload from Axiom's StAX view and marshalling the response through an
 * Axiom data source, as the generated message receiver's fromOM / toOM do; the echo itself is
 * {@link Axis2JaxbService}, the class the fixture server hosts.
 */
public final class Axis2JaxbStack implements SoapStack {
  /** Refuses to run on another Axiom model than Axis2's own ({@link AxiomModel}). */
  public Axis2JaxbStack() {
    AxiomModel.check();
  }

  private static final JAXBContext CONTEXT = context();
  private static final Axis2JaxbService SERVICE = new Axis2JaxbService();

  private static JAXBContext context() {
    try {
      return JAXBContext.newInstance(org.wirebench.formats.soap.axis2jaxb.ObjectFactory.class);
    } catch (JAXBException e) {
      throw new IllegalStateException("cannot create the JAXB context for axis2-jaxb", e);
    }
  }

  @Override
  public String name() {
    return "axis2-jaxb";
  }

  @Override
  public void serve(Operation operation, InputStream request, OutputStream response)
      throws Exception {
    Object in =
        CONTEXT
            .createUnmarshaller()
            .unmarshal(AxiomEnvelopes.payload(request), JaxbBeans.requestType(operation))
            .getValue();
    AxiomEnvelopes.write(toOm(operation, echo(operation, in)), response);
  }

  /** Through the typed service the fixture server hosts, as Axis2's message receiver calls it. */
  private static Object echo(Operation operation, Object in) {
    return switch (operation) {
      case VOID -> SERVICE.echoVoid((EchoVoid) in);
      case INTS -> SERVICE.echoInts((EchoInts) in);
      case DOUBLES -> SERVICE.echoDoubles((EchoDoubles) in);
      case FLOATS -> SERVICE.echoFloats((EchoFloats) in);
      case STRINGS -> SERVICE.echoStrings((EchoStrings) in);
      case SIMPLE_EVENTS -> SERVICE.echoSimpleEvents((EchoSimpleEvents) in);
      case MESH_INTERFACE_OBJECTS ->
          SERVICE.echoMeshInterfaceObjects((EchoMeshInterfaceObjects) in);
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static OMElement toOm(Operation operation, Object bean) {
    SOAPFactory factory = AxiomEnvelopes.factory();
    QName name = new QName(Operation.NAMESPACE, operation.responseElement());
    JAXBOMDataSource source =
        new JAXBOMDataSource(CONTEXT, new JAXBElement(name, bean.getClass(), bean));
    OMNamespace ns = factory.createOMNamespace(Operation.NAMESPACE, null);
    return factory.createOMElement(source, operation.responseElement(), ns);
  }

  @Override
  public EchoValues readResponse(Operation operation, InputStream response) throws Exception {
    Object bean =
        CONTEXT
            .createUnmarshaller()
            .unmarshal(AxiomEnvelopes.payload(response), JaxbBeans.responseType(operation))
            .getValue();
    return JaxbBeans.values(operation, bean);
  }
}
