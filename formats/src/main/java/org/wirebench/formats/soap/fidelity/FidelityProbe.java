package org.wirebench.formats.soap.fidelity;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.wirebench.formats.fidelity.Fidelity;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.formats.soap.SoapStack;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.formats.xml.XsdNumbers;

/**
 * Sends an {@link EdgeCase} through a stack's server side and judges the answer by value against
 * what was sent: a finding about the library, never a test failure by itself.
 */
public final class FidelityProbe {
  /**
   * A structure's fields in the WSDL's order; an item of a structure is its field texts joined by
   * |.
   */
  private static final java.util.Map<Operation, List<String>> FIELDS =
      java.util.Map.of(
          Operation.SIMPLE_EVENTS, List.of("sequenceNumber", "timestamp", "message"),
          Operation.MESH_INTERFACE_OBJECTS, List.of("x", "y", "value"));

  private FidelityProbe() {}

  /**
   * @param fidelity what the stack did
   * @param detail the values that came back (or the fault), shortened
   */
  public record Outcome(Fidelity fidelity, String detail) {}

  /** In process: the stack's server side, as the benchmark times it. */
  public static Outcome probe(SoapStack stack, EdgeCase c) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      stack.serve(c.operation(), new ByteArrayInputStream(request(c)), out);
    } catch (Exception e) {
      return new Outcome(
          Fidelity.FAULT, "refused: " + Fidelity.shorten(String.valueOf(e.getMessage())));
    }
    return judge(c, out.toByteArray());
  }

  /** The request envelope of a case, exactly as a client puts its items on the wire. */
  public static byte[] request(EdgeCase c) {
    try {
      return envelope(c);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write the " + c.name() + " request", e);
    }
  }

  /** Judges an answer to {@link #request} by value, from wherever it came (e.g. over HTTP). */
  public static Outcome judge(EdgeCase c, byte[] response) {
    List<String> got;
    try {
      got = items(response, c.operation());
    } catch (IOException | XMLStreamException e) {
      return new Outcome(Fidelity.FAULT, "unreadable answer: " + Fidelity.shorten(e.getMessage()));
    }
    if (got == null) {
      return new Outcome(Fidelity.FAULT, "SOAP fault");
    }
    String detail = Fidelity.shorten(String.join(", ", got));
    if (got.size() < c.items().size()) {
      return new Outcome(Fidelity.LOST, got.isEmpty() ? "nothing" : detail);
    }
    if (!c.representable() || got.size() > c.items().size()) {
      return new Outcome(Fidelity.CHANGED, detail);
    }
    for (int i = 0; i < got.size(); i++) {
      if (!sameValue(c.operation(), c.items().get(i), got.get(i))) {
        return new Outcome(Fidelity.CHANGED, detail);
      }
    }
    return new Outcome(Fidelity.EXACT, detail);
  }

  /** Equal as values of the operation's XSD type: ints by value, doubles by bits (-0, NaN). */
  static boolean sameValue(Operation op, String sent, String got) {
    if (FIELDS.containsKey(op)) {
      String[] a = sent.split("\\|", -1);
      String[] b = got.split("\\|", -1);
      if (a.length != b.length) {
        return false;
      }
      Operation[] types =
          op == Operation.SIMPLE_EVENTS
              ? new Operation[] {Operation.INTS, Operation.DOUBLES, Operation.STRINGS}
              : new Operation[] {Operation.INTS, Operation.INTS, Operation.DOUBLES};
      for (int i = 0; i < a.length; i++) {
        if (!sameValue(types[i], a[i], b[i])) {
          return false;
        }
      }
      return true;
    }
    try {
      return switch (op) {
        case INTS -> new BigInteger(sent.trim()).equals(new BigInteger(got.trim()));
        case DOUBLES -> Double.compare(xsdDouble(sent), xsdDouble(got)) == 0;
        case FLOATS -> Float.compare((float) xsdDouble(sent), (float) xsdDouble(got)) == 0;
        default -> sent.equals(got);
      };
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static double xsdDouble(String s) {
    return XsdNumbers.parseDouble(s);
  }

  private static byte[] envelope(EdgeCase c) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      XMLStreamWriter w = XmlFactories.writer(out);
      w.writeStartDocument("UTF-8", "1.0");
      w.writeStartElement("soapenv", "Envelope", SoapEnvelopes.SOAP11);
      w.writeNamespace("soapenv", SoapEnvelopes.SOAP11);
      w.writeStartElement("soapenv", "Body", SoapEnvelopes.SOAP11);
      w.writeStartElement("ns", c.operation().requestElement(), c.namespace());
      w.writeNamespace("ns", c.namespace());
      List<String> fields = FIELDS.get(c.operation());
      for (String item : c.items()) {
        w.writeStartElement("ns", c.operation().requestItem(), c.namespace());
        if (fields == null) {
          w.writeCharacters(item);
        } else {
          String[] values = item.split("\\|", -1);
          for (int i = 0; i < fields.size(); i++) {
            w.writeStartElement("ns", fields.get(i), c.namespace());
            w.writeCharacters(values[i]);
            w.writeEndElement();
          }
        }
        w.writeEndElement();
      }
      w.writeEndDocument();
      w.close();
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
    return out.toByteArray();
  }

  /**
   * The text of every response item (a structure's field texts joined by |), or null when the
   * answer is a SOAP fault.
   */
  private static List<String> items(byte[] response, Operation op)
      throws IOException, XMLStreamException {
    String item = op.responseItem();
    boolean struct = FIELDS.containsKey(op);
    XMLStreamReader r = XmlFactories.reader(new ByteArrayInputStream(response));
    List<String> out = new ArrayList<>();
    while (r.hasNext()) {
      if (r.next() != XMLStreamConstants.START_ELEMENT) {
        continue;
      }
      if (r.getLocalName().equals("Fault")) {
        return null;
      }
      if (!r.getLocalName().equals(item)) {
        continue;
      }
      if (!struct) {
        out.add(r.getElementText());
        continue;
      }
      List<String> fields = new ArrayList<>();
      while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
        fields.add(r.getElementText());
      }
      out.add(String.join("|", fields));
    }
    return out;
  }
}
