package org.wirebench.formats.geo.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.fidelity.Fidelity;
import org.wirebench.formats.fidelity.PinnedTable;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.codec.FlatGeobufCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.codec.GeoJsonCodec;

/**
 * Today's codec fidelity table, pinned: what each feature codec does with NaN, huge or tiny
 * ordinates, control characters, surrogates and odd ids is a finding, not a failure, but a change
 * (ours or a library's) must be noticed and the golden file updated on purpose. The probe's
 * judgement is checked on codecs broken on purpose.
 */
class CodecFidelityTest {
  static String table() {
    StringBuilder t = new StringBuilder();
    for (CodecEdgeCase c : CodecEdgeCase.all()) {
      t.append(c.name());
      for (String codec : CodecFidelity.codecs()) {
        CodecFidelityProbe.Outcome o = CodecFidelityProbe.probe(GeoCodecs.get(codec), c);
        t.append(" | ").append(codec).append(": ").append(o.fidelity().label());
      }
      t.append('\n');
    }
    return t.toString();
  }

  @Test
  void todaysTableIsPinned() throws Exception {
    PinnedTable.assertPinned("codec-fidelity.txt", table());
  }

  @Test
  void everyCodecWritesThePlainRowExactly() {
    CodecEdgeCase plain = CodecEdgeCase.all().get(0);
    for (String codec : CodecFidelity.codecs()) {
      assertEquals(
          Fidelity.EXACT, CodecFidelityProbe.probe(GeoCodecs.get(codec), plain).fidelity(), codec);
    }
  }

  /** Drops every feature's name on the way out, as a careless codec might. */
  static final class DropsNames extends GeoJsonCodec {
    @Override
    public void encode(FeatureCollection c, OutputStream out) throws IOException {
      List<Feature> renamed =
          c.features().stream()
              .map(f -> new Feature(f.id(), new Object[] {null, f.value(1)}, f.geometry()))
              .toList();
      super.encode(FeatureCollection.of(c.type(), renamed, c.timeStamp()), out);
    }
  }

  /** Writes nothing at all. */
  static final class WritesNothing extends GeoJsonCodec {
    @Override
    public void encode(FeatureCollection c, OutputStream out) throws IOException {
      super.encode(FeatureCollection.of(c.type(), List.of(), c.timeStamp()), out);
    }
  }

  /** A full-precision codec that writes -0.0 as 0.0: the two are equal as numbers, not as bits. */
  static final class DropsTheSignOfZero extends FlatGeobufCodec {
    @Override
    public void encode(FeatureCollection c, OutputStream out) throws IOException {
      List<Feature> unsigned =
          c.features().stream()
              .map(
                  f -> {
                    Coordinate[] cs =
                        java.util.Arrays.stream(f.geometry().getCoordinates())
                            .map(p -> new Coordinate(p.x == 0 ? 0.0 : p.x, p.y))
                            .toArray(Coordinate[]::new);
                    return new Feature(
                        f.id(), f.values().toArray(), new GeometryFactory().createLineString(cs));
                  })
              .toList();
      super.encode(FeatureCollection.of(c.type(), unsigned, c.timeStamp()), out);
    }
  }

  @Test
  void aFullPrecisionCodecIsHeldToEveryBit() {
    CodecEdgeCase negativeZero =
        CodecEdgeCase.all().stream()
            .filter(c -> c.name().equals("ordinate -0.0"))
            .findFirst()
            .get();
    assertEquals(
        Fidelity.CHANGED,
        CodecFidelityProbe.probe(new DropsTheSignOfZero(), negativeZero).fidelity());
    assertEquals(
        Fidelity.EXACT,
        CodecFidelityProbe.probe(GeoCodecs.get("flatgeobuf"), negativeZero).fidelity());
  }

  @Test
  void theProbeSeesChangesLossesAndRefusals() {
    CodecEdgeCase plain = CodecEdgeCase.all().get(0);
    assertEquals(Fidelity.CHANGED, CodecFidelityProbe.probe(new DropsNames(), plain).fidelity());
    assertEquals(Fidelity.LOST, CodecFidelityProbe.probe(new WritesNothing(), plain).fidelity());
    CodecEdgeCase nan =
        CodecEdgeCase.all().stream().filter(c -> c.name().equals("ordinate NaN")).findFirst().get();
    // our GeoJSON codec refuses NaN (JSON has no NaN): the faithful answer
    CodecFidelityProbe.Outcome o = CodecFidelityProbe.probe(GeoCodecs.get("geojson"), nan);
    assertEquals(Fidelity.FAULT, o.fidelity(), o.detail());
  }
}
