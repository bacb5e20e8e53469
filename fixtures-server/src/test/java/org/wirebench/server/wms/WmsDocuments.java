package org.wirebench.server.wms;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import javax.xml.parsers.SAXParserFactory;
import org.wirebench.formats.geo.schema.OgcValidator;
import org.xml.sax.InputSource;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Validates WMS answers offline: 1.3.0 against the official XSDs, 1.1.1 against the official DTDs
 * (from org.jvnet.ogc:ogc-schemas, resolved from the class path, never fetched).
 */
final class WmsDocuments {
  private WmsDocuments() {}

  static void validCapabilities(String version, byte[] document) throws Exception {
    if (version.equals(WmsVersion.V1_3_0.code())) {
      OgcValidator.validate(
          "http://schemas.opengis.net/wms/1.3.0/capabilities_1_3_0.xsd", document);
    } else {
      validateDtd("WMS_MS_Capabilities.dtd", "ogc/wms/1.1.1/WMS_MS_Capabilities.dtd", document);
    }
  }

  static void validReport(String version, byte[] document) throws Exception {
    if (version.equals(WmsVersion.V1_3_0.code())) {
      OgcValidator.validate("http://schemas.opengis.net/wms/1.3.0/exceptions_1_3_0.xsd", document);
    } else {
      validateDtd("exception_1_1_1.dtd", "ogc/wms/1.1.1/exception_1_1_1.dtd", document);
    }
  }

  private static void validateDtd(String dtdName, String resource, byte[] document)
      throws Exception {
    SAXParserFactory factory = SAXParserFactory.newInstance();
    factory.setValidating(true);
    factory.setNamespaceAware(false);
    var reader = factory.newSAXParser().getXMLReader();
    reader.setEntityResolver(
        (publicId, systemId) -> {
          if (systemId == null || !systemId.endsWith("/" + dtdName)) {
            throw new IllegalArgumentException("unexpected entity " + systemId);
          }
          InputStream in = WmsDocuments.class.getClassLoader().getResourceAsStream(resource);
          return new InputSource(in);
        });
    reader.setErrorHandler(
        new DefaultHandler() {
          @Override
          public void error(SAXParseException e) throws SAXParseException {
            throw e;
          }
        });
    reader.parse(new InputSource(new ByteArrayInputStream(document)));
  }
}
