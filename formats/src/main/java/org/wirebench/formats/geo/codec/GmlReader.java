package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.formats.xml.XsdNumbers;
import org.wirebench.formats.xml.XsdWhiteSpace;

/**
 * Streams features of one type back out of a GML 2, 3.1.1 or 3.2 collection (StAX, no DOM), for the
 * round-trip checks. Anything it does not expect fails with the line and column.
 */
final class GmlReader {
  private static final Pattern ORDINATE_SEPARATORS = Pattern.compile("[ \\t\\n\\r,]+");
  private static final GeometryFactory GEOMETRY_FACTORY = new GeometryFactory();

  private final FeatureType type;
  private final String gmlNs;
  private final String idNs;
  private final String idName;
  private final boolean latLon;

  private GmlReader(FeatureType type, String gmlNs, String idNs, String idName, boolean latLon) {
    this.type = type;
    this.gmlNs = gmlNs;
    this.idNs = idNs;
    this.idName = idName;
    this.latLon = latLon;
  }

  static GmlReader gml2(FeatureType type) {
    return new GmlReader(type, GmlNames.GML2, null, "fid", false);
  }

  /** GML 3.1.1 keeps GML 2's namespace, with gml:id and lat/lon as WFS 1.1 writes EPSG:4326. */
  static GmlReader gml31(FeatureType type) {
    return new GmlReader(type, GmlNames.GML2, GmlNames.GML2, "id", true);
  }

  static GmlReader gml32(FeatureType type) {
    return new GmlReader(type, GmlNames.GML32, GmlNames.GML32, "id", true);
  }

  List<Feature> read(InputStream in) throws IOException {
    XMLStreamReader r = XmlFactories.reader(in);
    List<Feature> features = new ArrayList<>();
    try {
      while (r.hasNext()) {
        int event = r.next();
        if (event == XMLStreamConstants.DTD) {
          throw error(r, "a DOCTYPE is not accepted in a WFS response");
        }
        if (event == XMLStreamConstants.START_ELEMENT && isTypeElement(r, type.name())) {
          features.add(readFeature(r));
        }
      }
      r.close();
    } catch (XMLStreamException | RuntimeException e) {
      throw new IOException("malformed " + type.name() + " collection: " + e.getMessage(), e);
    }
    return features;
  }

  private Feature readFeature(XMLStreamReader r) throws XMLStreamException {
    String id = r.getAttributeValue(idNs, idName);
    if (id == null) {
      throw error(r, "feature without " + idName);
    }
    Object[] values = new Object[type.attributes().size()];
    Geometry geometry = null;
    while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
      if (isTypeElement(r, type.geometryName())) {
        geometry = readGeometryProperty(r);
      } else if (type.namespaceUri().equals(r.getNamespaceURI())) {
        int index = type.indexOf(r.getLocalName());
        if (index < 0) {
          throw error(r, "unknown property " + r.getLocalName());
        }
        values[index] = type.attributes().get(index).type().parse(r.getElementText());
      } else {
        XmlFactories.skipElement(r);
      }
    }
    if (geometry == null) {
      throw error(r, "feature " + id + " has no " + type.geometryName());
    }
    return new Feature(id, values, geometry);
  }

  private Geometry readGeometryProperty(XMLStreamReader r) throws XMLStreamException {
    r.nextTag();
    String kind = r.getLocalName();
    double[] ordinates = null;
    while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
      String name = r.getLocalName();
      if (gmlNs.equals(r.getNamespaceURI())
          && (name.equals("coordinates") || name.equals("pos") || name.equals("posList"))) {
        ordinates = parseOrdinates(r, r.getElementText());
      } else {
        XmlFactories.skipElement(r);
      }
    }
    r.nextTag(); // the property's end tag
    if (ordinates == null) {
      throw error(r, "geometry without coordinates");
    }
    Coordinate[] coords = new Coordinate[ordinates.length / 2];
    for (int i = 0; i < coords.length; i++) {
      double a = ordinates[2 * i];
      double b = ordinates[2 * i + 1];
      coords[i] = latLon ? new Coordinate(b, a) : new Coordinate(a, b);
    }
    if (kind.equals(GeometryKind.POINT.geoJsonType()) && coords.length == 1) {
      return GEOMETRY_FACTORY.createPoint(coords[0]);
    }
    if (kind.equals(GeometryKind.LINE_STRING.geoJsonType()) && coords.length >= 2) {
      return GEOMETRY_FACTORY.createLineString(coords);
    }
    throw error(r, kind + " with " + coords.length + " positions");
  }

  private double[] parseOrdinates(XMLStreamReader r, String text) throws XMLStreamException {
    String[] parts = ORDINATE_SEPARATORS.split(XsdWhiteSpace.trim(text));
    if (parts.length % 2 != 0) {
      throw error(r, "odd number of ordinates (" + parts.length + ")");
    }
    double[] ordinates = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      try {
        // xs:double's lexical space: Double.parseDouble also reads 1d, 0x1p3 and Infinity
        ordinates[i] = XsdNumbers.parseDouble(parts[i]);
      } catch (NumberFormatException e) {
        throw error(r, e.getMessage());
      }
    }
    return ordinates;
  }

  private boolean isTypeElement(XMLStreamReader r, String localName) {
    return localName.equals(r.getLocalName()) && type.namespaceUri().equals(r.getNamespaceURI());
  }

  private static XMLStreamException error(XMLStreamReader r, String message) {
    return new XMLStreamException(message, r.getLocation());
  }
}
