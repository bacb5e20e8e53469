package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The paths that take no query parameters (the gateway, the mock backend, {@code /static/{bytes}},
 * the index) refuse one with 400 in their own format, naming it: {@code /static/1?foo=1} was
 * answered 200 as if the parameter meant something. Raw requests on a LocalConnector.
 */
class NoQueryTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static HttpTester.Response get(String target) throws Exception {
    return HttpTester.parseResponse(
        SERVER
            .connector()
            .executeRequest("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .waitForResponse(false, 30, TimeUnit.SECONDS));
  }

  /** Target, the parameter the refusal names, the content type's start. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "/static/1?foo=1,foo,text/plain",
    "/static/1?bytes=5,bytes,text/plain",
    "/?foo,foo,text/plain",
    "/?a%20b=1&c=2,a b,text/plain",
    "/finding/mock.xml?foo=1,foo,application/json",
    "/finding/mock.json?&x=,x,application/json",
    "/ebay/finding/keywords/xml/ipad?foo=1,foo,application/json",
    "/ebay/finding/keywords/json/ipad?keywords=x,keywords,application/json",
  })
  void aQueryParameterIsRefusedByName(String target, String name, String type) throws Exception {
    HttpTester.Response r = get(target);
    assertEquals(400, r.getStatus(), target + "\n" + r + r.getContent());
    assertTrue(r.get(HttpHeader.CONTENT_TYPE).startsWith(type), r.toString());
    assertTrue(r.getContent().contains("unknown query parameter '" + name + "'"), r.getContent());
  }

  /** No query, or an empty one, names nothing: the path answers as before. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"/static/1", "/static/1?", "/", "/finding/mock.xml"})
  void noParameterPasses(String target) throws Exception {
    HttpTester.Response r = get(target);
    assertEquals(200, r.getStatus(), target + "\n" + r + r.getContent());
  }
}
