package org.wirebench.server.wfs.filter;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Predicate;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.xml.XsdWhiteSpace;
import org.wirebench.server.http.KvpText;

/**
 * Features named by id: RESOURCEID (2.0) or FEATUREID (1.0, 1.1) as KVP lists, and a Filter of
 * ResourceId / FeatureId / GmlObjectId operators. A feature matches when its id is one of them; an
 * id is {@code layer.N}.
 */
public final class FeatureIds {
  /** The id operators, each alone directly under a Filter of ids. */
  static final Set<String> OPERATORS = Set.of("ResourceId", "FeatureId", "GmlObjectId");

  private FeatureIds() {}

  /** A KVP list: comma-separated feature ids, each named once. */
  public static Predicate<Feature> parse(String list) throws FilterException {
    Set<String> ids = new HashSet<>();
    for (String id : list.split(",", -1)) {
      String one = KvpText.trim(id);
      if (one.isEmpty()) {
        throw FilterException.invalid("an empty feature id in '" + list + "'");
      }
      if (!ids.add(one)) {
        throw FilterException.invalid("the id " + one + " is named twice in '" + list + "'");
      }
    }
    return Bounded.ids(ids);
  }

  /**
   * The layer a feature id names ({@code layer.N}, the layer a registered one), or null when it
   * names none (such an id names no feature). The id as read, white space and all: a KVP list's
   * items are stripped by their reader, a filter's ids as their attribute's type says ({@link
   * #read}).
   */
  public static String layerOf(String id) {
    int dot = id.lastIndexOf('.');
    String layer = dot > 0 ? id.substring(0, dot) : "";
    return Datasets.registry().names().contains(layer) ? layer : null;
  }

  /**
   * Consecutive id operators directly under the Filter, {@code r} at the first one's start tag, for
   * a query of {@code type}.
   */
  static Predicate<Feature> read(XMLStreamReader r, FilterReader x, FeatureType type)
      throws XMLStreamException, FilterException {
    Set<String> ids = new HashSet<>();
    do {
      if (!OPERATORS.contains(r.getLocalName()) || !x.isFilterNs()) {
        throw FilterException.parsing(
            "a Filter of ids holds only ResourceId, FeatureId or GmlObjectId, not " + x.name());
      }
      x.checkVocabulary();
      // each id as its attribute's schema type reads it (XML Schema Part 2 §4.3.6): FES 2.0's rid
      // is an xsd:string, white space and all, so " a.1" names no feature; Filter Encoding 1.1's
      // fid and GML's gml:id are xsd:ID, 1.0's fid an xsd:anyURI, each collapsed
      String id =
          switch (r.getLocalName()) {
            case "ResourceId" -> r.getAttributeValue(null, "rid");
            case "FeatureId" -> collapsed(r.getAttributeValue(null, "fid"));
            default -> collapsed(x.gmlId());
          };
      if (id == null) {
        throw FilterException.invalid(r.getLocalName() + " without its id attribute");
      }
      if (id.isEmpty()) {
        throw FilterException.invalid(r.getLocalName() + " with an empty id");
      }
      // as RESOURCEID's and FEATUREID's ids are: one of another layer names no feature of this
      // query's type, so it would answer none though the feature exists; one named twice would be
      // read once
      String layer = layerOf(id);
      if (layer != null && !layer.equals(type.name())) {
        throw FilterException.invalid(
            id
                + " is a feature of "
                + layer
                + ", not of "
                + type.prefix()
                + ":"
                + type.name()
                + ", the type this Filter's query asks for; ask for its type in a query of its own");
      }
      if (!ids.add(id)) {
        throw FilterException.invalid("the id " + id + " is named twice in the Filter");
      }
      if (x.nextTag()) {
        throw FilterException.unsupported(
            r.getLocalName()
                + " inside an id operator (versions, times) is not supported: no feature here has versions");
      }
    } while (x.nextTag());
    return Bounded.ids(ids);
  }

  private static String collapsed(String value) {
    return value == null ? null : XsdWhiteSpace.collapse(value);
  }
}
