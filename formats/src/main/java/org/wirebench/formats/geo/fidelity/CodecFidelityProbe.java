package org.wirebench.formats.geo.fidelity;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Objects;
import org.locationtech.jts.geom.Coordinate;
import org.wirebench.formats.fidelity.Fidelity;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.codec.Conformance;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.schema.OgcValidator;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * Encodes a {@link CodecEdgeCase} with a codec, validates what it wrote (its OGC schema, for GML)
 * and reads it back with the codec's own decoder, then judges by value: ordinates within the
 * codec's declared precision, ids and attributes exactly. A finding about the codec, never a test
 * failure by itself.
 */
public final class CodecFidelityProbe {
  private CodecFidelityProbe() {}

  /**
   * @param fidelity what the codec did
   * @param detail what came back (or the error), shortened
   */
  public record Outcome(Fidelity fidelity, String detail) {}

  public static Outcome probe(GeoCodec codec, CodecEdgeCase c) {
    byte[] bytes;
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      codec.encode(c.collection(), out);
      bytes = out.toByteArray();
    } catch (Exception e) {
      return new Outcome(
          Fidelity.FAULT, "refused: " + Fidelity.shorten(String.valueOf(e.getMessage())));
    }
    List<Feature> back;
    try {
      if (codec.xmlSchema() != XmlSchema.NONE) {
        OgcValidator.validate(codec.xmlSchema(), c.collection().type(), bytes);
      }
      back = codec.decode(c.collection().type(), new ByteArrayInputStream(bytes));
    } catch (Exception | StackOverflowError e) {
      return new Outcome(
          Fidelity.CHANGED,
          "wrote invalid output: " + Fidelity.shorten(String.valueOf(e.getMessage())));
    }
    if (back.isEmpty()) {
      return new Outcome(Fidelity.LOST, "no feature read back");
    }
    Feature sent = c.collection().features().get(0);
    Feature got = back.get(0);
    String detail = Fidelity.shorten(describe(got));
    if (!c.representable() || !same(codec, sent, got)) {
      return new Outcome(Fidelity.CHANGED, detail);
    }
    return new Outcome(Fidelity.EXACT, detail);
  }

  private static boolean same(GeoCodec codec, Feature sent, Feature got) {
    if (!sent.id().equals(got.id())) {
      return false;
    }
    for (int i = 0; i < sent.valueCount(); i++) {
      if (!Objects.equals(sent.value(i), got.value(i))) {
        return false;
      }
    }
    Coordinate[] a = sent.geometry().getCoordinates();
    Coordinate[] b = got.geometry().getCoordinates();
    if (a.length != b.length) {
      return false;
    }
    double tolerance = Conformance.tolerance(codec);
    for (int i = 0; i < a.length; i++) {
      if (!same(a[i].x, b[i].x, tolerance) || !same(a[i].y, b[i].y, tolerance)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Within the tolerance; a full-precision codec (tolerance 0) must keep every bit, so -0.0 read
   * back as 0.0, equal as numbers, is a change.
   */
  private static boolean same(double sent, double got, double tolerance) {
    return tolerance == 0
        ? Double.doubleToLongBits(sent) == Double.doubleToLongBits(got)
        : Math.abs(sent - got) <= tolerance;
  }

  private static String describe(Feature f) {
    return "id " + f.id() + ", " + f.values() + ", " + f.geometry().getCoordinates()[0];
  }
}
