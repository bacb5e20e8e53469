package org.wirebench.formats.soap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.formats.xml.XsdNumbers;

/**
 * SOAP 1.1 envelopes written with plain StAX (Woodstox): the request every stack reads in the
 * benchmark (and that {@code wirebench soap-request} prints), and the stax-raw stack's responses.
 */
public final class SoapEnvelopes {
  public static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";

  /** SOAP 1.1's media type, the only one the services read. */
  public static final String MEDIA_TYPE = "text/xml";

  /** The Content-Type of an envelope as written here, in UTF-8. */
  public static final String CONTENT_TYPE = MEDIA_TYPE + "; charset=UTF-8";

  private SoapEnvelopes() {}

  /** The request envelope for {@code values}. */
  public static byte[] request(EchoValues values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      write(values, values.operation().requestElement(), values.operation().requestItem(), out);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** A response envelope for {@code values}. */
  public static void response(EchoValues values, OutputStream out) throws IOException {
    write(values, values.operation().responseElement(), values.operation().responseItem(), out);
  }

  private static void write(EchoValues values, String element, String item, OutputStream out)
      throws IOException {
    try {
      XMLStreamWriter w = XmlFactories.writer(out);
      w.writeStartDocument("UTF-8", "1.0");
      w.writeStartElement("soapenv", "Envelope", SOAP11);
      w.writeNamespace("soapenv", SOAP11);
      w.writeStartElement("soapenv", "Body", SOAP11);
      w.writeStartElement("ns", element, Operation.NAMESPACE);
      w.writeNamespace("ns", Operation.NAMESPACE);
      Object a = values.array();
      for (int i = 0; i < values.size(); i++) {
        w.writeStartElement("ns", item, Operation.NAMESPACE);
        if (a instanceof int[] ints) {
          w.writeCharacters(Integer.toString(ints[i]));
        } else if (a instanceof double[] doubles) {
          w.writeCharacters(XsdNumbers.print(doubles[i]));
        } else if (a instanceof float[] floats) {
          w.writeCharacters(XsdNumbers.print(floats[i]));
        } else if (a instanceof String[] strings) {
          w.writeCharacters(strings[i]);
        } else if (a instanceof EchoValues.SimpleEvent[] events) {
          field(w, "sequenceNumber", Integer.toString(events[i].sequenceNumber()));
          field(w, "timestamp", XsdNumbers.print(events[i].timestamp()));
          field(w, "message", events[i].message());
        } else if (a instanceof EchoValues.MeshInterfaceObject[] mesh) {
          field(w, "x", Integer.toString(mesh[i].x()));
          field(w, "y", Integer.toString(mesh[i].y()));
          field(w, "value", XsdNumbers.print(mesh[i].value()));
        }
        w.writeEndElement();
      }
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndDocument();
      w.close();
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  private static void field(XMLStreamWriter w, String name, String value)
      throws XMLStreamException {
    w.writeStartElement("ns", name, Operation.NAMESPACE);
    w.writeCharacters(value);
    w.writeEndElement();
  }
}
