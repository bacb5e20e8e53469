package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;

/**
 * A codec says whether it writes the collection's time stamp ({@link GeoCodec#writesTimeStamp}),
 * which {@code encode --time-stamp} reads; the conformance check holds every codec, a plug-in's
 * too, to what it says.
 */
class TimeStampDeclarationTest {
  private final Dataset places = Datasets.get("osm_places");
  private final FeatureCollection three =
      FeatureCollection.of(places.featureType(), places.take(3), Instant.EPOCH);

  static Stream<String> codecsAndFloors() {
    return Stream.concat(GeoCodecs.registry().names().stream(), SameBytesFloor.NAMES.stream());
  }

  /** WFS 1.1's and 2.0's GML name the time they were written; the others have no such field. */
  @Test
  void theWfs11And20GmlWriteOne() {
    assertTrue(GeoCodecs.get("gml31").writesTimeStamp());
    assertTrue(GeoCodecs.get("gml32").writesTimeStamp());
    assertTrue(SameBytesFloor.of("gml32-floor").writesTimeStamp());
    for (String none : List.of("gml2", "geojson", "flatgeobuf", "floor", "geojsonseq")) {
      assertFalse(GeoCodecs.get(none).writesTimeStamp(), none);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecsAndFloors")
  void everyCodecPassesItsOwnClaim(String name) throws IOException {
    Conformance.check(SameBytesFloor.codecOrFloor(name), three);
  }

  /** A codec that writes the time stamp without saying so: encode would refuse what it takes. */
  @Test
  void anUndeclaredTimeStampFailsTheCheck() {
    GeoCodec silent = delegating(new Gml32Codec(), false);
    ConformanceException e =
        assertThrows(ConformanceException.class, () -> Conformance.check(silent, three));
    assertTrue(e.getMessage().contains("another time stamp changed its bytes"), e.getMessage());
  }

  /** A codec that says it writes one and does not: encode would take a time stamp and drop it. */
  @Test
  void aClaimedTimeStampThatIsNotWrittenFailsTheCheck() {
    GeoCodec claiming = delegating(new Gml2Codec(), true);
    ConformanceException e =
        assertThrows(ConformanceException.class, () -> Conformance.check(claiming, three));
    assertTrue(e.getMessage().contains("left its bytes the same"), e.getMessage());
  }

  private static GeoCodec delegating(GeoCodec codec, boolean writesTimeStamp) {
    return new GeoCodec() {
      @Override
      public String name() {
        return "test-" + codec.name();
      }

      @Override
      public String mediaType() {
        return codec.mediaType();
      }

      @Override
      public String fileExtension() {
        return codec.fileExtension();
      }

      @Override
      public org.wirebench.formats.geo.schema.XmlSchema xmlSchema() {
        return codec.xmlSchema();
      }

      @Override
      public boolean writesTimeStamp() {
        return writesTimeStamp;
      }

      @Override
      public void encode(FeatureCollection c, OutputStream out) throws IOException {
        codec.encode(c, out);
      }

      @Override
      public List<Feature> decode(FeatureType type, InputStream in) throws IOException {
        return codec.decode(type, in);
      }
    };
  }
}
