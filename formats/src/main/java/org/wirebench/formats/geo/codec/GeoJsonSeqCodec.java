package org.wirebench.formats.geo.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.QueryResults;

/**
 * GeoJSON text sequences (RFC 8142, {@code application/geo+json-seq}): each feature is a GeoJSON
 * Feature of its own, written as {@code geojson} writes it, after an ASCII record separator (RS,
 * 0x1E) and before a line feed. No enclosing collection: a client can draw or store the first
 * feature while the rest are on the wire, and a cut answer is seen to be cut at a feature's end
 * (RFC 7464), which a streaming client of a large WFS answer needs and a FeatureCollection does not
 * give it. GDAL reads it as GeoJSONSeq.
 */
public final class GeoJsonSeqCodec extends GeoJsonCodec {
  static final char RS = '\u001E';

  @Override
  public String name() {
    return "geojsonseq";
  }

  /** Its own media type and name: the GeoJSON names are the collection's. */
  @Override
  public WfsOutputFormat wfsOutputFormat() {
    return WfsOutputFormat.of("application/geo+json-seq", "geojsonseq");
  }

  @Override
  public String mediaType() {
    return "application/geo+json-seq";
  }

  /** GDAL's extension for RS-separated sequences (".geojsonl" is its newline-only variant). */
  @Override
  public String fileExtension() {
    return "geojsons";
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    write(List.of(collection), out);
  }

  /** Several queries: their features one after another, as one sequence. */
  @Override
  public void encodeQueries(QueryResults results, OutputStream out) throws IOException {
    write(results.queries(), out);
  }

  /** A sequence has no bare form: a feature alone would be {@code geojson}'s. */
  @Override
  public boolean encodesBareFeatures() {
    return false;
  }

  @Override
  public void encodeFeature(FeatureCollection one, OutputStream out) {
    throw new UnsupportedOperationException(name() + " writes feature sequences only");
  }

  private void write(List<FeatureCollection> queries, OutputStream out) throws IOException {
    Utf8JsonWriter w = new Utf8JsonWriter(out);
    Buffers text = new Buffers();
    for (FeatureCollection c : queries) {
      byte[][] names = names(c.type());
      for (Feature f : c.features()) {
        w.ascii(RS);
        writeFeature(w, f, names, text);
        w.ascii('\n');
      }
    }
    w.flush();
  }

  /**
   * Reads every record: RS, one Feature object, a line feed. A record that does not end in a line
   * feed is a cut sequence and refused (RFC 7464 lets a parser drop it; dropping would lose a
   * feature silently). Consecutive RS are not empty records (RFC 7464, section 2.1).
   */
  @Override
  public List<Feature> decode(FeatureType type, InputStream in) throws IOException {
    byte[] bytes = in.readAllBytes();
    GeoJsonReader reader = new GeoJsonReader(type);
    List<Feature> features = new ArrayList<>();
    int at = 0;
    while (at < bytes.length) {
      if (bytes[at] != RS) {
        throw new IOException("byte " + at + " is not a record separator (0x1E)");
      }
      int end = at + 1;
      while (end < bytes.length && bytes[end] != RS) {
        end++;
      }
      if (end == bytes.length && end == at + 1) {
        throw new IOException("the sequence ends in a record separator (cut)");
      }
      if (end > at + 1) {
        if (bytes[end - 1] != '\n') {
          throw new IOException("the record at byte " + at + " does not end in a line feed (cut)");
        }
        features.add(record(reader, bytes, at + 1, end - at - 1));
      }
      at = end;
    }
    return features;
  }

  private static Feature record(GeoJsonReader reader, byte[] bytes, int from, int length)
      throws IOException {
    try (JsonParser p = JSON.createParser(bytes, from, length)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("the record at byte " + (from - 1) + " is not a JSON object");
      }
      Feature f = reader.readFeature(p);
      if (p.nextToken() != null) {
        throw new IOException("the record at byte " + (from - 1) + " holds more than one value");
      }
      return f;
    }
  }
}
