package org.wirebench.formats.geo.data;

import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.AttributeType;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;

/**
 * Real points: every node of the Helsinki extract with a {@code name} and one of the {@link
 * #CATEGORIES} tags; {@code category} is the first of those keys the node has, {@code type} its
 * value.
 */
public final class HelsinkiPois extends ExtractDataset {
  public static final String NAME = "helsinki_pois";
  static final List<String> CATEGORIES = List.of("amenity", "shop", "tourism", "railway", "place");
  private static final FeatureType TYPE =
      FeatureType.of(
          NAME,
          GeometryKind.POINT,
          Attribute.required("osm_id", AttributeType.LONG),
          Attribute.required("name", AttributeType.STRING),
          Attribute.required("category", AttributeType.STRING),
          Attribute.required("type", AttributeType.STRING));

  public HelsinkiPois() {
    super(TYPE);
  }

  @Override
  List<Feature> decode(HelsinkiExtract extract) {
    GeometryFactory gf = new GeometryFactory();
    List<Feature> result = new ArrayList<>();
    for (HelsinkiExtract.TaggedNode node : extract.taggedNodes) {
      String name = node.tags().get("name");
      if (name == null) {
        continue;
      }
      for (String category : CATEGORIES) {
        String type = node.tags().get(category);
        if (type != null) {
          Object[] values = {node.id(), name, category, type};
          result.add(new Feature(NAME + "." + node.id(), values, gf.createPoint(node.at().copy())));
          break;
        }
      }
    }
    return result;
  }
}
