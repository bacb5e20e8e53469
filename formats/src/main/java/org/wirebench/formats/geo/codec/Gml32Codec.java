package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * GML 3.2.1 in a WFS 2.0 {@code wfs:FeatureCollection} with {@code numberMatched}, {@code
 * numberReturned} and {@code timeStamp}; {@code wfs:member}s; a {@code gml:id} on every feature and
 * geometry; {@code gml:pos}/{@code gml:posList} in the lat/lon axis order that {@code
 * urn:ogc:def:crs:EPSG::4326} defines. Every feature carries its own {@code gml:boundedBy}, as
 * GeoServer writes them when feature bounding is on (the CRS named on the collection's envelope and
 * each geometry; a feature written alone, for GetFeatureById, names it on its envelope too).
 */
public final class Gml32Codec extends GmlCodec {
  public Gml32Codec() {
    super("gml32", "application/gml+xml; version=3.2", XmlSchema.WFS_2_0_GML_32);
  }

  static final byte[] LOWER_TO_UPPER = Utf8XmlWriter.ascii("</gml:lowerCorner><gml:upperCorner>");
  private static final byte[] ENVELOPE_END =
      Utf8XmlWriter.ascii("</gml:upperCorner></gml:Envelope>");

  /**
   * A member's markup for one feature type, between the values: id, envelope, attributes, id again
   * and positions go in the gaps, in that order. The same-bytes floor copies these too.
   */
  record Markup(
      byte[] memberStart,
      byte[] boundsStart,
      byte[] boundsEnd,
      byte[] geometryStart,
      byte[] geometryAttributes,
      byte[] memberEnd) {
    static Markup of(FeatureType type) {
      return of(type, "<wfs:member><" + type.prefix() + ":" + type.name(), "</wfs:member>", false);
    }

    /**
     * A feature as a document of its own (GetFeatureById): its element declares the namespaces and
     * schema location the collection would.
     */
    static Markup bare(FeatureType type, String schemaBase) {
      return of(
          type,
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?><"
              + type.prefix()
              + ":"
              + type.name()
              + GmlHeaders.gml32Namespaces(type, schemaBase),
          "",
          true);
    }

    private static Markup of(FeatureType type, String start, String end, boolean bare) {
      String kind = type.geometryKind().geoJsonType();
      String positions = type.geometryKind() == GeometryKind.POINT ? "pos" : "posList";
      return new Markup(
          Utf8XmlWriter.ascii(start + " gml:id=\""),
          // in a collection the CRS is named once, on the collection's envelope and each geometry
          // (naming it on every feature's envelope too would put osm_places 17% above the
          // study's size, outside StudySizeCalibrationTest's 10%); a bare feature names it here
          Utf8XmlWriter.ascii(
              "\"><gml:boundedBy><gml:Envelope "
                  + (bare ? "srsName=\"" + GmlNames.SRS_LATLON + "\" " : "")
                  + "srsDimension=\"2\"><gml:lowerCorner>"),
          Utf8XmlWriter.ascii("</gml:upperCorner></gml:Envelope></gml:boundedBy>"),
          Utf8XmlWriter.ascii(
              FeatureMarkup.openTag(type, type.geometryName()) + "<gml:" + kind + " gml:id=\""),
          Utf8XmlWriter.ascii(
              ".geom\" srsName=\""
                  + GmlNames.SRS_LATLON
                  + "\" srsDimension=\"2\"><gml:"
                  + positions
                  + ">"),
          Utf8XmlWriter.ascii(
              "</gml:"
                  + positions
                  + "></gml:"
                  + kind
                  + ">"
                  + FeatureMarkup.closeTag(type, type.geometryName())
                  + FeatureMarkup.closeTag(type, type.name())
                  + end));
    }
  }

  /** The document up to its first member: written once a document, by the floor too. */
  void writeStart(Utf8XmlWriter w, FeatureCollection collection) throws IOException {
    w.raw(Utf8XmlWriter.ascii(GmlHeaders.gml32(collection.type(), collection)));
    Envelope b = collection.bounds();
    if (!b.isNull()) {
      w.raw(
          Utf8XmlWriter.ascii(
              "<wfs:boundedBy><gml:Envelope srsName=\""
                  + GmlNames.SRS_LATLON
                  + "\" srsDimension=\"2\"><gml:lowerCorner>"));
      w.ordinate(b.getMinY()).ascii(' ').ordinate(b.getMinX()).raw(LOWER_TO_UPPER);
      w.ordinate(b.getMaxY()).ascii(' ').ordinate(b.getMaxX()).raw(ENVELOPE_END);
      w.raw(Utf8XmlWriter.ascii("</wfs:boundedBy>"));
    }
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    Utf8XmlWriter w = new Utf8XmlWriter(out);
    writeStart(w, collection);
    Members members = new Members(collection.type(), Markup.of(collection.type()));
    for (Feature f : collection.features()) {
      members.write(w, f);
    }
    w.raw(DOCUMENT_END);
    w.flush();
  }

  @Override
  public boolean encodesBareFeatures() {
    return true;
  }

  /** The feature as its own document: the GML 3.2 feature element, no collection around it. */
  @Override
  public void encodeFeature(FeatureCollection one, OutputStream out) throws IOException {
    Utf8XmlWriter w = new Utf8XmlWriter(out, 4096);
    new Members(one.type(), Markup.bare(one.type(), one.schemaBase()))
        .write(w, GeoCodec.single(one));
    w.flush();
  }

  /** Writes features of one type with one markup, reusing its buffers. */
  private static final class Members {
    private final FeatureType type;
    private final Markup m;
    private final FeatureMarkup markup;
    private final CoordinateBuffer point = new CoordinateBuffer();
    private final OrdinateText line = new OrdinateText();
    private final EscapedText id = new EscapedText();
    private final boolean points;

    Members(FeatureType type, Markup m) {
      this.type = type;
      this.m = m;
      this.markup = new FeatureMarkup(type);
      this.points = type.geometryKind() == GeometryKind.POINT;
    }

    void write(Utf8XmlWriter w, Feature f) throws IOException {
      FeatureMarkup.checkKind(type, f);
      FeatureMarkup.checkId(f);
      CoordinateSequence seq = f.positions();
      // the id goes out twice (feature and geometry): escape it once
      id.reset().attribute(f.id());
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
        corner(w, line, OrdinateText.MIN_Y).ascii(' ');
        corner(w, line, OrdinateText.MIN_X).raw(LOWER_TO_UPPER);
        corner(w, line, OrdinateText.MAX_Y).ascii(' ');
        corner(w, line, OrdinateText.MAX_X);
      }
      w.raw(m.boundsEnd());
      markup.writeAttributes(w, f);
      w.raw(m.geometryStart()).raw(id.bytes(), 0, id.length()).raw(m.geometryAttributes());
      w.raw(positions.bytes(), 0, positions.length()).raw(m.memberEnd());
    }
  }

  private static Utf8XmlWriter corner(Utf8XmlWriter w, OrdinateText line, int which)
      throws IOException {
    return w.raw(line.text().bytes(), line.start(which), line.length(which));
  }
}
