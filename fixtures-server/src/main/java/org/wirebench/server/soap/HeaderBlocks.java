package org.wirebench.server.soap;

import java.util.Set;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.finding.Quote;
import org.wirebench.formats.xml.XsdWhiteSpace;

/**
 * The Header's children, its header blocks, none of which is understood here. A block is ignored
 * only when it may be: one for this node with {@code mustUnderstand="1"} gets the MustUnderstand
 * fault (SOAP 1.1 §4.2.3; one for another actor is not this node's to understand, and passes), and
 * a value other than 0 or 1 is refused (SOAP 1.1's envelope schema restricts it so; Axis2 answered
 * "true" with a Server fault, CXF with MustUnderstand). What is no header block at all makes the
 * envelope malformed, a Client fault, as a second Header does: a child in no namespace (SOAP 1.1
 * §4.2.1: every header block is namespace-qualified) or in SOAP 1.1's own (SOAP 1.1 defines no
 * header block there, and its envelope schema takes in the Header only elements of other
 * namespaces: a {@code soapenv:Body} or {@code soapenv:Header} there is a misplaced envelope part),
 * and an attribute in SOAP 1.1's namespace that SOAP 1.1 does not define (a misspelled {@code
 * soapenv:mustunderstand="1"} would have asked for what it did not get); the stacks answered all of
 * these 200, ignoring them. Inside a block, an element of SOAP 1.1's namespace is out of place too:
 * CXF read a {@code soapenv:Body} there as the message's, and answered 500 Server, where both Axis2
 * stacks answered 200.
 */
final class HeaderBlocks {
  /** SOAP 1.1's actor for the first SOAP application that processes the message: this one. */
  private static final String NEXT = "http://schemas.xmlsoap.org/soap/actor/next";

  /** The attributes SOAP 1.1 defines in its namespace for a header block (§4.1.1, §4.2.2-3). */
  private static final Set<String> SOAP_ATTRIBUTES =
      Set.of("mustUnderstand", "actor", "encodingStyle");

  private HeaderBlocks() {}

