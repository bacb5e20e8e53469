package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code OPTIONS *} asks about the server (RFC 9110 §9.3.7): 200, no content, {@code Allow} naming
 * the server's methods. It got 404. Other methods with the target {@code *} get Jetty's 400.
 */
class ServerOptionsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  @Test
  void optionsAsteriskAnswersForTheServer() throws Exception {
    HttpTester.Response r =
        SERVER.send("OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assertEquals(200, r.getStatus(), r + r.getContent());
    assertEquals("GET, HEAD, POST", r.get(HttpHeader.ALLOW), r.toString());
    assertEquals("0", r.get(HttpHeader.CONTENT_LENGTH), r.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"GET", "POST", "DELETE"})
  void otherMethodsWithAsteriskAreRefused(String method) throws Exception {
    HttpTester.Response r =
        SERVER.send(
            method + " * HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    assertEquals(400, r.getStatus(), r + r.getContent());
  }

  /** OPTIONS on a resource is still refused there, with the path's own Allow. */
  @Test
  void optionsOnAPathStaysRefused() throws Exception {
    HttpTester.Response r =
        SERVER.send("OPTIONS /static/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assertEquals(405, r.getStatus(), r + r.getContent());
    assertEquals("GET, HEAD, POST", r.get(HttpHeader.ALLOW), r.toString());
  }
}
