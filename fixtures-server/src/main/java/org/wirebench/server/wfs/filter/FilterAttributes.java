package org.wirebench.server.wfs.filter;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLStreamReader;

/**
 * The attributes each filter element may carry, by the filter version's namespace: an attribute
 * this server does not read ({@code foo="bar"}, FES 2.0's {@code matchAction} on a Filter Encoding
 * 1.x operator), a value it does not know ({@code matchAction="Bogus"}) or two that contradict each
 * other (1.0's {@code escape} beside {@code escapeChar}) is refused, never skipped: a skipped one
 * could have asked for different features. xsi: attributes are {@link XsiAttributes}'.
 */
final class FilterAttributes {
  /** ResourceId's versioning and time attributes: no feature here has versions. */
  private static final Set<String> RESOURCE_ID_UNSUPPORTED =
      Set.of("previousRid", "version", "startDate", "endDate");

  private static final Map<String, Set<String>> FES = new HashMap<>();
  private static final Map<String, Set<String>> OGC = new HashMap<>();

  static {
    List<String> comparisons = FilterParser.BINARY_COMPARISONS;
    for (String c : comparisons) {
      FES.put(c, Set.of("matchCase", "matchAction"));
      OGC.put(c, Set.of("matchCase"));
    }
    // matchCase on PropertyIsLike is Filter Encoding 1.1's; QGIS writes it in FES 2.0 too
    FES.put("PropertyIsLike", Set.of("wildCard", "singleChar", "escapeChar", "matchCase"));
    OGC.put(
        "PropertyIsLike", Set.of("wildCard", "singleChar", "escapeChar", "escape", "matchCase"));
    for (String none :
        List.of(
            "Filter",
            "And",
            "Or",
            "Not",
            "PropertyIsNull",
            "PropertyIsBetween",
            "LowerBoundary",
            "UpperBoundary",
            "BBOX",
            "Intersects",
            "Literal")) {
      FES.put(none, Set.of());
      OGC.put(none, Set.of());
    }
    FES.put("ValueReference", Set.of());
    FES.put("ResourceId", Set.of("rid"));
    OGC.put("PropertyName", Set.of());
    OGC.put("FeatureId", Set.of("fid"));
    OGC.put("GmlObjectId", Set.of()); // its gml:id is in GML's namespace, checked below
  }

  private FilterAttributes() {}

  /**
   * Checks the attributes of the element at the reader's start tag, a filter element of {@code
   * namespace}'s version; an element this server does not know is left to the parser to refuse by
   * name.
   */
  static void check(XMLStreamReader r, String namespace) throws FilterException {
    String element = r.getLocalName();
    Set<String> allowed = (FilterParser.FES.equals(namespace) ? FES : OGC).get(element);
    if (allowed == null) {
      return;
    }
    for (int i = 0; i < r.getAttributeCount(); i++) {
      String ns = r.getAttributeNamespace(i);
      String name = r.getAttributeLocalName(i);
      if (XsiAttributes.XSI.equals(ns)) {
        XsiAttributes.check(r, i, element);
        continue;
      }
      boolean gmlId =
          element.equals("GmlObjectId")
              && name.equals("id")
              && ns != null
              && ns.startsWith("http://www.opengis.net/gml");
      if (gmlId) {
        continue;
      }
      if (element.equals("ResourceId") && RESOURCE_ID_UNSUPPORTED.contains(name)) {
        throw FilterException.unsupported(
            "ResourceId's "
                + name
                + " is not supported: no feature here has versions or a validity time");
      }
      if ((ns != null && !ns.isEmpty()) || !allowed.contains(name)) {
        throw FilterException.parsing(
            element
                + " has an attribute "
                + (ns == null || ns.isEmpty() ? "" : "{" + ns + "}")
                + name
                + " that this version's "
                + element
                + " does not define"
                + (allowed.isEmpty()
                    ? ""
                    : "; it takes " + String.join(", ", new java.util.TreeSet<>(allowed))));
      }
    }
    String matchAction = r.getAttributeValue(null, "matchAction");
    if (matchAction != null && !Set.of("All", "Any", "One").contains(matchAction)) {
      // every property here holds one value, so that All, Any and One select alike
      throw FilterException.invalid(
          "matchAction='" + matchAction + "' is not one of All, Any, One");
    }
    if (r.getAttributeValue(null, "escape") != null
        && r.getAttributeValue(null, "escapeChar") != null) {
      throw FilterException.invalid(
          "PropertyIsLike gives escape (Filter Encoding 1.0) and escapeChar (1.1) both; give one");
    }
  }
}
