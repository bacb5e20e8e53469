package org.wirebench.server.wfs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.codec.WfsOutputFormat;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.formats.geo.schema.XmlSchema;
import org.wirebench.formats.media.MediaType;
import org.wirebench.server.http.KvpText;
import org.wirebench.server.http.OwsException;

/**
 * What each WFS version writes and reads as outputFormat: the GetFeature codecs by the names each
 * declares ({@link GeoCodec#wfsOutputFormat}), each version's default, and the XML Schema dialect
 * DescribeFeatureType answers in.
 */
final class OutputFormats {
  private OutputFormats() {}

  /**
   * DescribeFeatureType's outputFormat {@code f} (or null): the version's XML Schema only, its
   * names compared as GetFeature's are ({@link WfsOutputFormat#normalize}).
   */
  static void checkSchemaFormat(WfsVersion version, String f) throws OwsException {
    if (f == null) {
      return;
    }
    String n = WfsOutputFormat.normalize(f);
    List<String> valid =
        switch (version) {
          case V1_0_0 -> List.of("xmlschema", schemaMediaType(version));
          case V1_1_0 -> List.of(schemaMediaType(version));
          case V2_0_0 ->
              List.of(
                  schemaMediaType(version),
                  "text/xml;subtype=gml/3.2",
                  "text/xml;subtype=gml/3.2.1");
        };
    if (valid.stream().map(WfsOutputFormat::normalize).noneMatch(n::equals)) {
      throw OwsException.invalid(
          "outputFormat",
          f,
          notMediaType(f) + "a feature type is described as " + String.join(" or ", valid));
    }
  }

  /**
   * Why {@code format}, written as a media type (it has a '/'), is none (RFC 9110), followed by ";
   * ", or "" (a name such as {@code gml32}, or a media type).
   */
  private static String notMediaType(String format) {
    return format.indexOf('/') < 0 ? "" : MediaType.problem(format).map(p -> p + "; ").orElse("");
  }

  /**
   * The XML Schema language and GML a DescribeFeatureType of this version answers in: those of the
   * version's GML codec, whose features it describes.
   */
  static XmlSchema schema(WfsVersion version) {
    return GeoCodecs.get(defaultCodec(version)).xmlSchema();
  }

  /** That schema's media type: the version's GML codec's. */
  static String schemaMediaType(WfsVersion version) {
    return GeoCodecs.get(defaultCodec(version)).mediaType();
  }

  /**
   * Each version's default GetFeature codec: its GML, as the WFS specifications have it. The
   * capabilities list these first, this version's own, then the others' newest first.
   */
  private static String defaultCodec(WfsVersion version) {
    return switch (version) {
      case V1_0_0 -> "gml2";
      case V1_1_0 -> "gml31";
      case V2_0_0 -> "gml32";
    };
  }

  /**
   * The codecs the capabilities of {@code version} list ({@link GeoCodec#wfsOutputFormat}): the
   * version's default, the other versions' defaults, then the rest in registration order.
   */
  static List<GeoCodec> listed(WfsVersion v) {
    List<String> first = new ArrayList<>();
    first.add(defaultCodec(v));
    for (WfsVersion other : WfsVersion.values()) {
      if (other != v) {
        first.add(defaultCodec(other));
      }
    }
    List<GeoCodec> listed = new ArrayList<>(GeoCodecs.listedIn(v));
    listed.sort(
        Comparator.comparingInt(
            c -> first.contains(c.name()) ? first.indexOf(c.name()) : first.size()));
    return listed;
  }

  /** The GetFeature outputFormat values the capabilities of WFS 1.1.0 or 2.0.0 list. */
  static List<String> outputFormats(WfsVersion version) {
    return listed(version).stream().map(c -> c.wfsOutputFormat().listed()).toList();
  }

  /** The listed outputFormat values whose codecs write a feature alone (GetFeatureById). */
  static List<String> bareFeatureFormats(WfsVersion version) {
    return listed(version).stream()
        .filter(GeoCodec::encodesBareFeatures)
        .map(c -> c.wfsOutputFormat().listed())
        .toList();
  }

  /** WFS 1.0.0's ResultFormat elements: each listed codec's name in upper case (GML2). */
  static List<String> resultFormats() {
    return listed(WfsVersion.V1_0_0).stream().map(c -> c.name().toUpperCase(Locale.ROOT)).toList();
  }

  /** The codec for outputFormat {@code format} (or null: the version's GML). */
  static GeoCodec codec(WfsVersion version, String format) throws OwsException {
    if (format == null || KvpText.isBlank(format)) {
      return GeoCodecs.get(defaultCodec(version));
    }
    return GeoCodecs.forOutputFormat(format)
        .orElseThrow(
            () ->
                OwsException.invalid(
                    "outputFormat",
                    format,
                    notMediaType(format)
                        + "valid: "
                        + String.join(", ", outputFormats(version))
                        + ", or a codec by name: "
                        + String.join(", ", GeoCodecs.registry().names())));
  }
}
