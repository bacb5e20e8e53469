package org.wirebench.formats.geo.codec;

import java.io.IOException;
import org.locationtech.jts.geom.CoordinateSequence;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;

/**
 * Writes GML 3 features (3.1.1 and 3.2 share the shape: gml:id, a gml:boundedBy envelope of
 * lower/upper corners, gml:pos or gml:posList in lat/lon) of one type with one markup, reusing its
 * buffers.
 */
final class Gml3Members {
  static final byte[] LOWER_TO_UPPER = Utf8XmlWriter.ascii("</gml:lowerCorner><gml:upperCorner>");

  /**
   * A member's markup for one feature type, between the values: id, envelope, attributes, the id
   * again when {@code geometryId} (GML 3.2 requires one on every geometry, 3.1.1 does not) and
   * positions go in the gaps, in that order. The same-bytes floor copies these too.
   */
  record Markup(
      byte[] memberStart,
      byte[] boundsStart,
      byte[] boundsEnd,
      byte[] geometryStart,
      byte[] geometryAttributes,
      byte[] memberEnd,
      boolean geometryId) {

    /**
     * @param start the feature's start tag up to its id attribute's name, e.g. {@code
     *     <wfs:member><a:b}
     * @param end what closes the member after the feature's end tag
     * @param geometryStart after the property's start tag: {@code <gml:Point} and, without a
     *     geometry id, its attributes
     */
    static Markup of(
        FeatureType type,
        String start,
        String envelopeAttributes,
        String geometryStart,
        String geometryAttributes,
        String end,
        boolean geometryId) {
      String kind = type.geometryKind().geoJsonType();
      String positions = type.geometryKind() == GeometryKind.POINT ? "pos" : "posList";
      return new Markup(
          Utf8XmlWriter.ascii(start + " gml:id=\""),
          Utf8XmlWriter.ascii(
              "\"><gml:boundedBy><gml:Envelope " + envelopeAttributes + "><gml:lowerCorner>"),
          Utf8XmlWriter.ascii("</gml:upperCorner></gml:Envelope></gml:boundedBy>"),
          Utf8XmlWriter.ascii(FeatureMarkup.openTag(type, type.geometryName()) + geometryStart),
          Utf8XmlWriter.ascii(geometryAttributes + "><gml:" + positions + ">"),
          Utf8XmlWriter.ascii(
              "</gml:"
                  + positions
                  + "></gml:"
                  + kind
                  + ">"
                  + FeatureMarkup.closeTag(type, type.geometryName())
                  + FeatureMarkup.closeTag(type, type.name())
                  + end),
          geometryId);
    }
  }

  private final FeatureType type;
  private final Markup m;
  private final FeatureMarkup markup;
  private final CoordinateBuffer point = new CoordinateBuffer();
  private final OrdinateText line = new OrdinateText();
  private final EscapedText id = new EscapedText();
  private final boolean points;

  Gml3Members(FeatureType type, Markup m) {
    this.type = type;
    this.m = m;
    this.markup = new FeatureMarkup(type);
    this.points = type.geometryKind() == GeometryKind.POINT;
  }

  void write(Utf8XmlWriter w, Feature f) throws IOException {
    FeatureMarkup.checkKind(type, f);
    CoordinateSequence seq = f.positions();
    // the id may go out twice (feature and geometry): check and escape it once
    id.reset().id(f);
    w.raw(m.memberStart()).raw(id.bytes(), 0, id.length()).raw(m.boundsStart());
    CoordinateBuffer positions;
    if (points) {
      // a point's envelope corners are the point: format it once, write it three times
      positions = point.reset().appendPair(seq.getY(0), ' ', seq.getX(0));
      w.raw(positions.bytes(), 0, positions.length()).raw(LOWER_TO_UPPER);
      w.raw(positions.bytes(), 0, positions.length());
    } else {
      // a line's corners are some vertices' ordinates: format the vertices first, copy those
      positions = line.format(seq, OrdinateText.Style.POS_LIST).text();
      corner(w, OrdinateText.MIN_Y).ascii(' ');
      corner(w, OrdinateText.MIN_X).raw(LOWER_TO_UPPER);
      corner(w, OrdinateText.MAX_Y).ascii(' ');
      corner(w, OrdinateText.MAX_X);
    }
    w.raw(m.boundsEnd());
    markup.writeAttributes(w, f);
    w.raw(m.geometryStart());
    if (m.geometryId()) {
      w.raw(id.bytes(), 0, id.length());
    }
    w.raw(m.geometryAttributes());
    w.raw(positions.bytes(), 0, positions.length()).raw(m.memberEnd());
  }

  private Utf8XmlWriter corner(Utf8XmlWriter w, int which) throws IOException {
    return w.raw(line.text().bytes(), line.start(which), line.length(which));
  }
}
