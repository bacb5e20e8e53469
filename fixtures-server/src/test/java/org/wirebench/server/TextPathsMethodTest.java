package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.http.pathmap.PathSpec;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The paths of no service, {@code /static/{bytes}} and the index at {@code /}, answer the methods
 * they serve and refuse the others with 405 and {@code Allow}, in one line of text: DELETE, PUT or
 * any other token once got 200 and the bytes or the page.
 */
class TextPathsMethodTest {
  private static Server server;
  private static LocalConnector local;

  @BeforeAll
  static void start() throws Exception {
    server = new Server();
    local = new LocalConnector(server);
    server.addConnector(local);
    PathMappingsHandler routes = new PathMappingsHandler();
    routes.addMapping(PathSpec.from("/static/*"), new StaticHandler());
    routes.addMapping(PathSpec.from(""), new IndexHandler());
    server.setHandler(routes);
    server.start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.stop();
  }

  private static HttpTester.Response send(String method, String target) throws Exception {
    String raw =
        method
            + " "
            + target
            + " HTTP/1.1\r\nHost: test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    return HttpTester.parseResponse(
        local.executeRequest(raw).waitForResponse(false, 60, TimeUnit.SECONDS));
  }

  @ParameterizedTest
  @ValueSource(strings = {"DELETE", "PUT", "PATCH", "OPTIONS", "BREW"})
  void anotherMethodIs405InOneLineOfText(String method) throws Exception {
    HttpTester.Response s = send(method, "/static/10");
    assertEquals(405, s.getStatus(), s.getContent());
    assertEquals("GET, HEAD, POST", s.get(HttpHeader.ALLOW));
    assertTrue(s.get(HttpHeader.CONTENT_TYPE).startsWith("text/plain"), s.toString());
    assertEquals("405 '" + method + "' is not served here: GET, HEAD, POST\n", s.getContent());
    HttpTester.Response index = send(method, "/");
    assertEquals(405, index.getStatus(), index.getContent());
    assertEquals("GET, HEAD", index.get(HttpHeader.ALLOW));
  }

  @Test
  void theMethodsServedAreAnswered() throws Exception {
    assertEquals("xxxxxxxxxx", send("GET", "/static/10").getContent());
    assertEquals(200, send("POST", "/static/10").getStatus());
    assertTrue(send("GET", "/").getContent().contains("/static/"));
    assertEquals(405, send("POST", "/").getStatus());
  }
}
