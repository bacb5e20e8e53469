package org.wirebench.server.soap;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.soap.Operation;

/**
 * What a SOAP 1.1 request to these services must be, checked over the whole body before a stack
 * sees it: Axis2 reads an envelope only as far as its payload's end tag, so an envelope cut before
 * {@code </soapenv:Body></soapenv:Envelope>}, or a body holding a 500 KB element no operation
 * takes, was answered 200. One streaming pass (Woodstox, no DTD, no entity resolved): well-formed
 * to the end of the document; an {@code Envelope} in the SOAP 1.1 namespace (in any other, a
 * VersionMismatch) holding an optional {@code Header} and one {@code Body}, and nothing else; the
 * Body holding exactly one element, the request element of one of the WSDL's operations, and, when
 * the SOAPAction names an operation, of that one; no attribute on the Envelope, Header or Body
 * ({@link EnvelopeAttributes}); within the limits of CXF's parser, kept alike for all three ({@link
 * ReaderLimits}, a 413; at most {@link SoapServices#MAX_ITEMS} items in an array). Axis2 dispatches
 * on the SOAPAction and reads the Body as that operation's request (echoInts under echoDoubles'
 * action was answered 200 with the ints as doubles), CXF dispatches on it too and answered 500. An
 * element no operation takes is refused as such first, whatever the SOAPAction names, so that one
 * Body gets one answer. The request element is then checked against the WSDL's schema in the same
 * pass ({@link PayloadCheck}); a Header's blocks are none understood here, and must be blocks at
 * all ({@link HeaderBlocks}), and a processing instruction anywhere is refused (SOAP 1.1 §3).
 */
final class EnvelopeCheck {
  private static final Set<QName> REQUESTS =
      Arrays.stream(Operation.values())
          .map(op -> new QName(Operation.NAMESPACE, op.requestElement()))
          .collect(Collectors.toUnmodifiableSet());

  /** Why the body is refused. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    /** Client, or VersionMismatch for another SOAP version's envelope. */
    final String code;

    /**
     * 400 when the HTTP request is what is wrong: a body that is no SOAP message at all (empty, not
     * XML, another root element), or a SOAPAction naming another operation than the one whose
     * request element the Body holds. 500 for a SOAP envelope the service cannot take (a Body
     * element no operation takes, whatever the SOAPAction, or anything else out of place), as SOAP
     * 1.1 over HTTP answers a fault (WS-I Basic Profile R1126).
     */
    final int status;

    Refused(String code, String message) {
      this(500, code, message);
    }

    private Refused(int status, String code, String message) {
      super(message, null, false, false);
      this.code = code;
      this.status = status;
    }

    static Refused notSoap(String message) {
      return new Refused(400, "Client", message);
    }

    /**
     * More than the server takes ({@link ReaderLimits}): 413, as a body above the byte limit gets,
     * for a request larger than the server is willing to process (RFC 9110 §15.5.14).
     */
    static Refused tooLarge(String message) {
      return new Refused(413, "Client", message);
    }

    /**
     * What the Body's payload may not hold, whichever check reads it ({@link PayloadCheck}, {@link
     * PayloadSchema}): a processing instruction (SOAP 1.1 §3) or an entity reference.
     */
    static Refused notInPayload(int staxEvent) {
      return new Refused(
          "Client",
          staxEvent == javax.xml.stream.XMLStreamConstants.PROCESSING_INSTRUCTION
              ? "a SOAP message must not hold processing instructions (SOAP 1.1 §3)"
              : "an entity reference is not allowed here");
    }

