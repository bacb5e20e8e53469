package org.wirebench.server.wfs.filter;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The type each element a filter is read from is declared with in its schema: FES 2.0's filter.xsd,
 * Filter Encoding 1.0's and 1.1's filter.xsd (one namespace, the same types), and the box elements
 * of GML 3.2 and 3.1.1. An {@code xsi:type} naming an element's own declared type says what the
 * element already is and changes nothing ({@link XsiAttributes}). gml:Box and gml:coordinates are
 * left out: GML 2 and 3.1.1 share a namespace and this table cannot say which of their declarations
 * a filter means.
 */
final class DeclaredTypes {
  private static final String OGC = FilterParser.OGC;
  private static final String GML = Envelopes.GML;
  private static final String GML32 = Envelopes.GML32;
  private static final String XS = javax.xml.XMLConstants.W3C_XML_SCHEMA_NS_URI;

  /** By "{namespace}element", the element's declared type. */
  private static final Map<String, QualifiedNames.Name> TYPES = new HashMap<>();

  static {
    for (String ns : List.of(FilterParser.FES, OGC)) {
      for (String c : FilterParser.BINARY_COMPARISONS) {
        put(ns, c, ns, "BinaryComparisonOpType");
      }
      for (String own :
          List.of(
              "Filter",
              "PropertyIsLike",
              "PropertyIsNull",
              "PropertyIsBetween",
              "LowerBoundary",
              "UpperBoundary",
              "Literal",
              "BBOX")) {
        put(ns, own, ns, own + "Type");
      }
      put(ns, "And", ns, "BinaryLogicOpType");
      put(ns, "Or", ns, "BinaryLogicOpType");
      put(ns, "Not", ns, "UnaryLogicOpType");
      put(ns, "Intersects", ns, "BinarySpatialOpType");
    }
    put(FilterParser.FES, "ValueReference", XS, "string");
    put(FilterParser.FES, "ResourceId", FilterParser.FES, "ResourceIdType");
    put(OGC, "PropertyName", OGC, "PropertyNameType");
    put(OGC, "FeatureId", OGC, "FeatureIdType");
    put(OGC, "GmlObjectId", OGC, "GmlObjectIdType");
    for (String gml : List.of(GML, GML32)) {
      put(gml, "Envelope", gml, "EnvelopeType");
      put(gml, "lowerCorner", gml, "DirectPositionType");
      put(gml, "upperCorner", gml, "DirectPositionType");
    }
  }

  private DeclaredTypes() {}

  private static void put(String ns, String element, String typeNs, String type) {
    TYPES.put("{" + ns + "}" + element, new QualifiedNames.Name(typeNs, type));
  }

  /** The declared type of element {@code local} in {@code namespace}, or null when not listed. */
  static QualifiedNames.Name of(String namespace, String local) {
    return TYPES.get("{" + namespace + "}" + local);
  }
}
