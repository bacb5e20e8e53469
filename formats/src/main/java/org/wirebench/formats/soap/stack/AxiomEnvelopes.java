package org.wirebench.formats.soap.stack;

import java.io.InputStream;
import java.io.OutputStream;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMOutputFormat;
import org.apache.axiom.om.OMXMLBuilderFactory;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axiom.soap.SOAPModelBuilder;

/**
 * How Axis2 handles an envelope, shared by its two databindings: Axiom builds the request's SOAP
 * model; the databinding reads the body's payload through a non-caching StAX view; the response
 * payload is added to a fresh SOAP 1.1 envelope and serialized. This is what the generated message
 * receivers do around the databinding (their fromOM / toEnvelope).
 */
final class AxiomEnvelopes {
  private static final SOAPFactory SOAP11 = OMAbstractFactory.getSOAP11Factory();

  private AxiomEnvelopes() {}

  /** The body's first child as a StAX reader positioned on its start tag. */
  static XMLStreamReader payload(InputStream envelope) throws XMLStreamException {
    SOAPModelBuilder builder = OMXMLBuilderFactory.createSOAPModelBuilder(envelope, "UTF-8");
    OMElement payload = builder.getSOAPEnvelope().getBody().getFirstElement();
    if (payload == null) {
      throw new XMLStreamException("empty SOAP body");
    }
    XMLStreamReader reader = payload.getXMLStreamReaderWithoutCaching();
    reader.next(); // from START_DOCUMENT to the payload's start tag, where parsers expect it
    return reader;
  }

  static SOAPFactory factory() {
    return SOAP11;
  }

  /** Wraps {@code payload} in a SOAP 1.1 envelope and writes it as UTF-8. */
  static void write(OMElement payload, OutputStream out) throws XMLStreamException {
    SOAPEnvelope envelope = SOAP11.getDefaultEnvelope();
    envelope.getBody().addChild(payload);
    OMOutputFormat format = new OMOutputFormat();
    format.setCharSetEncoding("UTF-8");
    envelope.serializeAndConsume(out, format);
  }
}
