package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.QueryResults;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * One way of putting a feature collection on the wire. A library consumer implements this, lists
 * the class in {@code META-INF/services/org.wirebench.formats.geo.codec.GeoCodec}, and the codec is
 * validated by the conformance tests and timed by {@code GeoEncodingBenchmark} like the built-ins.
 */
public interface GeoCodec {

  /** Written coordinates keep every bit of the double (shortest round-trip representation). */
  int FULL_PRECISION = -1;

  /** Unique among registered codecs; a WFS GetFeature selects the codec by it exactly too. */
  String name();

  /** The HTTP media type of the output (the Content-Type the WFS answers with). */
  String mediaType();

  /**
   * What a WFS offers this codec as: the outputFormat values that select it and the versions whose
   * capabilities list it. By default its name, listed in WFS 1.1.0 and 2.0.0 (a codec {@code csv}
   * is {@code outputFormat=csv}, as GeoServer names its CSV output); a codec measured only beside
   * the others (a JTS peer, the floor) returns {@link WfsOutputFormat#UNLISTED}.
   */
  default WfsOutputFormat wfsOutputFormat() {
    return WfsOutputFormat.of(name());
  }

  /** File name extension for the CLI and golden files ({@code xml}, {@code json}, {@code txt}). */
  String fileExtension();

  /**
   * Decimal places written for each ordinate, or {@link #FULL_PRECISION}; by default what {@link
   * CoordinateFormat} prints (7, about 1 cm), which the conformance checks hold a codec to.
   */
  default int coordinateDecimals() {
    return CoordinateFormat.DECIMALS;
  }

  /** The OGC schema the output must validate against, or {@link XmlSchema#NONE}. */
  default XmlSchema xmlSchema() {
    return XmlSchema.NONE;
  }

  /** False for codecs (the floor) that write geometry only: decoding then yields no attributes. */
  default boolean carriesAttributes() {
    return true;
  }

  /**
   * False for a codec that writes the features in an order of its own (FlatGeobuf with its spatial
   * index sorts them along a Hilbert curve): its round trip is then compared feature by feature by
   * id, and a client asking for an order (paging, sortBy) should not be served with it.
   */
  default boolean keepsFeatureOrder() {
    return true;
  }

  /**
   * Whether the output carries the collection's {@link FeatureCollection#timeStamp} (WFS 1.1's and
   * 2.0's {@code timeStamp}), so that the same features at another time stamp are other bytes. By
   * default not: {@code encode --time-stamp} is refused for a codec that writes none, and the
   * conformance check ({@link Conformance#check}) holds a codec to what it says here.
   */
  default boolean writesTimeStamp() {
    return false;
  }

  /** Writes the whole collection to {@code out} in one pass; does not close {@code out}. */
  void encode(FeatureCollection collection, OutputStream out) throws IOException;

  /**
   * Whether {@link #encodeQueries} writes the results of several queries (a GetFeature of several
   * type names) as one response.
   */
  default boolean encodesSeveralQueries() {
    return false;
  }

  /**
   * Writes the results of one or more queries as one response, in the order asked, with the whole
   * response's paging; does not close {@code out}. By default one query is written by {@link
   * #encode} and more are refused.
   *
   * @throws UnsupportedOperationException for several queries when {@link #encodesSeveralQueries}
   *     is false
   */
  default void encodeQueries(QueryResults results, OutputStream out) throws IOException {
    if (results.queries().size() != 1) {
      throw new UnsupportedOperationException(name() + " writes one query's features a response");
    }
    encode(results.queries().get(0).page(results.paging()), out);
  }

  /** Whether {@link #encodeFeature} writes a feature as a document of its own. */
  default boolean encodesBareFeatures() {
    return false;
  }

  /**
   * Writes the one feature of {@code one} as a document of its own, without a collection (WFS 2.0
   * GetFeatureById answers so; the collection carries its type and schema base); does not close
   * {@code out}.
   *
   * @throws UnsupportedOperationException when {@link #encodesBareFeatures} is false
   */
  default void encodeFeature(FeatureCollection one, OutputStream out) throws IOException {
    throw new UnsupportedOperationException(name() + " writes feature collections only");
  }

  /** The feature of a one-feature collection. */
  static Feature single(FeatureCollection one) {
    if (one.size() != 1) {
      throw new IllegalArgumentException("a bare feature needs one feature, not " + one.size());
    }
    return one.features().get(0);
  }

  /**
   * Reads back what {@link #encode} wrote.
   *
   * @throws IOException also for malformed input, with a message saying what was wrong where
   */
  List<Feature> decode(FeatureType type, InputStream in) throws IOException;
}