    /**
     * The HTTP request contradicts itself: its SOAPAction names another operation than the one
     * whose request element the Body holds.
     */
    static Refused contradicted(String message) {
      return new Refused(400, "Client", message);
    }
  }

  /**
   * Checks the request element against the WSDL's schema, from its start tag to its end tag: the
   * hand-written {@link PayloadCheck} serves, the JDK's validator ({@link PayloadSchema}) is the
   * oracle the tests hold it to.
   */
  @FunctionalInterface
  interface Payload {
    void validate(XMLStreamReader r, Map<String, String> inScope, boolean carriesSentinels)
        throws XMLStreamException, Refused;
  }

  private EnvelopeCheck() {}

  /**
   * @param named the operation the SOAPAction names, or null when it names none
   * @param carriesSentinels whether the stack carries NaN, the infinities and -2147483648 ({@link
   *     SimpleValues#refuseAdbSentinel})
   * @param axiom whether the stack reads the envelope with Axiom (Axis2), whose mustUnderstand
   *     reader takes no white space round the value ({@link HeaderBlocks})
   * @throws Refused naming what is wrong with {@code body}
   */
  static void check(byte[] body, Operation named, boolean carriesSentinels, boolean axiom)
      throws Refused {
    check(body, named, carriesSentinels, axiom, PayloadCheck::validate);
  }

  /**
   * As {@link #check(byte[], Operation, boolean, boolean)} for a stack that is not Axiom's, the
   * request element checked by {@code check}.
   */
  static void check(byte[] body, Operation named, boolean carriesSentinels, Payload check)
      throws Refused {
    check(body, named, carriesSentinels, false, check);
  }

  private static void check(
      byte[] body, Operation named, boolean carriesSentinels, boolean axiom, Payload check)
      throws Refused {
    try {
      XMLStreamReader r = ReaderLimits.open(body);
      try {
        // BodyEncoding has refused every start Woodstox reads as another encoding; should one
        // slip past it, the stacks (reading UTF-8) and this check would read two documents
        if (!"UTF-8".equalsIgnoreCase(r.getEncoding())) {
          throw Refused.notSoap("the request is read as " + r.getEncoding() + ", not UTF-8");
        }
        String version = org.wirebench.formats.xml.XmlFactories.notXml10(r);
        if (version != null) {
          // the stacks read XML 1.1 too, and echoed its &#1; into XML 1.0 answers that no
          // client could parse
          throw Refused.notSoap(
              "the request is XML "
                  + version
                  + "; a SOAP 1.1 message is XML 1.0, as its answer is and as the WSDL's XML"
                  + " Schema 1.0 types are: declare version=\"1.0\" or none");
        }
        // a character reference XML forbids (&#0;) fails only when its text is read (the schema
        // check reads it)
        org.wirebench.formats.xml.XmlFactories.reading(
            () -> {
              walk(r, named, carriesSentinels, axiom, check);
              return null;
            });
      } finally {
        r.close();
      }
    } catch (ReaderLimits.Exceeded e) {
      throw e.refused;
    } catch (XMLStreamException | IOException e) {
      throw unread(e);
    }
  }

  /** The refusal for what the reader threw: one of its limits (413), or XML not well-formed. */
  private static Refused unread(Exception e) {
    Refused tooLarge = ReaderLimits.ofReader(e);
    return tooLarge != null
        ? tooLarge
        : Refused.notSoap(
            "the request is not well-formed XML: "
                + SoapFaults.withoutClassNames(e.getMessage(), "it does not parse"));
  }

  private static void walk(
      XMLStreamReader r, Operation named, boolean carriesSentinels, boolean axiom, Payload check)
      throws XMLStreamException, Refused {
    QName root = nextRoot(r);
    if (root.getLocalPart().equals("Envelope")
        && !root.getNamespaceURI().equals(SoapFaults.SOAP11)) {
      // SOAP 1.1 §4.1.2: an Envelope in any other namespace is a version error, answered with
      // a VersionMismatch fault (SOAP 1.1 §6.2: a fault goes with HTTP 500)
      throw new Refused(
          SoapFaults.VERSION_MISMATCH,
          (root.getNamespaceURI().equals(SoapFaults.SOAP12)
                  ? "a SOAP 1.2 envelope"
                  : "an Envelope " + show(root).substring("<Envelope> ".length()))
              + "; this endpoint speaks SOAP 1.1 only ("
              + SoapFaults.SOAP11
              + ", sent as text/xml)");
    }
    if (!root.getNamespaceURI().equals(SoapFaults.SOAP11)
        || !root.getLocalPart().equals("Envelope")) {
      throw Refused.notSoap("the request is a " + show(root) + ", not a SOAP 1.1 Envelope");
    }
    EnvelopeAttributes.check(r);
    Map<String, String> inScope = new LinkedHashMap<>();
    declared(r, inScope);
    QName child = nextChild(r, "the Envelope holds no Body");
    if (isSoap(child, "Header")) {
      HeaderBlocks.read(r, axiom);
      child = nextChild(r, "the Envelope holds no Body");
    }
    if (!isSoap(child, "Body")) {
      throw new Refused("Client", "a " + show(child) + " where the Envelope's Body belongs");
    }
    EnvelopeAttributes.check(r);
    declared(r, inScope);
    QName payload = nextChild(r, "the Body is empty");
    if (!REQUESTS.contains(payload)) {
      throw new Refused(
          "Client",
          "the Body holds "
              + show(payload)
              + ", which no operation here takes; the operations take "
              + REQUESTS.stream()
                  .map(QName::getLocalPart)
                  .sorted()
                  .collect(Collectors.joining(", "))
              + " in "
              + Operation.NAMESPACE);
    }
    // checked after the element is known to be some operation's: an element no operation takes
    // gets the one answer above whatever the SOAPAction names
    if (named != null && !payload.equals(new QName(Operation.NAMESPACE, named.requestElement()))) {
      throw Refused.contradicted(
          "the SOAPAction names operation "
              + named.requestElement()
              + " but the Body holds "
              + show(payload)
              + "; send the action of the Body's operation, or \"\"");
    }
    check.validate(r, inScope, carriesSentinels);
    QName extra = nextChild(r, null);
    if (extra != null) {
      throw new Refused("Client", "the Body holds " + show(extra) + " after the request element");
    }
    extra = nextChild(r, null);
    if (extra != null) {
      throw new Refused("Client", "the Envelope holds " + show(extra) + " after its Body");
    }
    while (r.hasNext()) {
      // the parser fails on anything but comments, processing instructions, space
      if (r.next() == XMLStreamConstants.PROCESSING_INSTRUCTION) {
        throw processingInstruction();
      }
    }
  }

  /** SOAP 1.1 §3: CXF answered a body with one before its Envelope 200, both Axis2 500 Server. */
  static Refused processingInstruction() {
    return new Refused(
        "Client", "a SOAP message must not hold processing instructions (SOAP 1.1 §3)");
  }

  /** Adds the namespace declarations of the start tag {@code r} is at, inner ones replacing. */
  private static void declared(XMLStreamReader r, Map<String, String> inScope) {
    for (int i = 0; i < r.getNamespaceCount(); i++) {
      String prefix = r.getNamespacePrefix(i);
      String uri = r.getNamespaceURI(i);
      inScope.put(prefix == null ? "" : prefix, uri == null ? "" : uri);
    }
  }

  /**
   * The next child element of the current element, or null at its end tag (then {@code missing},
   * when not null, is refused). Text other than white space is refused.
   */
  private static QName nextChild(XMLStreamReader r, String missing)
      throws XMLStreamException, Refused {
    while (true) {
      int event = r.next();
      switch (event) {
        case XMLStreamConstants.START_ELEMENT:
          return r.getName();
        case XMLStreamConstants.END_ELEMENT:
          if (missing != null) {
            throw new Refused("Client", missing);
          }
          return null;
        case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA:
          if (!r.isWhiteSpace()) {
            throw new Refused("Client", "text where only elements belong in a SOAP envelope");
          }
          break;
        case XMLStreamConstants.DTD:
          throw new Refused("Client", "a DOCTYPE is not allowed in a SOAP message");
        case XMLStreamConstants.ENTITY_REFERENCE:
          throw new Refused("Client", "an entity reference is not allowed here");
        case XMLStreamConstants.PROCESSING_INSTRUCTION:
          throw processingInstruction();
        default:
          break;
      }
    }
  }

  /** The document's root element; a body with none is no SOAP message. */
  private static QName nextRoot(XMLStreamReader r) throws XMLStreamException, Refused {
    while (r.hasNext()) {
      int event = r.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        return r.getName();
      }
      if (event == XMLStreamConstants.DTD) {
        throw new Refused("Client", "a DOCTYPE is not allowed in a SOAP message");
      }
      if (event == XMLStreamConstants.PROCESSING_INSTRUCTION) {
        throw processingInstruction();
      }
    }
    throw Refused.notSoap("the request holds no XML element");
  }

  private static boolean isSoap(QName name, String local) {
    return name.getNamespaceURI().equals(SoapFaults.SOAP11) && name.getLocalPart().equals(local);
  }

  static String show(QName name) {
    String ns = name.getNamespaceURI();
    return "<" + name.getLocalPart() + ">" + (ns.isEmpty() ? " in no namespace" : " in " + ns);
  }
}
