package org.wirebench.formats.soap.stack;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.formats.soap.SoapStack;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.formats.xml.XsdLexical;
import org.wirebench.formats.xml.XsdNumbers;

/**
 * The floor: no databinding, just Woodstox reading the request's values into arrays and writing
 * them back. What it costs is what SOAP over StAX costs; the rest of each stack is databinding.
 */
public final class StaxRawStack implements SoapStack {

  @Override
  public String name() {
    return "stax-raw";
  }

  @Override
  public void serve(Operation operation, InputStream request, OutputStream response)
      throws IOException {
    EchoValues in = read(operation, operation.requestElement(), operation.requestItem(), request);
    SoapEnvelopes.response(in, response);
  }

  @Override
  public EchoValues readResponse(Operation operation, InputStream response) throws IOException {
    return read(operation, operation.responseElement(), operation.responseItem(), response);
  }

  /** Reads the body's payload element; anything unexpected fails with its location. */
  static EchoValues read(Operation op, String element, String item, InputStream in)
      throws IOException {
    XMLStreamReader r = XmlFactories.reader(in);
    try {
      toElement(r, SoapEnvelopes.SOAP11, "Envelope");
      toElement(r, SoapEnvelopes.SOAP11, "Body");
      toElement(r, Operation.NAMESPACE, element);
      List<String[]> items = new ArrayList<>();
      while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
        expect(r, item);
        if (op == Operation.SIMPLE_EVENTS || op == Operation.MESH_INTERFACE_OBJECTS) {
          String[] fields = new String[3];
          for (int f = 0; f < 3; f++) {
            r.nextTag();
            fields[f] = r.getElementText();
          }
          r.nextTag();
          items.add(fields);
        } else {
          items.add(new String[] {r.getElementText()});
        }
      }
      return new EchoValues(op, toArray(op, items));
    } catch (XMLStreamException | RuntimeException e) {
      throw new IOException("malformed " + element + " envelope: " + e.getMessage(), e);
    }
  }

  private static Object toArray(Operation op, List<String[]> items) {
    int n = items.size();
    switch (op) {
      case VOID:
        return null;
      case INTS:
        int[] ints = new int[n];
        for (int i = 0; i < n; i++) {
          ints[i] = XsdLexical.parseInt(items.get(i)[0]);
        }
        return ints;
      case DOUBLES:
        double[] doubles = new double[n];
        for (int i = 0; i < n; i++) {
          doubles[i] = XsdNumbers.parseDouble(items.get(i)[0]);
        }
        return doubles;
      case FLOATS:
        float[] floats = new float[n];
        for (int i = 0; i < n; i++) {
          floats[i] = XsdNumbers.parseFloat(items.get(i)[0]);
        }
        return floats;
      case STRINGS:
        String[] strings = new String[n];
        for (int i = 0; i < n; i++) {
          strings[i] = items.get(i)[0];
        }
        return strings;
      case SIMPLE_EVENTS:
        EchoValues.SimpleEvent[] events = new EchoValues.SimpleEvent[n];
        for (int i = 0; i < n; i++) {
          String[] f = items.get(i);
          events[i] =
              new EchoValues.SimpleEvent(
                  XsdLexical.parseInt(f[0]), XsdNumbers.parseDouble(f[1]), f[2]);
        }
        return events;
      default:
        EchoValues.MeshInterfaceObject[] mesh = new EchoValues.MeshInterfaceObject[n];
        for (int i = 0; i < n; i++) {
          String[] f = items.get(i);
          mesh[i] =
              new EchoValues.MeshInterfaceObject(
                  XsdLexical.parseInt(f[0]),
                  XsdLexical.parseInt(f[1]),
                  XsdNumbers.parseDouble(f[2]));
        }
        return mesh;
    }
  }

  private static void toElement(XMLStreamReader r, String ns, String local)
      throws XMLStreamException {
    while (r.hasNext()) {
      int event = r.next();
      if (event == XMLStreamConstants.DTD) {
        throw new XMLStreamException(
            "a DOCTYPE is not accepted in a SOAP message", r.getLocation());
      }
      if (event == XMLStreamConstants.START_ELEMENT) {
        if (ns.equals(r.getNamespaceURI()) && local.equals(r.getLocalName())) {
          return;
        }
        // SOAP headers are skipped; any other element in their place is an error
        if (!(SoapEnvelopes.SOAP11.equals(r.getNamespaceURI()) && r.getLocalName().equals("Header"))
            && !local.equals("Body")) {
          throw new XMLStreamException(
              "expected " + local + ", found " + r.getLocalName(), r.getLocation());
        }
        if (r.getLocalName().equals("Header")) {
          XmlFactories.skipElement(r);
        }
      }
    }
    throw new XMLStreamException("no " + local + " element");
  }

  private static void expect(XMLStreamReader r, String local) throws XMLStreamException {
    if (!Operation.NAMESPACE.equals(r.getNamespaceURI()) || !local.equals(r.getLocalName())) {
      throw new XMLStreamException(
          "expected " + local + ", found " + r.getLocalName(), r.getLocation());
    }
  }
}
