package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.QueryResults;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * GML 3.1.1 in a WFS 1.1.0 {@code wfs:FeatureCollection}, the shape GeoServer's "GML3" output for
 * WFS 1.1 has: {@code numberOfFeatures} and {@code timeStamp}, the members in one {@code
 * gml:featureMembers}, a {@code gml:id} on every feature (not on geometries, which GML 3.1.1 does
 * not require), each feature's own {@code gml:boundedBy}, {@code gml:pos}/{@code gml:posList} in
 * the lat/lon order of {@code urn:x-ogc:def:crs:EPSG:4326}, named on every envelope and geometry.
 */
public final class Gml31Codec extends GmlCodec {
  static final String MEDIA_TYPE = "text/xml; subtype=gml/3.1.1";

  public Gml31Codec() {
    // GML3 is GML 3.1.1, as in GeoServer's format names (GML32 is 3.2)
    super(
        "gml31",
        MEDIA_TYPE,
        XmlSchema.WFS_1_1_GML_31,
        WfsOutputFormat.of(MEDIA_TYPE, "gml31", "gml3", "text/xml; subtype=gml/3.1"));
  }

  private static final String SRS = "srsName=\"" + GmlNames.SRS_X_LATLON + "\"";
  private static final byte[] MEMBERS_START = Utf8XmlWriter.ascii("<gml:featureMembers>");
  private static final byte[] MEMBERS_END = Utf8XmlWriter.ascii("</gml:featureMembers>");
  private static final byte[] ENVELOPE_END =
      Utf8XmlWriter.ascii("</gml:upperCorner></gml:Envelope></gml:boundedBy>");

  /** A member's markup for one feature type. */
  static Gml3Members.Markup markup(FeatureType type) {
    return Gml3Members.Markup.of(
        type,
        "<" + type.prefix() + ":" + type.name(),
        SRS,
        "<gml:" + type.geometryKind().geoJsonType() + " " + SRS,
        "",
        "",
        false);
  }

  private static void writeBounds(Utf8XmlWriter w, Envelope b) throws IOException {
    if (!b.isNull()) {
      w.raw(Utf8XmlWriter.ascii("<gml:boundedBy><gml:Envelope " + SRS + "><gml:lowerCorner>"));
      w.ordinate(b.getMinY()).ascii(' ').ordinate(b.getMinX()).raw(Gml3Members.LOWER_TO_UPPER);
      w.ordinate(b.getMaxY()).ascii(' ').ordinate(b.getMaxX()).raw(ENVELOPE_END);
    }
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    encodeQueries(QueryResults.of(collection), out);
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
   * One query or several: one collection, numberOfFeatures over all (or the matches, for hits), one
   * featureMembers for all.
   */
  @Override
  public void encodeQueries(QueryResults results, OutputStream out) throws IOException {
    Utf8XmlWriter w = new Utf8XmlWriter(out);
    FeatureCollection.Paging p = results.paging();
    w.raw(
        Utf8XmlWriter.ascii(
            GmlHeaders.gml31(
                results.types(),
                results.schemaBase(),
                p.hits() ? p.numberMatched() : results.size(),
                results.timeStamp())));
    writeBounds(w, results.bounds());
    writeMembers(w, results.queries());
  }

  private static void writeMembers(Utf8XmlWriter w, List<FeatureCollection> queries)
      throws IOException {
    if (queries.stream().anyMatch(c -> c.size() > 0)) {
      // an empty featureMembers would be valid but says nothing (hits, empty pages): left out
      w.raw(MEMBERS_START);
      for (FeatureCollection c : queries) {
        Gml3Members members = new Gml3Members(c.type(), markup(c.type()));
        for (Feature f : c.features()) {
          members.write(w, f);
        }
      }
      w.raw(MEMBERS_END);
    }
    w.raw(DOCUMENT_END);
    w.flush();
  }
}
