package org.wirebench.formats.geo.schema;

import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.util.Map;
import org.w3c.dom.ls.LSInput;
import org.w3c.dom.ls.LSResourceResolver;

/**
 * Resolves every schema the OGC schemas import to a copy on the classpath: schemas.opengis.net to
 * {@code org.jvnet.ogc:ogc-schemas}, w3.org's xlink.xsd and xml.xsd to {@code
 * org.hisrc.w3c:w3c-schemas}. A location it cannot map is an error, never a network fetch.
 */
final class OfflineSchemaResolver implements LSResourceResolver {
  private static final Map<String, String> PREFIXES =
      Map.of(
          "http://schemas.opengis.net/", "ogc/",
          "http://www.w3.org/1999/xlink.xsd", "w3c/1999/xlink.xsd",
          "http://www.w3.org/2001/xml.xsd", "w3c/2001/xml.xsd");

  @Override
  public LSInput resolveResource(
      String type, String namespaceUri, String publicId, String systemId, String baseUri) {
    if (systemId == null) {
      throw new IllegalStateException("schema import of " + namespaceUri + " has no location");
    }
    String absolute = baseUri == null ? systemId : URI.create(baseUri).resolve(systemId).toString();
    String resource = toResource(absolute);
    URL url = OfflineSchemaResolver.class.getClassLoader().getResource(resource);
    if (url == null) {
      throw new IllegalStateException("no offline copy of schema " + absolute);
    }
    return new ClasspathInput(publicId, absolute, url);
  }

  private static String toResource(String absolute) {
    for (Map.Entry<String, String> e : PREFIXES.entrySet()) {
      if (absolute.startsWith(e.getKey())) {
        return e.getValue() + absolute.substring(e.getKey().length());
      }
    }
    throw new IllegalStateException("refusing to fetch schema " + absolute);
  }

  /** Keeps the original http system id, so relative imports inside it resolve through us too. */
  private static final class ClasspathInput implements LSInput {
    private final String publicId;
    private final String systemId;
    private final URL url;

    ClasspathInput(String publicId, String systemId, URL url) {
      this.publicId = publicId;
      this.systemId = systemId;
      this.url = url;
    }

    @Override
    public InputStream getByteStream() {
      try {
        return url.openStream();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }

    @Override
    public String getSystemId() {
      return systemId;
    }

    @Override
    public String getPublicId() {
      return publicId;
    }

    @Override
    public String getBaseURI() {
      return systemId;
    }

    // the remaining accessors are unused by the JDK's schema loader
    @Override
    public java.io.Reader getCharacterStream() {
      return null;
    }

    @Override
    public void setCharacterStream(java.io.Reader characterStream) {}

    @Override
    public void setByteStream(InputStream byteStream) {}

    @Override
    public String getStringData() {
      return null;
    }

    @Override
    public void setStringData(String stringData) {}

    @Override
    public void setSystemId(String systemId) {}

    @Override
    public void setPublicId(String publicId) {}

    @Override
    public void setBaseURI(String baseUri) {}

    @Override
    public String getEncoding() {
      return null;
    }

    @Override
    public void setEncoding(String encoding) {}

    @Override
    public boolean getCertifiedText() {
      return false;
    }

    @Override
    public void setCertifiedText(boolean certifiedText) {}
  }
}
