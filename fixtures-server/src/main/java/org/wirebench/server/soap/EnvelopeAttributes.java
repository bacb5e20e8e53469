package org.wirebench.server.soap;

import javax.xml.stream.XMLStreamReader;

/**
 * The attributes of SOAP's own elements, Envelope, Header and Body: none is taken (namespace
 * declarations are no attributes here, and are free). WS-I Basic Profile 1.1 R1005 forbids {@code
 * soapenv:encodingStyle} on them (R1006 and R1007, on the Body's child and grandchildren, are kept
 * by the payload's schema check, which takes no attribute but xsi's); SOAP 1.1's envelope schema
 * takes on Envelope and Header only attributes of other namespaces ({@code anyAttribute
 * namespace="##other"}), and on the Body any, noting that SOAP 1.1's prose gives it none. The
 * stacks answered all of these 200, ignoring them. An attribute of another namespace, which the
 * schema allows, asks something no code here reads, and no client we tried sends one (zeep 4.2.1,
 * Axis2's and CXF's clients declare namespaces only): refused as not understood, not ignored.
 */
final class EnvelopeAttributes {
  private EnvelopeAttributes() {}

  /** Refuses any attribute of the Envelope, Header or Body whose start tag {@code r} is at. */
  static void check(XMLStreamReader r) throws EnvelopeCheck.Refused {
    if (r.getAttributeCount() == 0) {
      return;
    }
    String ns = r.getAttributeNamespace(0);
    ns = ns == null ? "" : ns;
    String local = r.getAttributeLocalName(0);
    String element = r.getLocalName();
    String attribute =
        "attribute '"
            + local
            + "'"
            + (ns.isEmpty()
                ? " in no namespace"
                : ns.equals(SoapFaults.SOAP11) ? " in SOAP 1.1's namespace" : " in " + ns)
            + " on the "
            + element;
    String why;
    if (ns.equals(SoapFaults.SOAP11) && local.equals("encodingStyle")) {
      why =
          "; WS-I Basic Profile 1.1 R1005 forbids soapenv:encodingStyle on SOAP's own elements"
              + " (these services are document/literal)";
    } else if (ns.isEmpty() || ns.equals(SoapFaults.SOAP11)) {
      why =
          element.equals("Body")
              ? ", to which SOAP 1.1 §4.3 gives no attribute"
              : ", where SOAP 1.1's envelope schema takes only attributes of other namespaces";
    } else {
      why = ", which these services do not understand (SOAP's own elements take no attribute here)";
    }
    throw new EnvelopeCheck.Refused("Client", attribute + why);
  }
}
