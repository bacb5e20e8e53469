package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.server.LocalConnector;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A refusal to a request that asked for the connection to end ({@code Connection: close}, or
 * HTTP/1.0 without keep-alive) says {@code Connection: close} and ends the connection: a request
 * pipelined after it is never answered. A refused CONNECT kept the connection open (Jetty expects a
 * tunnel after a CONNECT) and served the pipelined request. Raw bytes on a LocalConnector.
 */
class CloseWhenAskedTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  /**
   * Sends {@code method target version} with {@code close} as its connection header (none when
   * empty) and {@code extra} headers, then a pipelined GET; the refusal must close.
   */
  @ParameterizedTest(name = "{0} {1} {2} {3} {4}")
  @CsvSource(
      delimiter = '|',
      value = {
        "CONNECT|x:80|HTTP/1.1|close||405",
        "CONNECT|x:80|HTTP/1.0|||405",
        "CONNECT|x:80|HTTP/1.0|close||405",
        "DELETE|/static/1|HTTP/1.1|close||405",
        "DELETE|/static/1|HTTP/1.0|||405",
        "PUT|/ebay/finding/keywords/xml/ipad|HTTP/1.1|close||405",
        "PUT|/services/cxf-jaxb|HTTP/1.1|close||405",
        "DELETE|/wms|HTTP/1.1|close||405",
        "GET|/ows/a%2fb|HTTP/1.1|close||400",
        "GET|/static/1|HTTP/1.1|close|If-Match: \"a\"|412",
        "GET|/static/1|HTTP/1.1|close|Expect: nonsense|417",
      })
  void aRefusalEndsTheConnectionWhenAsked(
      String method, String target, String version, String close, String extra, int status)
      throws Exception {
    String head =
        method
            + " "
            + target
            + " "
            + version
            + "\r\nHost: x:80\r\n"
            + (close == null ? "" : "Connection: " + close + "\r\n")
            + (extra == null ? "" : extra + "\r\n")
            + "\r\n";
    String pipelined = "GET /static/1 HTTP/1.1\r\nHost: x\r\n\r\n";
    LocalConnector.LocalEndPoint endPoint = SERVER.connector().executeRequest(head + pipelined);
    ByteBuffer first = endPoint.waitForResponse(false, 30, TimeUnit.SECONDS);
    HttpTester.Response r = HttpTester.parseResponse(first);
    assertEquals(status, r.getStatus(), head + r + r.getContent());
    assertTrue(
        r.get(HttpHeader.CONNECTION) != null
            && r.get(HttpHeader.CONNECTION).toLowerCase(java.util.Locale.ROOT).contains("close"),
        head + r);
    ByteBuffer second = endPoint.waitForResponse(false, 30, TimeUnit.SECONDS);
    assertNull(second, () -> head + "a pipelined request was served after Connection: close");
  }
}
