package org.wirebench.server.wfs;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.schema.XmlSchema;
import org.wirebench.formats.registry.UnknownNameException;
import org.wirebench.server.http.OwsException;

/**
 * What each WFS version writes and reads as outputFormat: the GetFeature codecs by the names
 * GeoServer's clients send, each version's default, and the XML Schema dialect DescribeFeatureType
 * answers in.
 */
final class OutputFormats {
  /** WFS 1.1's media type for GML 3.1.1 (features and their schemas). */
  static final String GML31_SCHEMA = "text/xml; subtype=gml/3.1.1";

  private static final Map<String, String> FORMAT_ALIASES = formatAliases();

  private OutputFormats() {}

  /** DescribeFeatureType's outputFormat {@code f} (or null): the version's XML Schema only. */
  static void checkSchemaFormat(String version, String f) throws OwsException {
    if (f == null) {
      return;
    }
    String n = f.toLowerCase(Locale.ROOT).replace(" ", "");
    List<String> valid =
        switch (version) {
          case WfsRequest.V1 -> List.of("xmlschema", "text/xml;subtype=gml/2.1.2");
          case WfsRequest.V11 -> List.of("text/xml;subtype=gml/3.1.1");
          default ->
              List.of(
                  "application/gml+xml;version=3.2",
                  "text/xml;subtype=gml/3.2",
                  "text/xml;subtype=gml/3.2.1");
        };
    if (!valid.contains(n)) {
      throw OwsException.invalid(
          "outputFormat", f, "a feature type is described as " + String.join(" or ", valid));
    }
  }

  /** The XML Schema language and GML a DescribeFeatureType of this version answers in. */
  static XmlSchema schema(String version) {
    return switch (version) {
      case WfsRequest.V1 -> XmlSchema.WFS_1_0_GML_2;
      case WfsRequest.V11 -> XmlSchema.WFS_1_1_GML_31;
      default -> XmlSchema.WFS_2_0_GML_32;
    };
  }

  /** That schema's media type. */
  static String schemaMediaType(String version) {
    return switch (version) {
      case WfsRequest.V1 -> "text/xml; subtype=gml/2.1.2";
      case WfsRequest.V11 -> GML31_SCHEMA;
      default -> "application/gml+xml; version=3.2";
    };
  }

  /** The GetFeature output formats the capabilities of {@code version} list, its default first. */
  static List<String> outputFormats(String version) {
    String gml2 = "text/xml; subtype=gml/2.1.2";
    String gml32 = "application/gml+xml; version=3.2";
    String json = "application/json";
    return version.equals(WfsRequest.V11)
        ? List.of(GML31_SCHEMA, gml32, gml2, json)
        : List.of(gml32, GML31_SCHEMA, gml2, json);
  }

  /** The codec for outputFormat {@code format} (or null: the version's GML). */
  static GeoCodec codec(String version, String format) throws OwsException {
    if (format == null || format.isBlank()) {
      return GeoCodecs.get(
          switch (version) {
            case WfsRequest.V1 -> "gml2";
            case WfsRequest.V11 -> "gml31";
            default -> "gml32";
          });
    }
    String name =
        FORMAT_ALIASES.getOrDefault(format.toLowerCase(Locale.ROOT).replace(" ", ""), format);
    try {
      return GeoCodecs.get(name);
    } catch (UnknownNameException e) {
      throw OwsException.invalid(
          "outputFormat", format, "valid: GML2, GML3, gml32, application/json, " + e.validNames());
    }
  }

  private static Map<String, String> formatAliases() {
    Map<String, String> m = new TreeMap<>();
    for (String a : List.of("gml2", "text/xml;subtype=gml/2.1.2", "text/xml;subtype=gml/2")) {
      m.put(a, "gml2");
    }
    // GML3 is GML 3.1.1, as in GeoServer's format names (GML32 is 3.2)
    for (String a :
        List.of("gml31", "gml3", "text/xml;subtype=gml/3.1.1", "text/xml;subtype=gml/3.1")) {
      m.put(a, "gml31");
    }
    for (String a :
        List.of(
            "gml32",
            "text/xml;subtype=gml/3.2",
            "text/xml;subtype=gml/3.2.1",
            "application/gml+xml;version=3.2")) {
      m.put(a, "gml32");
    }
    for (String a : List.of("application/json", "json", "geojson", "application/geo+json")) {
      m.put(a, "geojson");
    }
    return m;
  }
}
