package org.wirebench.server.wfs.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.xml.XsdWhiteSpace;
import org.wirebench.server.wfs.filter.Comparisons.Op;
import org.wirebench.server.wfs.filter.Comparisons.Property;

/**
 * Reads a KVP {@code FILTER}: FES 2.0 ({@code fes:}) or Filter Encoding 1.0/1.1 ({@code ogc:}) into
 * a predicate over one feature type. Implemented: ResourceId / FeatureId / GmlObjectId ({@link
 * FeatureIds}), the six binary comparisons, PropertyIsLike, PropertyIsBetween, PropertyIsNull,
 * BBOX, Intersects with an envelope, And / Or / Not. Anything else is refused by name ({@code
 * OperationProcessingFailed}).
 *
 * <p>Hardened: at most {@link #MAX_CHARS} characters and {@link #MAX_DEPTH} levels; a DOCTYPE or an
 * entity is refused (the reader never loads a DTD or resolves an entity). A property is a declared
 * attribute or the geometry, looked up by name and never evaluated as an expression (GeoServer's
 * CVE-2024-36401 came from evaluating property paths).
 */
public final class FilterParser {
  public static final String FES = "http://www.opengis.net/fes/2.0";
  public static final String OGC = "http://www.opengis.net/ogc";

  /** Longest FILTER read, in characters. */
  public static final int MAX_CHARS = 64 * 1024;

  /** Deepest nesting of operators read. */
  public static final int MAX_DEPTH = 32;

  /**
   * Most operators (logical, comparison, spatial) one Filter may hold: each is evaluated on every
   * feature a scan visits, up to 1,000,000 a layer, so this bounds a heavy query's work. An Or of
   * 400 PropertyIsLike terms (within {@link #MAX_CHARS}) on osm_places had not finished after 25 s.
   */
  public static final int MAX_OPERATORS = 32;

  /** The comparisons of a property with one literal (FES's BinaryComparisonOpType). */
  public static final List<String> BINARY_COMPARISONS =
      List.of(
          "PropertyIsEqualTo",
          "PropertyIsNotEqualTo",
          "PropertyIsLessThan",
          "PropertyIsGreaterThan",
          "PropertyIsLessThanOrEqualTo",
          "PropertyIsGreaterThanOrEqualTo");

  /** What {@code Filter_Capabilities} lists: exactly these. */
  public static final List<String> COMPARISONS =
      java.util.stream.Stream.concat(
              BINARY_COMPARISONS.stream(),
              java.util.stream.Stream.of("PropertyIsLike", "PropertyIsNull", "PropertyIsBetween"))
          .toList();

  public static final List<String> SPATIAL = List.of("BBOX", "Intersects");

  private final XMLStreamReader r;
  private final FilterReader x;
  private final FeatureType type;
  private final PropertyNames properties;
  private final boolean lonLatByDefault;
  private int depth;
  private int operators;

  private FilterParser(XMLStreamReader r, FeatureType type, boolean lonLatByDefault) {
    this.r = r;
    this.x = new FilterReader(r);
    this.type = type;
    this.properties = new PropertyNames(type);
    this.lonLatByDefault = lonLatByDefault;
  }

  /**
   * @param lonLatByDefault the axis order of an envelope without srsName: WFS 1.0's lon/lat, or WFS
   *     2.0's (the layer's urn:ogc:def:crs:EPSG::4326) lat/lon
   */
  public static Predicate<Feature> parse(String filter, FeatureType type, boolean lonLatByDefault)
      throws FilterException {
    if (filter.length() > MAX_CHARS) {
      throw FilterException.parsing(
          "FILTER has " + filter.length() + " characters; at most " + MAX_CHARS + " are read");
    }
    String xml = unwrap(XsdWhiteSpace.trim(filter));
    // Woodstox, told not to support DTDs, skips a DOCTYPE without reporting it and then drops the
    // entities it declared: refuse the declaration before parsing
    if (xml.contains("<!DOCTYPE") || xml.contains("<!ENTITY")) {
      throw FilterException.parsing("a DOCTYPE is not allowed in a FILTER");
    }
    return FilterText.read(xml, r -> new FilterParser(r, type, lonLatByDefault).document());
  }

