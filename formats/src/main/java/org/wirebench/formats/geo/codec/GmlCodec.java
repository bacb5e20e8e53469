package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * What every GML codec shares: an XML document validated against one OGC schema and read back by
 * the GML reader for that schema. Subclasses name themselves and write the document.
 */
abstract class GmlCodec implements GeoCodec {
  static final byte[] DOCUMENT_END = Utf8XmlWriter.ascii("</wfs:FeatureCollection>");

  private final String name;
  private final String mediaType;
  private final XmlSchema schema;
  private final WfsOutputFormat wfs;

  /**
   * @param schema WFS_1_0_GML_2, WFS_1_1_GML_31 or WFS_2_0_GML_32: what the output validates
   *     against and is read as
   * @param wfs what a WFS offers it as
   */
  GmlCodec(String name, String mediaType, XmlSchema schema, WfsOutputFormat wfs) {
    this.name = name;
    this.mediaType = mediaType;
    this.schema = schema;
    this.wfs = wfs;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String mediaType() {
    return mediaType;
  }

  @Override
  public final WfsOutputFormat wfsOutputFormat() {
    return wfs;
  }

  @Override
  public final String fileExtension() {
    return "xml";
  }

  @Override
  public final XmlSchema xmlSchema() {
    return schema;
  }

  @Override
  public final List<Feature> decode(FeatureType type, InputStream in) throws IOException {
    GmlReader reader =
        switch (schema) {
          case WFS_2_0_GML_32 -> GmlReader.gml32(type);
          case WFS_1_1_GML_31 -> GmlReader.gml31(type);
          default -> GmlReader.gml2(type);
        };
    return reader.read(in);
  }
}
