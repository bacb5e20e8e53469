package org.wirebench.server;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.server.LocalConnector;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.wirebench.server.soap.PayloadAgreement;

/**
 * A {@link FixtureServer} with Jetty's {@link LocalConnector} for one test class, started before
 * its tests and closed after them, so that tests sending raw request bytes share one server without
 * each class repeating the start and stop. Register it as {@code @RegisterExtension static final
 * LocalServer SERVER = LocalServer.of(...)}.
 */
final class LocalServer implements BeforeAllCallback, AfterAllCallback {
  private final FixtureServer.Settings settings;
  private FixtureServer server;
  private LocalConnector connector;

  private LocalServer(FixtureServer.Settings settings) {
    this.settings = settings;
  }

  static LocalServer of(FixtureServer.Settings settings) {
    return new LocalServer(settings);
  }

  /** The settings most of these tests use: a 1 MiB body limit and no compression. */
  static LocalServer plain() {
    return of(FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false));
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    server = new FixtureServer(settings);
    connector = server.localConnector(); // must be added before the server starts
    server.start();
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    server.close();
  }

  LocalConnector connector() {
    return connector;
  }

  FixtureServer server() {
    return server;
  }

  FixtureServer.Settings settings() {
    return settings;
  }

  /** The parsed answer to {@code raw}, sent as is on the local connector. */
  HttpTester.Response send(String raw) throws Exception {
    PayloadAgreement.assertAgree(raw.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return HttpTester.parseResponse(
        connector.executeRequest(raw).waitForResponse(false, 30, TimeUnit.SECONDS));
  }

  /** The parsed answer to {@code raw}, sent byte for byte (a String is sent as UTF-8). */
  HttpTester.Response send(byte[] raw) throws Exception {
    // every SOAP body a test sends is also a case for the hand-written schema check against the
    // JDK's validator
    PayloadAgreement.assertAgree(raw);
    return HttpTester.parseResponse(
        connector.getResponse(ByteBuffer.wrap(raw), false, 30, TimeUnit.SECONDS));
  }

  /** A SOAP POST of {@code body} as is, under {@code contentType} and the SOAPAction "". */
  HttpTester.Response postSoap(String path, String contentType, byte[] body) throws Exception {
    java.io.ByteArrayOutputStream req = new java.io.ByteArrayOutputStream();
    req.writeBytes(
        ("POST "
                + path
                + " HTTP/1.1\r\nHost: x\r\nContent-Type: "
                + contentType
                + "\r\nSOAPAction: \"\"\r\nContent-Length: "
                + body.length
                + "\r\nConnection: close\r\n\r\n")
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    req.writeBytes(body);
    return send(req.toByteArray());
  }
}
