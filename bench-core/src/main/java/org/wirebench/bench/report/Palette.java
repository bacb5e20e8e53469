package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One colour per codec, stack, backend format or renderer in every chart of every report, so a
 * reader who learnt that GML 3.2 is red finds it red everywhere. Known names have a fixed colour;
 * names from one family (the codecs, the SOAP stacks, …) never share one, while names that never
 * meet in a chart may. A same-bytes floor ({@code <codec>-floor}) is a pale tint of its codec's
 * colour. A name this class does not know (a codec of one's own) takes a spare colour by a hash of
 * its name, so it too keeps its colour from chart to chart unless a chart already uses that one;
 * within a chart no colour is given twice (up to some 1,400 names; past them a shared grey).
 */
final class Palette {
  private static final String BLUE = "#4e79a7";
  private static final String ORANGE = "#f28e2b";
  private static final String RED = "#e15759";
  private static final String TEAL = "#76b7b2";
  private static final String GREEN = "#59a14f";
  private static final String PURPLE = "#b07aa1";
  private static final String BROWN = "#9c755f";
  private static final String GREY = "#7f7f7f";

  private static final Map<String, String> FIXED = new LinkedHashMap<>();

  static {
    // feature codecs (WFS encoding, wfs scenario)
    FIXED.put("gml2", BLUE);
    FIXED.put("gml31", TEAL);
    FIXED.put("gml32", RED);
    FIXED.put("geojson", GREEN);
    FIXED.put("jts-gml2", BROWN);
    FIXED.put("jts-geojson", PURPLE);
    FIXED.put("floor", GREY);
    // SOAP stacks
    FIXED.put("axis2-adb", BLUE);
    FIXED.put("axis2-jaxb", RED);
    FIXED.put("cxf-jaxb", GREEN);
    FIXED.put("stax-raw", GREY);
    // backend formats
    FIXED.put("protobuf", BLUE);
    FIXED.put("xml", RED);
    FIXED.put("json", GREEN);
    // WMS renderers and JPEG codecs
    FIXED.put("direct", BLUE);
    FIXED.put("tilecache", ORANGE);
    FIXED.put("mapserver", GREEN);
    FIXED.put("mapproxy", PURPLE);
    FIXED.put("jdk", BLUE);
    FIXED.put("twelvemonkeys", ORANGE);
  }

  /** For names no table above knows; none of them is a fixed colour. */
  private static final String[] SPARE = {
    "#edc948", "#ff9da7", "#17becf", "#bcbd22", "#1f3a93", "#d35400", "#8e44ad", "#16a085",
    "#c0392b", "#2c3e50", "#7d6608", "#e84393"
  };

  private static final String FLOOR_SUFFIX = "-floor";

  private Palette() {}

  /** The colour of each name of one chart, all different. */
  static Map<String, String> assign(List<String> names) {
    Map<String, String> out = new LinkedHashMap<>();
    Set<String> used = new HashSet<>();
    List<String> later = new ArrayList<>();
    for (String n : names) { // fixed colours first: they never move to make room
      String c = FIXED.get(n);
      if (c != null && !out.containsKey(n) && used.add(c)) {
        out.put(n, c);
      } else if (!out.containsKey(n)) {
        later.add(n);
      }
    }
    List<String> floors = new ArrayList<>();
    for (String n : later) {
      if (n.endsWith(FLOOR_SUFFIX) && n.length() > FLOOR_SUFFIX.length()) {
        floors.add(n);
      } else {
        out.put(n, spare(n, used));
      }
    }
    for (String n : floors) {
      String base = n.substring(0, n.length() - FLOOR_SUFFIX.length());
      String baseColour = out.getOrDefault(base, FIXED.get(base));
      String c = baseColour == null ? null : tint(baseColour);
      out.put(n, c != null && used.add(c) ? c : spare(n, used));
    }
    Map<String, String> ordered = new LinkedHashMap<>();
    names.forEach(n -> ordered.put(n, out.get(n)));
    return ordered;
  }

  private static String spare(String name, Set<String> used) {
    int start = Math.floorMod(name.hashCode(), SPARE.length);
    for (int i = 0; i < SPARE.length; i++) {
      String c = SPARE[(start + i) % SPARE.length];
      if (used.add(c)) {
        return c;
      }
    }
    // more names than colours: distinct hues (47 walks all 360), then darker and lighter ones
    float[] brightness = {0.75f, 0.55f, 0.9f, 0.4f};
    for (int k = 0; k < 360 * brightness.length; k++) {
      float hue = ((Math.floorMod(name.hashCode(), 360) + k * 47) % 360) / 360f;
      java.awt.Color c = java.awt.Color.getHSBColor(hue, 0.55f, brightness[k / 360]);
      String hex = String.format(Locale.ROOT, "#%06x", c.getRGB() & 0xffffff);
      if (used.add(hex)) {
        return hex;
      }
    }
    return "#808080"; // over a thousand names in one chart: a shared grey, not a loop without end
  }

  /** The colour halfway to white: a floor beside its codec. */
  static String tint(String hex) {
    int rgb = Integer.parseInt(hex.substring(1), 16);
    int r = ((rgb >> 16) & 0xff) + 255 >> 1;
    int g = ((rgb >> 8) & 0xff) + 255 >> 1;
    int b = (rgb & 0xff) + 255 >> 1;
    return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
  }
}
