package org.wirebench.formats.soap.stack;

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
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.formats.soap.SoapStack;
import org.wirebench.formats.soap.cxf.EchoDoubles;
import org.wirebench.formats.soap.cxf.EchoDoublesResponse;
import org.wirebench.formats.soap.cxf.EchoFloats;
import org.wirebench.formats.soap.cxf.EchoFloatsResponse;
import org.wirebench.formats.soap.cxf.EchoInts;
import org.wirebench.formats.soap.cxf.EchoIntsResponse;
import org.wirebench.formats.soap.cxf.EchoMeshInterfaceObjects;
import org.wirebench.formats.soap.cxf.EchoMeshInterfaceObjectsResponse;
import org.wirebench.formats.soap.cxf.EchoSimpleEvents;
import org.wirebench.formats.soap.cxf.EchoSimpleEventsResponse;
import org.wirebench.formats.soap.cxf.EchoStrings;
import org.wirebench.formats.soap.cxf.EchoStringsResponse;
import org.wirebench.formats.soap.cxf.EchoVoidResponse;
import org.wirebench.formats.soap.cxf.JaxbBeans;
import org.wirebench.formats.xml.XmlFactories;

/**
 * Apache CXF 3.6 (XFire's successor) with JAXB RI: CXF's {@link StaxUtils} streams the envelope (no
 * object model), its {@link JAXBDataBinding} reads and writes the payload, as its SOAP interceptors
 * do around a JAX-WS service; the service is {@link CxfJaxbService}, the class the fixture server
 * hosts.
 */
public final class CxfJaxbStack implements SoapStack {
  private static final JAXBDataBinding BINDING = binding();
  private static final CxfJaxbService SERVICE = new CxfJaxbService();

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
    Object out = echo(operation, readPayload(request));
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

  /**
   * Through the JAX-WS service the fixture server hosts, as CXF's wrapped style calls it: the
   * request wrapper's list goes in, the returned list is added to a new response wrapper (what
   * CXF's JAXB wrapper helper does for a list property without a setter).
   */
  private static Object echo(Operation operation, Object in) {
    switch (operation) {
      case VOID:
        SERVICE.echoVoid();
        return new EchoVoidResponse();
      case INTS:
        EchoIntsResponse ints = new EchoIntsResponse();
        ints.getEchoIntsReturn().addAll(SERVICE.echoInts(((EchoInts) in).getInput()));
        return ints;
      case DOUBLES:
        EchoDoublesResponse doubles = new EchoDoublesResponse();
        doubles.getEchoDoublesReturn().addAll(SERVICE.echoDoubles(((EchoDoubles) in).getInput()));
        return doubles;
      case FLOATS:
        EchoFloatsResponse floats = new EchoFloatsResponse();
        floats.getEchoFloatsReturn().addAll(SERVICE.echoFloats(((EchoFloats) in).getInput()));
        return floats;
      case STRINGS:
        EchoStringsResponse strings = new EchoStringsResponse();
        strings.getEchoStringsReturn().addAll(SERVICE.echoStrings(((EchoStrings) in).getInput()));
        return strings;
      case SIMPLE_EVENTS:
        EchoSimpleEventsResponse events = new EchoSimpleEventsResponse();
        events
            .getEchoSimpleEventsReturn()
            .addAll(SERVICE.echoSimpleEvents(((EchoSimpleEvents) in).getInput()));
        return events;
      default:
        EchoMeshInterfaceObjectsResponse mesh = new EchoMeshInterfaceObjectsResponse();
        mesh.getEchoMeshInterfaceObjectsReturn()
            .addAll(SERVICE.echoMeshInterfaceObjects(((EchoMeshInterfaceObjects) in).getInput()));
        return mesh;
    }
  }

  @Override
  public EchoValues readResponse(Operation operation, InputStream response) throws Exception {
    return JaxbBeans.values(operation, readPayload(response));
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
