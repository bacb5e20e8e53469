package org.wirebench.formats.geo.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;

/**
 * Every layer's geometry, in every schema DescribeFeatureType answers in, is the geometry type GDAL
 * reads from it: a line layer is a LineString layer in WFS 2.0's GML 3.2 as in 1.0's GML 2 and
 * 1.1's GML 3.1.1 (it read as a CompoundCurve, GML 3.2.1's CurvePropertyType taking any curve).
 * {@link #gdalType} is GDAL's GML reader's rule (ogr/ogrsf_frmts/gml/parsexsd.cpp, GDAL 3.6 to
 * today): the property type's name looked up in its table, then a later comment "restricted to
 * LineString" (or Polygon, MultiPolygon, MultiLineString) in the same sequence taking its place.
 */
class GdalGeometryTypeTest {
  /** parsexsd.cpp's apsPropertyTypes, in its order (it matches the first whose name begins it). */
  private static final List<Map.Entry<String, String>> GDAL_TYPES =
      List.of(
          Map.entry("GeometryPropertyType", "Unknown"),
          Map.entry("PointPropertyType", "Point"),
          Map.entry("LineStringPropertyType", "LineString"),
          Map.entry("CurvePropertyType", "CompoundCurve"),
          Map.entry("PolygonPropertyType", "Polygon"),
          Map.entry("SurfacePropertyType", "CurvePolygon"),
          Map.entry("MultiPointPropertyType", "MultiPoint"),
          Map.entry("MultiLineStringPropertyType", "MultiLineString"),
          Map.entry("MultiCurvePropertyType", "MultiCurve"),
          Map.entry("MultiPolygonPropertyType", "MultiPolygon"),
          Map.entry("MultiSurfacePropertyType", "MultiSurface"),
          Map.entry("MultiGeometryPropertyType", "GeometryCollection"));

  private static final List<String> RESTRICTIONS =
      List.of("Polygon", "LineString", "MultiPolygon", "MultiLineString");

  @Test
  void everyLayerReadsAsItsOwnGeometryTypeInEverySchema() throws Exception {
    for (Dataset d : Datasets.registry().all()) {
      for (XmlSchema schema :
          List.of(XmlSchema.WFS_1_0_GML_2, XmlSchema.WFS_1_1_GML_31, XmlSchema.WFS_2_0_GML_32)) {
        String xsd = FeatureSchemas.xsd(d.featureType(), schema);
        assertEquals(
            d.featureType().geometryKind().geoJsonType(),
            gdalType(xsd, d.featureType().geometryName()),
            d.name() + " in " + schema + ":\n" + xsd);
      }
    }
  }

  @Test
  void severalTypesInOneSchemaEachReadAsTheirOwn() throws Exception {
    String xsd =
        FeatureSchemas.xsd(
            Datasets.registry().all().stream().map(Dataset::featureType).toList(),
            XmlSchema.WFS_2_0_GML_32);
    for (Dataset d : Datasets.registry().all()) {
      assertEquals(
          d.featureType().geometryKind().geoJsonType(),
          gdalType(xsd, d.name() + "Type", d.featureType().geometryName()),
          d.name());
    }
  }

  private static String gdalType(String xsd, String geometry) throws Exception {
    return gdalType(xsd, null, geometry);
  }

  /** The geometry type GDAL gives {@code geometry} of complex type {@code typeName} (any: null). */
  private static String gdalType(String xsd, String typeName, String geometry) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    Document doc =
        f.newDocumentBuilder()
            .parse(new ByteArrayInputStream(xsd.getBytes(StandardCharsets.UTF_8)));
    NodeList types = doc.getElementsByTagNameNS(XMLConstants.W3C_XML_SCHEMA_NS_URI, "complexType");
    for (int t = 0; t < types.getLength(); t++) {
      Element type = (Element) types.item(t);
      if (typeName != null && !typeName.equals(type.getAttribute("name"))) {
        continue;
      }
      NodeList elements =
          type.getElementsByTagNameNS(XMLConstants.W3C_XML_SCHEMA_NS_URI, "element");
      for (int i = 0; i < elements.getLength(); i++) {
        Element e = (Element) elements.item(i);
        if (e.getAttribute("name").equals(geometry)) {
          return gdalType(e);
        }
      }
    }
    throw new AssertionError("no element " + geometry + " in " + xsd);
  }

  private static String gdalType(Element e) {
    String type = e.getAttribute("type");
    String local = type.substring(type.indexOf(':') + 1);
    String read = "unread";
    for (Map.Entry<String, String> g : GDAL_TYPES) {
      if (type.startsWith("gml:") && local.startsWith(g.getKey())) {
        read = g.getValue();
        break;
      }
    }
    for (Node n = e.getNextSibling(); n != null; n = n.getNextSibling()) {
      if (n.getNodeType() == Node.COMMENT_NODE) {
        for (String r : RESTRICTIONS) {
          if (n.getNodeValue().contains("restricted to " + r)) {
            read = r;
          }
        }
      }
    }
    return read;
  }
}
