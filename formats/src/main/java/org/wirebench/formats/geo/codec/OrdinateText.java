package org.wirebench.formats.geo.codec;

import org.locationtech.jts.geom.CoordinateSequence;

/**
 * A line's vertices formatted once each into one buffer, remembering where each ordinate's text
 * lies and which vertices hold the envelope's extremes. GML 3.2 and GeoJSON write a line's envelope
 * before its vertices, and every envelope corner is some vertex's ordinate: copying that vertex's
 * text saves formatting four numbers a feature, a third of the numbers on a 4-vertex road. Not
 * thread-safe: one per document being written.
 */
final class OrdinateText {
  static final int MIN_X = 0;
  static final int MIN_Y = 1;
  static final int MAX_X = 2;
  static final int MAX_Y = 3;

  /** How one format writes a vertex list; {@code NONE} for a character it does not write. */
  record Style(
      char open,
      char vertexOpen,
      char pairSeparator,
      char vertexClose,
      char between,
      char close,
      boolean latLon) {
    static final char NONE = 0;

    /** GML 3.2's {@code gml:posList}: "lat lon lat lon". */
    static final Style POS_LIST = new Style(NONE, NONE, ' ', NONE, ' ', NONE, true);

    /** GeoJSON's LineString coordinates: "[[lon,lat],[lon,lat]]". */
    static final Style JSON_LINE = new Style('[', '[', ',', ']', ',', ']', false);
  }

  private final CoordinateBuffer text = new CoordinateBuffer();
  // where ordinate k of vertex i (k = 0 for x, 1 for y) starts and ends: [4 * i + 2 * k]
  private int[] spans = new int[256];
  private final int[] corner = new int[4];

  /** Formats {@code seq} in {@code style} into {@link #text()}; also finds the extremes. */
  OrdinateText format(CoordinateSequence seq, Style style) {
    int n = seq.size();
    if (spans.length < 4 * n) {
      spans = new int[Math.max(4 * n, 2 * spans.length)];
    }
    text.reset();
    append(style.open());
    double lowX = Double.POSITIVE_INFINITY;
    double lowY = Double.POSITIVE_INFINITY;
    double highX = Double.NEGATIVE_INFINITY;
    double highY = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      double x = seq.getX(i);
      double y = seq.getY(i);
      if (i > 0) {
        text.append(style.between());
      }
      append(style.vertexOpen());
      if (style.latLon()) {
        ordinate(y, 4 * i + 2);
        text.append(style.pairSeparator());
        ordinate(x, 4 * i);
      } else {
        ordinate(x, 4 * i);
        text.append(style.pairSeparator());
        ordinate(y, 4 * i + 2);
      }
      append(style.vertexClose());
      // strict comparisons keep the first extreme; ties print the same text anyway
      if (x < lowX) {
        lowX = x;
        corner[MIN_X] = 4 * i;
      }
      if (x > highX) {
        highX = x;
        corner[MAX_X] = 4 * i;
      }
      if (y < lowY) {
        lowY = y;
        corner[MIN_Y] = 4 * i + 2;
      }
      if (y > highY) {
        highY = y;
        corner[MAX_Y] = 4 * i + 2;
      }
    }
    append(style.close());
    return this;
  }

  CoordinateBuffer text() {
    return text;
  }

  /**
   * Where the text of envelope corner {@code which} ({@link #MIN_X} ..) starts in {@link #text}.
   */
  int start(int which) {
    return spans[corner[which]];
  }

  /** Its length. */
  int length(int which) {
    return spans[corner[which] + 1] - spans[corner[which]];
  }

  private void ordinate(double value, int span) {
    spans[span] = text.length();
    text.append(value);
    spans[span + 1] = text.length();
  }

  private void append(char c) {
    if (c != Style.NONE) {
      text.append(c);
    }
  }
}