  /** KVP wraps each query's filter in parentheses; one query here, so one pair at most. */
  private static String unwrap(String s) throws FilterException {
    if (!s.startsWith("(")) {
      return s;
    }
    if (!s.endsWith(")") || s.contains(")(")) {
      throw FilterException.unsupported(
          "FILTER lists several queries' filters; one query (one type) is served at a time");
    }
    return s.substring(1, s.length() - 1);
  }

  private Predicate<Feature> document() throws XMLStreamException, FilterException {
    if (!x.nextTag()) {
      throw FilterException.parsing("FILTER holds no element");
    }
    if (!r.getLocalName().equals("Filter") || !x.isFilterNs()) {
      throw FilterException.parsing(
          "FILTER must be a fes:Filter (FES 2.0) or ogc:Filter (Filter Encoding 1.x), not "
              + x.name());
    }
    x.enterFilter();
    if (!x.nextTag()) {
      throw FilterException.parsing("an empty Filter");
    }
    Predicate<Feature> result;
    if (FeatureIds.OPERATORS.contains(r.getLocalName())) {
      result = FeatureIds.read(r, x, type);
    } else {
      result = operator();
      if (x.nextTag()) {
        throw FilterException.parsing("a Filter holds one operator; " + x.name() + " is a second");
      }
    }
    if (x.nextTag()) {
      throw FilterException.parsing("content after the Filter: " + x.name());
    }
    return result;
  }

  /** The operator at the current start tag, through its end tag. */
  private Predicate<Feature> operator() throws XMLStreamException, FilterException {
    if (++depth > MAX_DEPTH) {
      throw FilterException.parsing("the Filter nests deeper than " + MAX_DEPTH + " operators");
    }
    if (++operators > MAX_OPERATORS) {
      throw FilterException.parsing(
          "the Filter holds more than "
              + MAX_OPERATORS
              + " operators, the most evaluated on each feature; split the query, or use fewer"
              + " terms");
    }
    if (!x.isFilterNs()) {
      throw FilterException.parsing("an element " + x.name() + " where an operator belongs");
    }
    String op = r.getLocalName();
    Predicate<Feature> result =
        switch (op) {
          case "And", "Or" -> logical(op);
          case "Not" -> {
            if (!x.nextTag()) {
              throw FilterException.parsing("an empty Not");
            }
            Predicate<Feature> inner = operator().negate();
            if (x.nextTag()) {
              throw FilterException.parsing("Not holds one operator; " + x.name() + " is a second");
            }
            yield inner;
          }
          case "PropertyIsLike" -> like();
          case "PropertyIsNull" -> {
            Property p = attribute(op);
            end(op);
            yield Comparisons.isNull(p);
          }
          case "PropertyIsBetween" -> between();
          case "BBOX", "Intersects" -> spatial(op);
          default -> {
            if (Op.isComparison(op)) {
              yield comparison(Op.valueOf(op));
            }
            if (FeatureIds.OPERATORS.contains(op)) {
              throw FilterException.unsupported(
                  op + " inside another operator is not supported; put ids directly in the Filter");
            }
            throw FilterException.unsupported(
                "the filter operator "
                    + op
                    + " is not supported; supported: And, Or, Not, "
                    + String.join(", ", COMPARISONS)
                    + ", "
                    + String.join(", ", SPATIAL)
                    + ", ResourceId/FeatureId");
          }
        };
    depth--;
    return result;
  }

  private Predicate<Feature> logical(String op) throws XMLStreamException, FilterException {
    List<Predicate<Feature>> parts = new ArrayList<>();
    while (x.nextTag()) {
      parts.add(operator());
    }
    if (parts.size() < 2) {
      throw FilterException.parsing(op + " needs at least two operators, has " + parts.size());
    }
    // the parts' boxes and ids carry over, so that an index can serve the whole
    return op.equals("And") ? Bounded.and(parts) : Bounded.or(parts);
  }

  private Predicate<Feature> comparison(Op op) throws XMLStreamException, FilterException {
    boolean matchCase = matchCase();
    Expression first = expression(op.name());
    Expression second = expression(op.name());
    end(op.name());
    if ((first.property == null) == (second.property == null)) {
      throw FilterException.unsupported(
          op
              + " between "
              + (first.property == null ? "two literals" : "two properties")
              + " is not supported: compare one property with one Literal");
    }
    return first.property != null
        ? Comparisons.compare(first.property, op, second.literal, matchCase)
        : Comparisons.compare(second.property, op.mirrored(), first.literal, matchCase);
  }