  /**
   * Moves {@code r} past the Header it is at, checking the Header and its blocks.
   *
   * @param axiom whether the stack reads mustUnderstand with Axiom (both Axis2 stacks)
   */
  static void read(XMLStreamReader r, boolean axiom)
      throws XMLStreamException, EnvelopeCheck.Refused {
    EnvelopeAttributes.check(r);
    QName block = null;
    for (int depth = 1; depth > 0; ) {
      int event = r.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        depth++;
        String must = r.getAttributeValue(SoapFaults.SOAP11, "mustUnderstand");
        if (depth == 2) {
          block = r.getName();
          block(r, must, axiom);
        } else if (SoapFaults.SOAP11.equals(r.getNamespaceURI())) {
          // CXF took a soapenv:Body inside a block for the message's Body (500 Server "No
          // binding operation info"), while both Axis2 stacks ignored it
          throw new EnvelopeCheck.Refused(
              "Client",
              "the header block "
                  + EnvelopeCheck.show(block)
                  + " holds <"
                  + r.getLocalName()
                  + "> in SOAP 1.1's namespace, whose elements belong only in their places in the"
                  + " envelope");
        } else if (must != null) {
          throw new EnvelopeCheck.Refused(
              "Client",
              "mustUnderstand on "
                  + EnvelopeCheck.show(r.getName())
                  + ", which is no header block (SOAP 1.1 §4.2.3 puts it on the Header's children)");
        }
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        depth--;
      } else if (event == XMLStreamConstants.PROCESSING_INSTRUCTION) {
        throw EnvelopeCheck.processingInstruction();
      } else if (depth == 1
          && (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA)
          && !r.isWhiteSpace()) {
        // SOAP 1.1 §4.2: the Header holds header blocks, elements; the stacks ignored the text
        throw new EnvelopeCheck.Refused(
            "Client", "text in the Header, which holds only header blocks");
      }
    }
  }

  /** Checks the header block whose start tag {@code r} is at; {@code must} its mustUnderstand. */
  private static void block(XMLStreamReader r, String must, boolean axiom)
      throws EnvelopeCheck.Refused {
    String ns = r.getNamespaceURI();
    if (ns == null || ns.isEmpty()) {
      throw new EnvelopeCheck.Refused(
          "Client",
          "the Header holds <"
              + r.getLocalName()
              + "> in no namespace, which is no header block: SOAP 1.1 §4.2.1 requires every"
              + " header block to be namespace-qualified");
    }
    if (ns.equals(SoapFaults.SOAP11)) {
      throw new EnvelopeCheck.Refused(
          "Client",
          "the Header holds <"
              + r.getLocalName()
              + "> in SOAP 1.1's namespace, which is no header block: SOAP 1.1 defines none"
              + " there, and its envelope schema takes in the Header only elements of other"
              + " namespaces");
    }
    for (int i = 0; i < r.getAttributeCount(); i++) {
      if (SoapFaults.SOAP11.equals(r.getAttributeNamespace(i))
          && !SOAP_ATTRIBUTES.contains(r.getAttributeLocalName(i))) {
        throw new EnvelopeCheck.Refused(
            "Client",
            "attribute '"
                + r.getAttributeLocalName(i)
                + "' in SOAP 1.1's namespace on the header block "
                + EnvelopeCheck.show(r.getName())
                + ", which SOAP 1.1 does not define (it defines mustUnderstand, actor and"
                + " encodingStyle)");
      }
    }
    if (must == null) {
      return;
    }
    // xs:boolean restricted to 0 and 1, collapsed by XML's white space only (String.strip would
    // also drop U+2003, which XML keeps as part of the value)
    String value = XsdWhiteSpace.trim(must);
    if (value.equals("1")) {
      if (forThisNode(r)) {
        throw new EnvelopeCheck.Refused(
            "MustUnderstand",
            "the header block "
                + EnvelopeCheck.show(r.getName())
                + " must be understood, and no header block is understood here");
      }
    } else if (value.equals("0")) {
      if (axiom && !value.equals(must) && forThisNode(r)) {
        // valid (the schema collapses it), but Axiom compares the value as it stands and fails
        // building its own fault: a 500 "could not process" and a stack trace in the log
        throw new EnvelopeCheck.Refused(
            "Server",
            "Axis2 (axis2-adb, axis2-jaxb) cannot read mustUnderstand "
                + Quote.of(must, 40)
                + " on "
                + EnvelopeCheck.show(r.getName())
                + ": it takes 0 without the white space SOAP 1.1's schema allows round it; send"
                + " 0 alone, or use cxf-jaxb, which reads it");
      }
    } else {
      throw new EnvelopeCheck.Refused(
          "Client",
          "mustUnderstand "
              + Quote.of(must, 40)
              + " on "
              + EnvelopeCheck.show(r.getName())
              + " is neither 0 nor 1 (SOAP 1.1 §4.2.3)");
    }
  }

  /**
   * Whether the header block at {@code r} is for this node, the message's ultimate destination: no
   * actor, or the next one, names it (SOAP 1.1 §4.2.2); a block for another actor is not, and its
   * mustUnderstand asks nothing of this node (§4.2.3: the recipient is the one the actor names).
   */
  private static boolean forThisNode(XMLStreamReader r) throws EnvelopeCheck.Refused {
    String actor = r.getAttributeValue(SoapFaults.SOAP11, "actor");
    // an xs:anyURI, collapsed by XML's white space only: U+2003 before "next" makes another URI
    String uri = actor == null ? null : XsdWhiteSpace.trim(actor);
    if (uri == null || uri.equals(NEXT)) {
      return true;
    }
    if (uri.isEmpty()) {
      // a URI reference to the message itself, which names no SOAP node: not guessed either way
      throw new EnvelopeCheck.Refused(
          "Client",
          "an empty actor on "
              + EnvelopeCheck.show(r.getName())
              + " (SOAP 1.1 §4.2.2 takes a URI)");
    }
    return false;
  }
}
