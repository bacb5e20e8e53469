package org.wirebench.formats.geo.schema;

import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.FeatureType;

/**
 * The application schema of a feature type, as a WFS's DescribeFeatureType returns it: one complex
 * type extending {@code gml:AbstractFeatureType} and one element in the feature substitution group,
 * for GML 2.1.2, GML 3.1.1 or GML 3.2.1.
 */
public final class FeatureSchemas {
  private FeatureSchemas() {}

  /** The XSD text for {@code type} under {@code schema} (not {@link XmlSchema#NONE}). */
  public static String xsd(FeatureType type, XmlSchema schema) {
    return xsd(java.util.List.of(type), schema);
  }

  /**
   * One XSD declaring every type of {@code types} (DescribeFeatureType for several or all types).
   *
   * @throws IllegalArgumentException if the types do not share one namespace and prefix, which one
   *     schema document cannot declare
   */
  public static String xsd(java.util.List<FeatureType> types, XmlSchema schema) {
    String gmlLocation = schema.gmlLocation();
    FeatureType first = types.get(0);
    for (FeatureType t : types) {
      if (!t.namespaceUri().equals(first.namespaceUri()) || !t.prefix().equals(first.prefix())) {
        throw new IllegalArgumentException(
            t.name()
                + " is in "
                + t.namespaceUri()
                + ", "
                + first.name()
                + " in "
                + first.namespaceUri()
                + ": one schema document cannot declare both");
      }
    }
    String gmlNs = schema.gmlNamespace();
    StringBuilder x = new StringBuilder(2048 * types.size());
    x.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append("<xsd:schema xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\"")
        .append(" xmlns:gml=\"")
        .append(gmlNs)
        .append("\" xmlns:")
        .append(first.prefix())
        .append("=\"")
        .append(first.namespaceUri())
        .append("\" targetNamespace=\"")
        .append(first.namespaceUri())
        .append("\" elementFormDefault=\"qualified\" attributeFormDefault=\"unqualified\">\n")
        .append("  <xsd:import namespace=\"")
        .append(gmlNs)
        .append("\" schemaLocation=\"")
        .append(gmlLocation)
        .append("\"/>\n");
    for (FeatureType type : types) {
      declare(x, type, schema);
    }
    return x.append("</xsd:schema>\n").toString();
  }

  private static void declare(StringBuilder x, FeatureType type, XmlSchema schema) {
    String substitutionGroup =
        schema == XmlSchema.WFS_2_0_GML_32 ? "gml:AbstractFeature" : "gml:_Feature";
    String geometryType =
        switch (schema) {
          case WFS_2_0_GML_32 -> type.geometryKind().gml32PropertyType();
          case WFS_1_1_GML_31 -> type.geometryKind().gml31PropertyType();
          default -> type.geometryKind().gml2PropertyType();
        };
    x.append("  <xsd:complexType name=\"")
        .append(type.name())
        .append("Type\">\n")
        .append("    <xsd:complexContent>\n")
        .append("      <xsd:extension base=\"gml:AbstractFeatureType\">\n")
        .append("        <xsd:sequence>\n");
    for (Attribute a : type.attributes()) {
      x.append("          <xsd:element name=\"")
          .append(a.name())
          .append("\" type=\"")
          .append(a.type().xsdType())
          .append("\" minOccurs=\"")
          .append(a.optional() ? 0 : 1)
          .append("\" maxOccurs=\"1\"/>\n");
    }
    x.append("          <xsd:element name=\"")
        .append(type.geometryName())
        .append("\" type=\"")
        .append(geometryType)
        .append("\" minOccurs=\"1\" maxOccurs=\"1\"/>");
    if (schema == XmlSchema.WFS_2_0_GML_32) {
      type.geometryKind().gml32Restriction().ifPresent(c -> x.append(' ').append(c));
    }
    x.append('\n')
        .append("        </xsd:sequence>\n")
        .append("      </xsd:extension>\n")
        .append("    </xsd:complexContent>\n")
        .append("  </xsd:complexType>\n")
        .append("  <xsd:element name=\"")
        .append(type.name())
        .append("\" type=\"")
        .append(type.prefix())
        .append(':')
        .append(type.name())
        .append("Type\" substitutionGroup=\"")
        .append(substitutionGroup)
        .append("\"/>\n");
  }
}
