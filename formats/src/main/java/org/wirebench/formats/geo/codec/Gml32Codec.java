package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.QueryResults;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * GML 3.2.1 in a WFS 2.0 {@code wfs:FeatureCollection} with {@code numberMatched}, {@code
 * numberReturned} and {@code timeStamp}; {@code wfs:member}s; a {@code gml:id} on every feature and
 * geometry; {@code gml:pos}/{@code gml:posList} in the lat/lon axis order that {@code
 * urn:ogc:def:crs:EPSG::4326} defines. Every feature carries its own {@code gml:boundedBy}, as
 * GeoServer writes them when feature bounding is on; every envelope and geometry names its CRS.
 */
public final class Gml32Codec extends GmlCodec {
  static final String MEDIA_TYPE = "application/gml+xml; version=3.2";

  public Gml32Codec() {
    super(
        "gml32",
        MEDIA_TYPE,
        XmlSchema.WFS_2_0_GML_32,
        WfsOutputFormat.of(
            MEDIA_TYPE, "gml32", "text/xml; subtype=gml/3.2", "text/xml; subtype=gml/3.2.1"));
  }

  static final byte[] LOWER_TO_UPPER = Gml3Members.LOWER_TO_UPPER;
  private static final byte[] QUERY_END = Utf8XmlWriter.ascii("</wfs:member>");
  private static final byte[] ENVELOPE_END =
      Utf8XmlWriter.ascii("</gml:upperCorner></gml:Envelope>");

  /** A member's markup for one feature type (the same-bytes floor copies it too). */
  static Gml3Members.Markup markup(FeatureType type) {
    return markup(type, "<wfs:member><" + type.prefix() + ":" + type.name(), "</wfs:member>");
  }

  /**
   * A feature as a document of its own (GetFeatureById): its element declares the namespaces and
   * schema location the collection would.
   */
  static Gml3Members.Markup bare(FeatureType type, String schemaBase) {
    return markup(
        type,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><"
            + type.prefix()
            + ":"
            + type.name()
            + GmlHeaders.gml32Namespaces(type, schemaBase),
        "");
  }

  private static Gml3Members.Markup markup(FeatureType type, String start, String end) {
    return Gml3Members.Markup.of(
        type,
        start,
        // every envelope names its CRS, as GeoServer writes them (38 bytes a feature: osm_places
        // is 17% above the study's size for it, see StudySizeCalibrationTest)
        "srsName=\"" + GmlNames.SRS_LATLON + "\" srsDimension=\"2\"",
        "<gml:" + type.geometryKind().geoJsonType() + " gml:id=\"",
        ".geom\" srsName=\"" + GmlNames.SRS_LATLON + "\" srsDimension=\"2\"",
        end,
        true);
  }

  /** The document up to its first member: written once a document, by the floor too. */
  void writeStart(Utf8XmlWriter w, FeatureCollection collection) throws IOException {
    w.raw(Utf8XmlWriter.ascii(GmlHeaders.gml32(collection.type(), collection)));
    writeBounds(w, collection.bounds());
  }

  private static void writeBounds(Utf8XmlWriter w, Envelope b) throws IOException {
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
    Gml3Members members = new Gml3Members(collection.type(), markup(collection.type()));
    for (Feature f : collection.features()) {
      members.write(w, f);
    }
    w.raw(DOCUMENT_END);
    w.flush();
  }

  /** Its collection names the time it was written, {@code timeStamp}. */
  @Override
  public boolean writesTimeStamp() {
    return true;
  }

  @Override
  public boolean encodesSeveralQueries() {
    return true;
  }

  /**
   * Several queries as WFS 2.0 answers them (OGC 09-025r2 11.3.3.5): one wfs:member a query, each
   * holding that query's own wfs:FeatureCollection with its counts; the outer collection carries
   * the totals and the paging links. For hits only the totals are written.
   */
  @Override
  public void encodeQueries(QueryResults results, OutputStream out) throws IOException {
    if (results.queries().size() == 1) {
      encode(results.queries().get(0).page(results.paging()), out);
      return;
    }
    Utf8XmlWriter w = new Utf8XmlWriter(out);
    w.raw(
        Utf8XmlWriter.ascii(
            GmlHeaders.gml32(
                results.types(),
                results.schemaBase(),
                results.paging(),
                results.size(),
                results.timeStamp())));
    writeBounds(w, results.bounds());
    if (!results.paging().hits()) {
      for (FeatureCollection c : results.queries()) {
        w.raw(
            Utf8XmlWriter.ascii(
                "<wfs:member><wfs:FeatureCollection"
                    + GmlHeaders.counts(c.paging().numberMatched(), c.size(), c.timeStamp())
                    + ">"));
        writeBounds(w, c.bounds());
        Gml3Members members = new Gml3Members(c.type(), markup(c.type()));
        for (Feature f : c.features()) {
          members.write(w, f);
        }
        w.raw(DOCUMENT_END).raw(QUERY_END);
      }
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
    new Gml3Members(one.type(), bare(one.type(), one.schemaBase())).write(w, GeoCodec.single(one));
    w.flush();
  }
}
