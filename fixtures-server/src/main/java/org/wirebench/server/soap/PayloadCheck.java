package org.wirebench.server.soap;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.finding.Quote;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.xml.XsdWhiteSpace;

/**
 * Benchmark1.wsdl's XML Schema checked by hand, for this one schema, over the events of the
 * Woodstox pass {@link EnvelopeCheck} makes: taking and refusing what the JDK's validator ({@link
 * PayloadSchema}, the oracle PayloadCheckAgreementTest holds this to) takes and refuses, at the
 * same element, so that a refusal's code is the same too, at a fraction of its cost (it adds about
 * 0.5 µs an element, as much as a stack's own work on large arrays; docs/server.md). Children in
 * the WSDL's namespace, order and count; no attribute but xsi:type (naming the declared type or one
 * derived from it) and the schema locations; no xsi:nil (nothing is nillable); no text where only
 * elements go; each value in its type's lexical and value space. The rare forms (an xsi:type of a
 * name type such as xs:NCName, an xsi:schemaLocation's URIs) are judged by the library, alone.
 */
final class PayloadCheck {
  private static final String NS = Operation.NAMESPACE;
  private static final String XSI = XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI;
  private static final String XSD = XMLConstants.W3C_XML_SCHEMA_NS_URI;

  /** What an element is declared as. */
  private enum Type {
    REQUEST(false),
    INT(true),
    DOUBLE(true),
    FLOAT(true),
    STRING(true),
    SIMPLE_EVENT(false),
    MESH(false);

    final boolean simple;

    Type(boolean simple) {
      this.simple = simple;
    }
  }

  private static final String[] EVENT = {"sequenceNumber", "timestamp", "message"};
  private static final Type[] EVENT_TYPES = {Type.INT, Type.DOUBLE, Type.STRING};
  private static final String[] MESH = {"x", "y", "value"};
  private static final Type[] MESH_TYPES = {Type.INT, Type.INT, Type.DOUBLE};

  private PayloadCheck() {}

