package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * The least work any encoder can do to write exactly a codec's bytes: markup pre-rendered once a
 * document and copied, only the numbers formatted (each once: an envelope is copied from the
 * vertices that hold its corners) and only the text values escaped, into one buffer that is made
 * room in once a feature. The coordinate-only {@code floor} says what printing the numbers costs;
 * this one says how close an encoder is to the best its own output allows. Its output is
 * byte-compared with the codec's (tests, and GeoEncodingBenchmark before timing); it reads back
 * through the codec's own decoder, so it passes the same conformance checks.
 *
 * <p>Not registered as a codec (the WFS server does not serve it): {@link #of} finds one by name,
 * {@code <codec>-floor}.
 */
public final class SameBytesFloor implements GeoCodec {
  /** Writes one collection. */
  interface Writer {
    void write(FeatureCollection collection, OutputStream out) throws IOException;
  }

  private static final String SUFFIX = "-floor";
  private static final Map<String, Supplier<Writer>> WRITERS =
      Map.of(
          "gml2",
          Gml2Floor::new,
          "gml32",
          Gml32Floor::new,
          "geojson",
          GeoJsonFloor::new,
          "flatgeobuf",
          FlatGeobufFloor::new);

  /** Every same-bytes floor, in the codecs' registry order. */
  public static final List<String> NAMES =
      List.of("gml2-floor", "gml32-floor", "geojson-floor", "flatgeobuf-floor");

  private final GeoCodec codec;
  private final Writer writer;

  private SameBytesFloor(GeoCodec codec, Writer writer) {
    this.codec = codec;
    this.writer = writer;
  }

  /** True for a name of the form {@code <codec>-floor}, whatever the codec. */
  public static boolean isFloorName(String name) {
    return name.endsWith(SUFFIX);
  }

  /**
   * The floor named {@code <codec>-floor}.
   *
   * @throws IllegalArgumentException for any other name, listing the floors there are
   */
  public static SameBytesFloor of(String name) {
    Supplier<Writer> writer =
        isFloorName(name) ? WRITERS.get(name.substring(0, name.length() - SUFFIX.length())) : null;
    if (writer == null) {
      throw new IllegalArgumentException(
          "no same-bytes floor '" + name + "'; there are " + String.join(", ", NAMES));
    }
    return new SameBytesFloor(
        GeoCodecs.get(name.substring(0, name.length() - SUFFIX.length())), writer.get());
  }

  /** The floor named {@code name} if it is one, else the registered codec of that name. */
  public static GeoCodec codecOrFloor(String name) {
    return isFloorName(name) ? of(name) : GeoCodecs.get(name);
  }

  /** The codec whose bytes this floor writes. */
  public GeoCodec codec() {
    return codec;
  }

  @Override
  public String name() {
    return codec.name() + SUFFIX;
  }

  @Override
  public String mediaType() {
    return codec.mediaType();
  }

  @Override
  public String fileExtension() {
    return codec.fileExtension();
  }

  /** Never offered: its names belong to the codec whose bytes it writes. */
  @Override
  public WfsOutputFormat wfsOutputFormat() {
    return WfsOutputFormat.UNLISTED;
  }

  @Override
  public int coordinateDecimals() {
    return codec.coordinateDecimals();
  }

  @Override
  public XmlSchema xmlSchema() {
    return codec.xmlSchema();
  }

  @Override
  public boolean writesTimeStamp() {
    return codec.writesTimeStamp();
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    writer.write(collection, out);
  }

  @Override
  public List<Feature> decode(FeatureType type, InputStream in) throws IOException {
    return codec.decode(type, in);
  }
}
