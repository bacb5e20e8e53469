package org.wirebench.formats.soap;

import java.io.InputStream;
import java.io.OutputStream;
import javax.xml.bind.JAXBContext;
import javax.xml.bind.JAXBElement;
import javax.xml.bind.JAXBException;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.apache.cxf.jaxb.JAXBDataBinding;
import org.apache.cxf.staxutils.StaxUtils;
import org.wirebench.formats.xml.XmlFactories;

/**
 * Apache CXF 3.6 (XFire's successor) with JAXB RI: CXF's {@link StaxUtils} streams the envelope (no
 * object model), its {@link JAXBDataBinding} reads and writes the payload, as its SOAP interceptors
 * do around a JAX-WS service.
 */
public final class CxfJaxbStack implements SoapStack {
  private static final JAXBDataBinding BINDING = binding();

  private static JAXBDataBinding binding() {
    try {
      return new JAXBDataBinding(
          JAXBContext.newInstance(org.wirebench.formats.soap.cxf.ObjectFactory.class));
    } catch (JAXBException e) {
      throw new IllegalStateException("cannot create the JAXB context for cxf-jaxb", e);
    }
  }

  @Override
  public String name() {
    return "cxf-jaxb";
  }

  @Override
  public void serve(Operation operation, InputStream request, OutputStream response)
      throws Exception {
    Object out = CxfJaxbBeans.echo(operation, readPayload(request));
    XMLStreamWriter w = StaxUtils.createXMLStreamWriter(response, "UTF-8");
    w.writeStartDocument("UTF-8", "1.0");
    w.writeStartElement("soap", "Envelope", SoapEnvelopes.SOAP11);
    w.writeNamespace("soap", SoapEnvelopes.SOAP11);
    w.writeStartElement("soap", "Body", SoapEnvelopes.SOAP11);
    BINDING.createWriter(XMLStreamWriter.class).write(out, w);
    w.writeEndElement();
    w.writeEndElement();
    w.writeEndDocument();
    w.flush();
    StaxUtils.close(w);
  }

  @Override
  public EchoValues readResponse(Operation operation, InputStream response) throws Exception {
    return CxfJaxbBeans.values(operation, readPayload(response));
  }

  private static Object readPayload(InputStream envelope) throws XMLStreamException {
    XMLStreamReader r = StaxUtils.createXMLStreamReader(envelope);
    try {
      r.nextTag(); // soap:Envelope
      r.nextTag();
      if (r.getLocalName().equals("Header")) {
        XmlFactories.skipElement(r);
        r.nextTag();
      }
      if (!r.getLocalName().equals("Body") || r.nextTag() != XMLStreamConstants.START_ELEMENT) {
        throw new XMLStreamException("no payload in the SOAP body", r.getLocation());
      }
      Object payload = BINDING.createReader(XMLStreamReader.class).read(r);
      return payload instanceof JAXBElement<?> e ? e.getValue() : payload;
    } finally {
      StaxUtils.close(r);
    }
  }
}
