package org.wirebench.formats.soap;

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

/**
 * Axis2 1.8 with its JAXB RI databinding (wsdl2code {@code -d jaxbri}): Axiom for the envelope,
 * JAXB unmarshalling the payload from Axiom's StAX view and marshalling the response through an
 * Axiom data source, as the generated message receiver's fromOM / toOM do.
 */
public final class Axis2JaxbStack implements SoapStack {
  private static final JAXBContext CONTEXT = context();

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
            .unmarshal(AxiomEnvelopes.payload(request), Axis2JaxbBeans.requestType(operation))
            .getValue();
    Object out = Axis2JaxbBeans.echo(operation, in);
    AxiomEnvelopes.write(toOm(operation, out), response);
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
            .unmarshal(AxiomEnvelopes.payload(response), Axis2JaxbBeans.responseType(operation))
            .getValue();
    return Axis2JaxbBeans.values(operation, bean);
  }
}
