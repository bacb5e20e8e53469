package org.wirebench.server.soap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.regex.Pattern;
import javax.servlet.http.HttpServletResponse;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.formats.xml.XmlFactories;

/**
 * SOAP 1.1 faults as every path under {@code /services/} answers them: a code (Client for what the
 * request got wrong, Server for the rest, VersionMismatch for another SOAP version's message) and a
 * message that names the problem, never a Java class or a stack.
 */
final class SoapFaults {
  static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
  static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
  static final String VERSION_MISMATCH = "VersionMismatch";
  private static final XMLOutputFactory XML = XMLOutputFactory.newFactory();

  /** "java.lang.IllegalStateException: " or "org.apache.axiom.om.OMException: " and the like. */
  private static final Pattern CLASS_PREFIX =
      Pattern.compile("\\b(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error|Fault)?:\\s*");

  private static final Pattern CLASS_NAME =
      Pattern.compile("\\b(?:[a-z_$][\\w$]*\\.){2,}[A-Z][\\w$]*");

  /**
   * What a 415 names as taken in its {@code Accept} header (RFC 9110 §15.5.16): SOAP 1.1's media
   * type, the only one the services read.
   */
  static final String ACCEPT = SoapEnvelopes.MEDIA_TYPE;

  private SoapFaults() {}

  /**
   * Writes a fault; {@code code} is Client, Server or VersionMismatch. Commits the response. A 415,
   * whichever path refused the request (the gate, the body's encoding, a stack's own), carries
   * {@code Accept: text/xml}, so a client can read what would have been taken.
   */
  static void write(HttpServletResponse response, int status, String code, String message)
      throws IOException {
    response.setStatus(status);
    if (status == HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE) {
      response.setHeader("Accept", ACCEPT);
    }
    response.setContentType(SoapEnvelopes.CONTENT_TYPE);
    byte[] body = envelope(code, message);
    response.setContentLength(body.length);
    try (OutputStream out = response.getOutputStream()) {
      out.write(body);
    }
  }

  static byte[] envelope(String code, String message) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(512);
    try {
      XMLStreamWriter w = XML.createXMLStreamWriter(out, "UTF-8");
      w.writeStartDocument("UTF-8", "1.0");
      w.writeStartElement("soapenv", "Envelope", SOAP11);
      w.writeNamespace("soapenv", SOAP11);
      if (code.equals(VERSION_MISMATCH)) {
        // SOAP 1.1 §4.1.2 requires the VersionMismatch fault; we add SOAP 1.2's Upgrade header
        // block (Part 1 §5.4.7: env:Upgrade holding env:SupportedEnvelope, whose unqualified qname
        // attribute names an envelope the node takes), naming SOAP 1.1's Envelope, so a client
        // can read which version is served
        w.writeStartElement("soapenv", "Header", SOAP11);
        w.writeStartElement("upg", "Upgrade", SOAP12);
        w.writeNamespace("upg", SOAP12);
        w.writeEmptyElement("upg", "SupportedEnvelope", SOAP12);
        w.writeNamespace("ns1", SOAP11);
        w.writeAttribute("qname", "ns1:Envelope");
        w.writeEndElement();
        w.writeEndElement();
      }
      w.writeStartElement("soapenv", "Body", SOAP11);
      w.writeStartElement("soapenv", "Fault", SOAP11);
      w.writeStartElement("faultcode");
      w.writeCharacters("soapenv:" + code);
      w.writeEndElement();
      w.writeStartElement("faultstring");
      w.writeCharacters(XmlFactories.xmlSafe(message));
      w.writeEndDocument();
      w.close();
    } catch (XMLStreamException e) {
      throw new IOException("cannot write a SOAP fault", e);
    }
    return out.toByteArray();
  }

  /**
   * A stack's fault message with the Java class names taken out (Axis2 chains them in: {@code
   * javax.xml.stream.XMLStreamException: org.apache.axiom...}); {@code fallback} when nothing is
   * left.
   */
  static String withoutClassNames(String message, String fallback) {
    if (message == null) {
      return fallback;
    }
    String m = CLASS_PREFIX.matcher(message).replaceAll("");
    m = CLASS_NAME.matcher(m).replaceAll("").replaceAll("\\s+", " ").trim();
    return m.isEmpty() || m.equals(":") ? fallback : m;
  }
}
