package org.wirebench.formats.geo.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;

/**
 * Real roads: every {@code highway=*} way of the Helsinki extract whose nodes are all in the
 * extract, as a LineString, with the same attributes as {@code osm_mainroads} ({@code type} is the
 * highway value).
 */
public final class HelsinkiRoads extends ExtractDataset {
  public static final String NAME = "helsinki_roads";
  private static final FeatureType TYPE =
      FeatureType.of(NAME, GeometryKind.LINE_STRING, OsmMainroads.ROAD_ATTRIBUTES);

  public HelsinkiRoads() {
    super(TYPE);
  }

  @Override
  List<Feature> decode(HelsinkiExtract extract) {
    GeometryFactory gf = new GeometryFactory();
    List<Feature> result = new ArrayList<>();
    ways:
    for (HelsinkiExtract.Way way : extract.highways) {
      if (way.nodeRefs().length < 2) {
        continue;
      }
      Coordinate[] coords = new Coordinate[way.nodeRefs().length];
      for (int i = 0; i < coords.length; i++) {
        Coordinate at = extract.nodes.get(way.nodeRefs()[i]);
        if (at == null) {
          continue ways; // clipped at the extract's edge: not a complete road
        }
        coords[i] = at.copy();
      }
      Map<String, String> tags = way.tags();
      Object[] values = {
        way.id(),
        tags.get("name"),
        tags.get("highway"),
        tags.get("ref"),
        isYes(tags.get("oneway")) || "-1".equals(tags.get("oneway")),
        speed(tags.get("maxspeed")),
        isYes(tags.get("bridge")),
        isYes(tags.get("tunnel"))
      };
      result.add(new Feature(NAME + "." + way.id(), values, gf.createLineString(coords)));
    }
    return result;
  }

  /** OSM's loose booleans: anything but absent, "no", "false" and "0" counts as yes. */
  private static boolean isYes(String value) {
    return value != null && !value.equals("no") && !value.equals("false") && !value.equals("0");
  }

  /** km/h when the tag is a plain number; "FI:urban", "30 mph" and the like stay unknown. */
  private static Integer speed(String value) {
    if (value == null || value.isEmpty() || value.length() > 3) {
      return null;
    }
    for (int i = 0; i < value.length(); i++) {
      if (!Character.isDigit(value.charAt(i))) {
        return null;
      }
    }
    return Integer.valueOf(value);
  }
}
