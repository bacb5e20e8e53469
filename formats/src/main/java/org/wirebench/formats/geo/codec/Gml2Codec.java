package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.QueryResults;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * GML 2.1.2 in a WFS 1.0.0 {@code wfs:FeatureCollection}: {@code gml:featureMember}s, {@code
 * gml:coordinates} in lon/lat order ("x,y x,y", the default separators, so no {@code cs}/{@code ts}
 * attributes), EPSG:4326, the collection's {@code gml:boundedBy}.
 */
public final class Gml2Codec extends GmlCodec {
  static final String MEDIA_TYPE = "text/xml; subtype=gml/2.1.2";

  public Gml2Codec() {
    super(
        "gml2",
        MEDIA_TYPE,
        XmlSchema.WFS_1_0_GML_2,
        WfsOutputFormat.of(MEDIA_TYPE, "gml2", "text/xml; subtype=gml/2")
            .in(WfsVersion.V1_0_0, WfsVersion.V1_1_0, WfsVersion.V2_0_0));
  }

  private static final byte[] COORDINATES_END = Utf8XmlWriter.ascii("</gml:coordinates>");
  static final byte[] ID_END = Utf8XmlWriter.ascii("\">");

  /**
   * A member's markup for one feature type: the id goes between the first two parts, the attributes
   * after {@link #ID_END}, the coordinates between the last two. The same-bytes floor copies these
   * too.
   */
  record Markup(byte[] memberStart, byte[] geometryStart, byte[] memberEnd) {
    static Markup of(FeatureType type) {
      String kind = type.geometryKind().geoJsonType();
      return new Markup(
          Utf8XmlWriter.ascii(
              "<gml:featureMember><" + type.prefix() + ":" + type.name() + " fid=\""),
          Utf8XmlWriter.ascii(
              FeatureMarkup.openTag(type, type.geometryName())
                  + "<gml:"
                  + kind
                  + " srsName=\"EPSG:4326\"><gml:coordinates>"),
          Utf8XmlWriter.ascii(
              "</gml:coordinates></gml:"
                  + kind
                  + ">"
                  + FeatureMarkup.closeTag(type, type.geometryName())
                  + FeatureMarkup.closeTag(type, type.name())
                  + "</gml:featureMember>"));
    }
  }

  /** The document up to its first member: written once a document, by the floor too. */
  void writeStart(Utf8XmlWriter w, FeatureCollection collection) throws IOException {
    writeStart(w, List.of(collection.type()), collection.schemaBase(), collection.bounds());
  }

  private static void writeStart(
      Utf8XmlWriter w, List<FeatureType> types, String schemaBase, Envelope b) throws IOException {
    w.raw(Utf8XmlWriter.ascii(GmlHeaders.gml2(types, schemaBase)));
    if (b.isNull()) {
      w.raw(Utf8XmlWriter.ascii("<gml:null>missing</gml:null>"));
    } else {
      w.raw(Utf8XmlWriter.ascii("<gml:Box srsName=\"EPSG:4326\"><gml:coordinates>"));
      w.ordinate(b.getMinX()).ascii(',').ordinate(b.getMinY()).ascii(' ');
      w.ordinate(b.getMaxX()).ascii(',').ordinate(b.getMaxY());
      w.raw(COORDINATES_END).raw(Utf8XmlWriter.ascii("</gml:Box>"));
    }
    w.raw(Utf8XmlWriter.ascii("</gml:boundedBy>"));
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    Utf8XmlWriter w = new Utf8XmlWriter(out);
    writeStart(w, collection);
    writeMembers(w, collection);
    w.raw(DOCUMENT_END);
    w.flush();
  }

  @Override
  public boolean encodesSeveralQueries() {
    return true;
  }

  /** Several queries: one collection, each query's members after the one before's. */
  @Override
  public void encodeQueries(QueryResults results, OutputStream out) throws IOException {
    Utf8XmlWriter w = new Utf8XmlWriter(out);
    writeStart(w, results.types(), results.schemaBase(), results.bounds());
    for (FeatureCollection c : results.queries()) {
      writeMembers(w, c);
    }
    w.raw(DOCUMENT_END);
    w.flush();
  }

  private static void writeMembers(Utf8XmlWriter w, FeatureCollection collection)
      throws IOException {
    FeatureType type = collection.type();
    FeatureMarkup markup = new FeatureMarkup(type);
    Markup m = Markup.of(type);
    for (Feature f : collection.features()) {
      FeatureMarkup.checkKind(type, f);
      w.raw(m.memberStart()).id(f).raw(ID_END);
      markup.writeAttributes(w, f);
      w.raw(m.geometryStart());
      writeCoordinates(w, f.positions());
      w.raw(m.memberEnd());
    }
  }

  /**
   * "x,y x,y": a method of its own, because compiled inside {@link #writeMembers} the loop ran at
   * one of two speeds, the same in one JVM all through and the slower in nearly every JVM (240 µs
   * an osm_mainroads document of 200 features against 190; the pairs' "two modes" of gml2 and its
   * floor); on its own it ran near the faster one (195–205 µs) in all 28 JVMs measured since, JDK
   * 17 (docs/measuring.md).
   */
  static void writeCoordinates(Utf8XmlWriter w, CoordinateSequence seq) throws IOException {
    for (int i = 0; i < seq.size(); i++) {
      if (i > 0) {
        w.ascii(' ');
      }
      w.ordinate(seq.getX(i)).ascii(',').ordinate(seq.getY(i));
    }
  }
}
