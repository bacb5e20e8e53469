package org.wirebench.bench.consumer;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoJsonCodec;

/**
 * A codec as a library consumer writes one, against nothing but {@link GeoCodec} (no WFS names
 * declared, so the defaults apply): GeoJSON text sequences (RFC 8142), each feature a GeoJSON
 * Feature after a record separator (0x1E) and before a line feed. Registered only in {@code
 * consumer-jar/META-INF/services}, which {@link ConsumerCodecTest} puts on a JVM's class path as a
 * consumer's jar would be.
 */
public final class GeoJsonSeqCodec implements GeoCodec {
  private static final int RS = 0x1E;
  private final GeoJsonCodec json = new GeoJsonCodec();

  @Override
  public String name() {
    return "geojson-seq";
  }

  @Override
  public String mediaType() {
    return "application/geo+json-seq";
  }

  @Override
  public String fileExtension() {
    return "geojsons";
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    for (Feature f : collection.features()) {
      out.write(RS);
      json.encodeFeature(
          FeatureCollection.of(collection.type(), List.of(f), collection.timeStamp()), out);
      out.write('\n');
    }
  }

  /** JSON escapes every control character in a string, so a raw RS only ever separates. */
  @Override
  public List<Feature> decode(FeatureType type, InputStream in) throws IOException {
    String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    if (text.isEmpty()) {
      return List.of();
    }
    if (text.charAt(0) != RS) {
      throw new IOException("a GeoJSON text sequence starts with RS (0x1E), not " + text.charAt(0));
    }
    String features = String.join(",", text.substring(1).split("\u001e", -1));
    byte[] collection =
        ("{\"type\":\"FeatureCollection\",\"features\":[" + features + "]}")
            .getBytes(StandardCharsets.UTF_8);
    return json.decode(type, new ByteArrayInputStream(collection));
  }
}