  /**
   * Checks the element {@code r} is at the start tag of, leaving {@code r} at its end tag; the
   * signature of {@link PayloadSchema#validate}, whose refusals (codes and statuses) it makes.
   */
  static void validate(XMLStreamReader r, Map<String, String> inScope, boolean carriesSentinels)
      throws XMLStreamException, EnvelopeCheck.Refused {
    String operation = r.getLocalName();
    Type item = itemType(operation);
    // an element out of place is refused at its start tag, or read by the validator to its end
    // tag when it stands where no element goes, so no more than three are open here
    Type[] types = new Type[4];
    String[] names = new String[4];
    String[] derived = new String[4]; // an xsi:type's built-in type other than the declared one
    int[] children = new int[4];
    String[] text = new String[4]; // the first text where only elements go
    String[] foreign = new String[4]; // why an element stands where none goes
    String[][] declared = new String[4][]; // namespace declarations, prefix and URI pairs
    StringBuilder value = new StringBuilder();
    Set<String> ids = null;
    List<String> idrefs = null;
    int depth = 1;
    types[1] = Type.REQUEST;
    names[1] = operation;
    derived[1] = attributes(r, Type.REQUEST, operation);
    declared[1] = declarations(r);
    while (true) {
      int event = r.next();
      switch (event) {
        case XMLStreamConstants.START_ELEMENT -> {
          if (types[depth].simple || depth == 1 && item == null) {
            // refused at the parent's end tag, where the validator finds it; read to its own end
            // tag as the validator reads it, which may refuse it first
            if (foreign[depth] == null) {
              String found = show(nonNull(r.getNamespaceURI()), r.getLocalName());
              foreign[depth] =
                  types[depth].simple
                      ? "an xs:"
                          + typeName(types[depth])
                          + " holds no element, and "
                          + found
                          + " is one"
                      : found + " where " + names[depth] + " holds nothing";
            }
            PayloadSchema.foreign(r, scope(inScope, declared, depth));
          } else {
            Type child = child(r, types[depth], names[depth], children[depth], item);
            children[depth]++;
            depth++;
            types[depth] = child;
            names[depth] = r.getLocalName();
            children[depth] = 0;
            text[depth] = null;
            foreign[depth] = null;
            declared[depth] = declarations(r);
            derived[depth] = attributes(r, child, names[depth]);
            value.setLength(0);
          }
        }
        case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
          char[] chars = r.getTextCharacters();
          int start = r.getTextStart();
          int length = r.getTextLength();
          if (types[depth].simple) {
            value.append(chars, start, length);
          } else if (text[depth] == null
              && (depth == 1 && item == null ? length > 0 : !space(chars, start, start + length))) {
            // refused at the end tag, where the validator finds it, after the children; echoVoid's
            // empty sequence makes its content empty, where even white space is text
            text[depth] = new String(chars, start, length);
          }
        }
        case XMLStreamConstants.END_ELEMENT -> {
          String name = names[depth];
          Type type = types[depth];
          if (foreign[depth] != null) {
            throw refused(name, "", foreign[depth]);
          }
          if (type.simple) {
            String wrong = SimpleValues.problem(typeName(type), derived[depth], value);
            if (wrong != null) {
              throw refused(name, value.toString(), wrong);
            }
            if (derived[depth] != null && derived[depth].startsWith("ID")) {
              String v = value.toString();
              String id = XsdWhiteSpace.trim(v);
              if (derived[depth].equals("ID")) {
                ids = ids == null ? new HashSet<>() : ids;
                if (!ids.add(id)) {
                  throw refused(name, v, "an xs:ID the request already holds");
                }
              } else {
                idrefs = idrefs == null ? new ArrayList<>() : idrefs;
                idrefs.add(id);
              }
            }
            String numeric = SimpleValues.numeric(operation, depth, name);
            if (numeric != null && !carriesSentinels) {
              SimpleValues.refuseAdbSentinel(numeric, name, value.toString());
            }
            value.setLength(0);
          } else {
            if (text[depth] != null) {
              throw refused(
                  name,
                  text[depth],
                  item == null && depth == 1
                      ? "text in an element whose content the schema makes empty"
                      : "text where the schema puts only elements (a complex type)");
            }
            String missing = missing(type, children[depth]);
            if (missing != null) {
              throw refused(name, "", "it ends before its <" + missing + ">");
            }
          }
          if (--depth == 0) {
            for (String ref : idrefs == null ? List.<String>of() : idrefs) {
              if (ids == null || !ids.contains(ref)) {
                throw refused(operation, ref, "an xs:IDREF naming no xs:ID in the request");
              }
            }
            return;
          }
        }
        case XMLStreamConstants.PROCESSING_INSTRUCTION, XMLStreamConstants.ENTITY_REFERENCE ->
            throw EnvelopeCheck.Refused.notInPayload(event);
        default -> {} // comments
      }
    }
  }

  /** The type of the request element's children, or null when it takes none (echoVoid). */
  private static Type itemType(String operation) {
    return switch (operation) {
      case "echoInts" -> Type.INT;
      case "echoDoubles" -> Type.DOUBLE;
      case "echoFloats" -> Type.FLOAT;
      case "echoStrings" -> Type.STRING;
      case "echoSimpleEvents" -> Type.SIMPLE_EVENT;
      case "echoMeshInterfaceObjects" -> Type.MESH;
      default -> null;
    };
  }

  /**
   * The declared type of the child {@code r} is at the start tag of, the {@code index}th of an
   * element of type {@code parent}, or refused where the schema puts no such child.
   */
  private static Type child(XMLStreamReader r, Type parent, String name, int index, Type item)
      throws EnvelopeCheck.Refused {
    String ns = nonNull(r.getNamespaceURI());
    String local = r.getLocalName();
    String[] sequence = parent == Type.SIMPLE_EVENT ? EVENT : parent == Type.MESH ? MESH : null;
    if (sequence == null) {
      if (ns.equals(NS) && local.equals("input")) {
        return item;
      }
      throw refused(
          name, "", show(ns, local) + " where only <input> in " + NS + " (any number) belongs");
    }
    if (index >= sequence.length) {
      throw refused(name, "", show(ns, local) + " after its last child <" + sequence[2] + ">");
    }
    if (ns.equals(NS) && local.equals(sequence[index])) {
      return (parent == Type.SIMPLE_EVENT ? EVENT_TYPES : MESH_TYPES)[index];
    }
    throw refused(
        name, "", show(ns, local) + " where <" + sequence[index] + "> in " + NS + " belongs");
  }

  /** The namespace declarations of the start tag {@code r} is at, or null when it has none. */
  private static String[] declarations(XMLStreamReader r) {
    int n = r.getNamespaceCount();
    if (n == 0) {
      return null;
    }
    String[] pairs = new String[2 * n];
    for (int i = 0; i < n; i++) {
      pairs[2 * i] = nonNull(r.getNamespacePrefix(i));
      pairs[2 * i + 1] = nonNull(r.getNamespaceURI(i));
    }
    return pairs;
  }

  /** The namespace declarations in scope inside the element at {@code depth}. */
  private static Map<String, String> scope(
      Map<String, String> inScope, String[][] declared, int depth) {
    Map<String, String> scope = new LinkedHashMap<>(inScope);
    for (int d = 1; d <= depth; d++) {
      for (int i = 0; declared[d] != null && i < declared[d].length; i += 2) {
        scope.put(declared[d][i], declared[d][i + 1]);
      }
    }
    return scope;
  }

  private static String nonNull(String s) {
    return s == null ? "" : s;
  }

  /** The first child an element of type {@code type} lacks, having {@code seen} of them. */
  private static String missing(Type type, int seen) {
    String[] sequence = type == Type.SIMPLE_EVENT ? EVENT : type == Type.MESH ? MESH : null;
    return sequence == null || seen >= sequence.length ? null : sequence[seen];
  }

  /**
   * Checks the attributes of the start tag {@code r} is at, of an element declared {@code type}:
   * only xsi:type and the schema locations are taken. Returns the built-in type an xsi:type names
   * when it is another than the declared one (derived from it), else null.
   */
  private static String attributes(XMLStreamReader r, Type type, String name)
      throws EnvelopeCheck.Refused {
    String derived = null;
    for (int i = 0; i < r.getAttributeCount(); i++) {
      String ns = nonNull(r.getAttributeNamespace(i));
      String local = r.getAttributeLocalName(i);
      String v = r.getAttributeValue(i);
      if (!ns.equals(XSI)) {
        throw refused(name, "", "attribute " + show(ns, local) + ", and the schema declares none");
      }
      switch (local) {
        case "nil" ->
            throw refused(name, "", "xsi:nil " + Quote.of(v, 40) + ", and nothing is nillable");
        case "type" -> derived = xsiType(r, v, type, name);
        case "schemaLocation", "noNamespaceSchemaLocation" -> {
          if (!PayloadSchema.takesAlone(null, local, v)) {
            throw refused(name, "", "xsi:" + local + " " + Quote.of(v, 60) + " is no list of URIs");
          }
        }
        default -> throw refused(name, "", "attribute xsi:" + local + ", which XML Schema has not");
      }
    }
    return derived;
  }

  /**
   * The built-in type an xsi:type names when it is derived from the declared {@code type} (null
   * when it is that type), or refused: it names no type, or one not derived from the declared one.
   */
  private static String xsiType(XMLStreamReader r, String qname, Type type, String name)
      throws EnvelopeCheck.Refused {
    String q = XsdWhiteSpace.trim(qname);
    int colon = q.indexOf(':');
    String prefix = colon < 0 ? "" : q.substring(0, colon);
    String local = q.substring(colon + 1);
    String uri = r.getNamespaceContext().getNamespaceURI(prefix);
    uri = uri == null ? "" : uri;
    String why = "xsi:type " + Quote.of(qname, 60);
    if (colon == 0 || !prefix.isEmpty() && uri.isEmpty()) {
      throw refused(name, "", why + " is no QName with a declared prefix");
    }
    boolean ok;
    String derived = null;
    if (uri.equals(XSD)) {
      ok =
          switch (type) {
            case INT -> local.equals("int") || local.equals("short") || local.equals("byte");
            case DOUBLE -> local.equals("double");
            case FLOAT -> local.equals("float");
            case STRING -> SimpleValues.STRING_TYPES.contains(local);
            default -> false;
          };
      derived = ok && !local.equals(typeName(type)) ? local : null;
    } else if (uri.equals(NS)) {
      ok =
          type == Type.SIMPLE_EVENT && local.equals("SimpleEvent")
              || type == Type.MESH && local.equals("MeshInterfaceObject");
    } else {
      ok = false;
    }
    if (!ok) {
      throw refused(
          name,
          "",
          why
              + " names no type derived from the declared "
              + (type == Type.REQUEST ? "anonymous type" : typeName(type)));
    }
    return derived;
  }

  private static String typeName(Type type) {
    return switch (type) {
      case INT -> "int";
      case DOUBLE -> "double";
      case FLOAT -> "float";
      case STRING -> "string";
      case SIMPLE_EVENT -> "SimpleEvent";
      case MESH -> "MeshInterfaceObject";
      case REQUEST -> "request";
    };
  }

  /** Whether every character is XML white space (the schema's, not Java's). */
  private static boolean space(char[] chars, int from, int to) {
    for (int i = from; i < to; i++) {
      if (!XsdWhiteSpace.isSpace(chars[i])) {
        return false;
      }
    }
    return true;
  }

  private static String show(String ns, String local) {
    return "'"
        + local
        + "'"
        + (ns.isEmpty() ? " in no namespace" : ns.equals(NS) ? "" : " in " + ns);
  }

  private static EnvelopeCheck.Refused refused(String element, String value, String rule) {
    return new EnvelopeCheck.Refused(
        "Client",
        "the request does not match Benchmark1.wsdl's schema at <"
            + element
            + ">"
            + (value.isEmpty() ? "" : " (value " + Quote.of(value, 60) + ")")
            + ": "
            + rule);
  }
}
