package org.wirebench.formats.finding;

/** The study's XML backend: eBay's SOAP 1.1 answer, read as a stream by Woodstox. */
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
}
