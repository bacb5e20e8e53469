package org.wirebench.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.wirebench.server.FixtureServer;
import org.wirebench.server.RawHttp;

/**
 * A WSDL's soap:address is the server's own URL (the public URL when one is given, else the
 * listening address), never the request's Host header, and not the first request's port either.
 */
class WsdlAddressTest {
  private static String address(URI server, String stack, String host) throws Exception {
    RawHttp.Answer a =
        RawHttp.send(
            server,
            "GET "
                + SoapServices.path(stack)
                + "?wsdl HTTP/1.1\r\nHost: "
                + host
                + "\r\nConnection: close\r\n\r\n");
    assertEquals(200, a.status(), a.toString());
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document wsdl =
        f.newDocumentBuilder()
            .parse(new ByteArrayInputStream(a.body().getBytes(StandardCharsets.UTF_8)));
    NodeList addresses =
        wsdl.getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/soap/", "address");
    String first = null;
    for (int i = 0; i < addresses.getLength(); i++) {
      String location = addresses.item(i).getAttributes().getNamedItem("location").getNodeValue();
      if (first == null) {
        first = location;
      }
      assertEquals(first, location, "every soap:address the same");
    }
    return first;
  }

  @Test
  void theHostHeaderWritesNoAddress() throws Exception {
    try (FixtureServer server =
        new FixtureServer(
                FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))
            .start()) {
      for (String stack : SoapServices.NAMES) {
        String own = server.uri().resolve(SoapServices.path(stack)).toString();
        // a hostile Host first (Axis2 kept the first request's port for the server's lifetime)
        assertEquals(own, address(server.uri(), stack, "evil.example:6666"), stack);
        assertEquals(own, address(server.uri(), stack, "127.0.0.1:1"), stack);
        assertEquals(own, address(server.uri(), stack, server.uri().getAuthority()), stack);
      }
    }
  }

  @Test
  void aPublicUrlIsEveryStacksAddressPathIncluded() throws Exception {
    try (FixtureServer server =
        new FixtureServer(
                FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))
            .publicUrl(URI.create("https://wirebench.example.org/bench"))
            .start()) {
      for (String stack : SoapServices.NAMES) {
        assertEquals(
            "https://wirebench.example.org/bench/services/" + stack,
            address(server.uri(), stack, "evil.example:6666"),
            stack);
      }
    }
  }
}
