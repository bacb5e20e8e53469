package org.wirebench.formats.geo.schema;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.xml.XMLConstants;
import javax.xml.transform.Source;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.wirebench.formats.geo.FeatureType;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Validates a WFS response against the official OGC schemas plus the feature type's generated
 * schema, offline. Compiled schemas are cached per feature type and schema; DTDs and external
 * entities in the document are refused.
 */
public final class OgcValidator {
  private static final Map<String, Schema> CACHE = new ConcurrentHashMap<>();

  private OgcValidator() {}

  /**
   * @throws InvalidDocumentException naming the first violation, with line and column
   */
  public static void validate(XmlSchema schema, FeatureType type, byte[] document) {
    run(schemaFor(schema, type).newValidator(), schema.toString(), document);
  }

  /**
   * Validates a response holding features of several types (a GetFeature of several type names)
   * against the official schemas and one application schema declaring every one of {@code types}.
   *
   * @throws InvalidDocumentException naming the first violation, with line and column
   */
  public static void validate(
      XmlSchema schema, java.util.List<FeatureType> types, byte[] document) {
    if (types.size() == 1) {
      validate(schema, types.get(0), document);
      return;
    }
    String key = schema + " " + types;
    Schema compiled =
        CACHE.computeIfAbsent(
            key,
            k ->
                compile(
                    schema,
                    FeatureSchemas.xsd(types, schema),
                    "urn:wirebench:schema:"
                        + String.join("+", types.stream().map(FeatureType::name).toList())));
    run(compiled.newValidator(), schema.toString(), document);
  }

  private static void run(Validator validator, String schema, byte[] document) {
    try {
      validator.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      validator.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      validator.validate(new StreamSource(new ByteArrayInputStream(document)));
    } catch (SAXParseException e) {
      throw new InvalidDocumentException(
          schema
              + " violation at line "
              + e.getLineNumber()
              + ", column "
              + e.getColumnNumber()
              + ": "
              + e.getMessage(),
          e);
    } catch (SAXException | IOException e) {
      throw new InvalidDocumentException(schema + " violation: " + e.getMessage(), e);
    }
  }

  /**
   * Validates a document against one official OGC schema alone, e.g. a capabilities document
   * against {@code http://schemas.opengis.net/wfs/2.0/wfs.xsd}.
   *
   * @throws InvalidDocumentException naming the first violation
   */
  public static void validate(String ogcSchemaLocation, byte[] document) {
    Schema compiled =
        CACHE.computeIfAbsent(
            ogcSchemaLocation,
            location -> {
              SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
              factory.setResourceResolver(new OfflineSchemaResolver());
              try {
                return factory.newSchema(new StreamSource(openResource(location), location));
              } catch (SAXException e) {
                throw new IllegalStateException("cannot compile " + location, e);
              }
            });
    run(compiled.newValidator(), ogcSchemaLocation, document);
  }

  /**
   * Compiles an application schema (e.g. a DescribeFeatureType answer) with the official WFS and
   * GML schemas it builds on, offline.
   *
   * @throws InvalidDocumentException if it does not compile
   */
  public static void checkApplicationSchema(XmlSchema schema, String xsd) {
    try {
      compile(schema, xsd, "urn:wirebench:schema:checked");
    } catch (IllegalStateException e) {
      throw new InvalidDocumentException(
          "not a valid application schema: " + e.getCause().getMessage(), e);
    }
  }

  static Schema schemaFor(XmlSchema schema, FeatureType type) {
    return CACHE.computeIfAbsent(schema + " " + type, k -> compile(schema, type));
  }

  private static Schema compile(XmlSchema schema, FeatureType type) {
    return compile(schema, FeatureSchemas.xsd(type, schema), "urn:wirebench:schema:" + type.name());
  }

  private static Schema compile(XmlSchema schema, String xsd, String systemId) {
    SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    factory.setResourceResolver(new OfflineSchemaResolver());
    String wfs = schema.wfsLocation();
    // each source keeps its http location as system id, so its relative imports map back to us
    Source[] sources = {
      new StreamSource(openResource(wfs), wfs), new StreamSource(new StringReader(xsd), systemId)
    };
    try {
      return factory.newSchema(sources);
    } catch (SAXException e) {
      throw new IllegalStateException("cannot compile " + schema + " for " + systemId, e);
    }
  }

  private static java.io.InputStream openResource(String httpLocation) {
    String resource = httpLocation.replace("http://schemas.opengis.net/", "ogc/");
    java.io.InputStream in = OgcValidator.class.getClassLoader().getResourceAsStream(resource);
    if (in == null) {
      throw new IllegalStateException("missing " + resource + " (org.jvnet.ogc:ogc-schemas)");
    }
    return in;
  }
}