  private Predicate<Feature> like() throws XMLStreamException, FilterException {
    String wildCard = r.getAttributeValue(null, "wildCard");
    String singleChar = r.getAttributeValue(null, "singleChar");
    String escape = r.getAttributeValue(null, "escapeChar");
    if (escape == null) {
      escape = r.getAttributeValue(null, "escape"); // Filter Encoding 1.0's spelling
    }
    boolean matchCase = matchCase();
    Property p = attribute("PropertyIsLike");
    Expression pattern = expression("PropertyIsLike");
    if (pattern.literal == null) {
      throw FilterException.unsupported("PropertyIsLike needs a Literal pattern");
    }
    end("PropertyIsLike");
    return Comparisons.like(p, pattern.literal, wildCard, singleChar, escape, matchCase);
  }

  private Predicate<Feature> between() throws XMLStreamException, FilterException {
    Property p = attribute("PropertyIsBetween");
    String lower = boundary("LowerBoundary");
    String upper = boundary("UpperBoundary");
    end("PropertyIsBetween");
    return Comparisons.between(p, lower, upper);
  }

  private String boundary(String name) throws XMLStreamException, FilterException {
    if (!x.nextTag() || !r.getLocalName().equals(name)) {
      throw FilterException.parsing("PropertyIsBetween needs its " + name);
    }
    Expression e = expression("PropertyIsBetween");
    if (e.literal == null) {
      throw FilterException.unsupported(name + " must hold a Literal");
    }
    end(name);
    return e.literal;
  }

  private Predicate<Feature> spatial(String op) throws XMLStreamException, FilterException {
    if (!x.nextTag()) {
      throw FilterException.parsing(op + " needs an envelope");
    }
    if (r.getLocalName().equals("ValueReference") || r.getLocalName().equals("PropertyName")) {
      if (!x.isFilterNs()) {
        throw FilterException.parsing(op + " with a " + x.name() + " operand");
      }
      x.checkVocabulary();
      String ref = x.text();
      if (!isGeometry(ref)) {
        throw FilterException.invalid(
            op
                + " on '"
                + ref
                + "': the geometry of "
                + type.name()
                + " is "
                + type.geometryName());
      }
      if (!x.nextTag()) {
        throw FilterException.parsing(op + " needs an envelope");
      }
    }
    org.locationtech.jts.geom.Envelope box = Envelopes.read(r, op, x.isFes(), lonLatByDefault);
    end(op);
    return BboxFilter.of(box);
  }

  /** A property reference or a literal; the reader moves to its end tag. */
  private record Expression(Property property, String literal) {}

  private Expression expression(String op) throws XMLStreamException, FilterException {
    if (!x.nextTag()) {
      throw FilterException.parsing(op + " is missing an operand");
    }
    String name = r.getLocalName();
    if (!x.isFilterNs()) {
      throw FilterException.unsupported(op + " with a " + x.name() + " operand is not supported");
    }
    x.checkVocabulary();
    return switch (name) {
      case "ValueReference", "PropertyName" -> new Expression(property(x.text(), op), null);
      case "Literal" -> new Expression(null, x.text());
      default ->
          throw FilterException.unsupported(
              "the expression " + name + " is not supported; use a property and a Literal");
    };
  }

  private Property attribute(String op) throws XMLStreamException, FilterException {
    Expression e = expression(op);
    if (e.property == null) {
      throw FilterException.unsupported(op + " needs a property, not a Literal");
    }
    return e.property;
  }

  private Property property(String ref, String op) throws FilterException {
    return properties.attribute(ref, op, r.getNamespaceContext());
  }

  private boolean isGeometry(String ref) throws FilterException {
    return properties.isGeometry(ref, r.getNamespaceContext());
  }

  private boolean matchCase() throws FilterException {
    String asSent = r.getAttributeValue(null, "matchCase");
    // xs:boolean: its white space collapsed before it is read (XML Schema Part 2 §3.2.2)
    String v = asSent == null ? null : XsdWhiteSpace.collapse(asSent);
    if (v == null || v.equals("true") || v.equals("1")) {
      return true;
    }
    if (v.equals("false") || v.equals("0")) {
      return false;
    }
    throw FilterException.invalid(
        "matchCase='" + asSent + "' is not a boolean (true, false, 1 or 0)");
  }

  private void end(String op) throws XMLStreamException, FilterException {
    if (x.nextTag()) {
      throw FilterException.parsing(op + " holds an unexpected " + x.name());
    }
  }
}
