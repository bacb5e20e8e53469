package org.wirebench.formats.finding;

/**
 * The study's XML backend: eBay's SOAP 1.1 answer, read as a stream (a strict byte cursor, Woodstox
 * on any doubt); the gateway's JSON is written as it is read ({@link FindingXmlJson}).
 */
public final class XmlBackend implements BackendFormat {
  @Override
  public String name() {
    return "xml";
  }

  /** What the study's mock server sent for {@code .xml}. */
  @Override
  public String contentType() {
    return "text/xml;charset=UTF-8";
  }

  @Override
  public byte[] encode(FindingResponse response) {
    return FindingXmlWriter.write(response);
  }

  @Override
  public GatewayView decode(byte[] body, int offset, int length) throws BackendPayloadException {
    return FindingXmlReader.read(body, offset, length);
  }

  @Override
  public void writeGatewayJson(
      byte[] body, int offset, int length, java.io.OutputStream out, Runnable restart)
      throws BackendPayloadException, java.io.IOException {
    try {
      FindingXmlJson.write(body, offset, length, out);
      return;
    } catch (Utf8XmlCursor.Unsupported
        | IllegalArgumentException
        | javax.xml.stream.XMLStreamException
        | BackendPayloadException e) {
      // not its shape, or an error: what it wrote goes, and the view decides (and names any error)
    }
    restart.run();
    GatewayJson.write(decode(body, offset, length), out);
  }
}
