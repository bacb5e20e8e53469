package org.wirebench.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The preamble every OGC endpoint shares, on a toy service: what reaches the operations is a
 * readable GET with each parameter once and a REQUEST the service serves; everything else, and an
 * operation's own failure, is the service's report with the status that fits.
 */
class OwsHandlerTest {
  /** A service whose reports are one line: "version code locator: message". */
  private static final class Toy extends OwsHandler<Toy.Req> {
    record Req(String operation, Map<String, String> params) implements Parsed {}

    Toy() {
      super(new Dialect("TOY", "REQUEST", "CannotRead", "ServerFault"));
      operation(
          "Echo", (r, request, response, callback) -> text(response, callback, r.params()), "Say");
      operation(
          "Fail",
          (r, request, response, callback) -> {
            throw new IllegalStateException("secret /var/x");
          });
      operation(
          "FailLate",
          (r, request, response, callback) -> {
            response.write(false, ByteBuffer.wrap("partial".getBytes()), Callback.NOOP);
            throw new IllegalStateException("after the first bytes");
          });
    }

    @Override
    protected String reportVersion(Map<String, String> lowerCaseParams) {
      return lowerCaseParams.getOrDefault("version", "9.9");
    }

    @Override
    protected Req parse(Map<String, String> lowerCaseParams) throws OwsException {
      String r = lowerCaseParams.get("request");
      if (r == null) {
        throw OwsException.missing("REQUEST");
      }
      return new Req(r, lowerCaseParams);
    }

    @Override
    protected void report(Response response, Callback callback, String version, OwsException e) {
      response.setStatus(e.httpStatus());
      response.write(
          true,
          ByteBuffer.wrap(
              (version + " " + e.code() + " " + e.locator() + ": " + e.getMessage())
                  .getBytes(StandardCharsets.UTF_8)),
          callback);
    }

    private static void text(Response response, Callback callback, Object body) {
      response.write(
          true, ByteBuffer.wrap(body.toString().getBytes(StandardCharsets.UTF_8)), callback);
    }
  }

  private Server server;
  private LocalConnector local;

  @BeforeEach
  void start() throws Exception {
    server = new Server();
    local = new LocalConnector(server);
    server.addConnector(local);
    server.setHandler(new Toy());
    server.start();
  }

  @AfterEach
  void stop() throws Exception {
    server.stop();
  }

  private HttpTester.Response send(String method, String query) throws Exception {
    return HttpTester.parseResponse(
        local.getResponse(
            method + " /toy?" + query + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
  }

  @Test
  void aServedOperationGetsTheParametersByLowerCasedName() throws Exception {
    HttpTester.Response r = send("GET", "REQUEST=echo&Version=1.0&bBox=1,2");
    assertEquals(200, r.getStatus(), r.getContent());
    assertEquals("{request=echo, version=1.0, bbox=1,2}", r.getContent());
  }

  @Test
  void anAliasReachesItsOperationButIsNotAdvertised() throws Exception {
    HttpTester.Response r = send("GET", "request=SAY");
    assertEquals(200, r.getStatus(), r.getContent());
    assertEquals("{request=SAY}", r.getContent());
  }

  /** Once bytes are out the status cannot change: the response is cut, never completed. */
  @Test
  void aFailureAfterTheFirstBytesAbortsTheResponse() throws Exception {
    String raw =
        local.getResponse(
            "GET /toy?request=FailLate HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assertTrue(raw.startsWith("HTTP/1.1 200"), raw);
    assertTrue(raw.contains("partial"), raw);
    assertFalse(raw.endsWith("0\r\n\r\n"), "no last chunk: " + raw);
  }

  @Test
  void aQueryThatIsNotUtf8IsTheServicesParsingFailure() throws Exception {
    HttpTester.Response r = send("GET", "request=Echo&name=%C3%28&version=1.0");
    assertEquals(400, r.getStatus());
    assertEquals(
        "9.9 CannotRead null: the query string is not valid UTF-8 percent-encoding",
        r.getContent());
  }

  @Test
  void onlyGetAndHeadAreServedAndAllowSaysSo() throws Exception {
    HttpTester.Response r = send("DELETE", "request=Echo&version=1.0");
    assertEquals(405, r.getStatus());
    assertEquals("GET, HEAD", r.get("Allow"));
    assertEquals(
        "1.0 OperationNotSupported REQUEST: HTTP DELETE is not served: this TOY takes KVP requests"
            + " over GET",
        r.getContent());
    assertEquals(200, send("HEAD", "request=Echo").getStatus());
  }

  @Test
  void aParameterGivenTwiceInAnySpellingIsRefusedBeforeParsing() throws Exception {
    HttpTester.Response r = send("GET", "request=Echo&bbox=1&BBOX=2&version=1.0");
    assertEquals(400, r.getStatus());
    assertEquals("1.0 CannotRead BBOX: the parameter BBOX is given more than once", r.getContent());
  }

  @Test
  void theServicesOwnParsingErrorIsReportedInTheQuerysVersion() throws Exception {
    HttpTester.Response r = send("GET", "version=2.0");
    assertEquals(400, r.getStatus());
    assertTrue(r.getContent().startsWith("2.0 MissingParameterValue REQUEST:"), r.getContent());
  }

  @Test
  void anUnknownOperationNamesTheAdvertisedOnes() throws Exception {
    HttpTester.Response r = send("GET", "request=Map&version=1.0");
    assertEquals(400, r.getStatus());
    assertEquals(
        "1.0 OperationNotSupported REQUEST: REQUEST=Map is not supported; use [Echo, Fail,"
            + " FailLate]",
        r.getContent());
  }

  /**
   * The report says an internal error happened and no more: neither the exception's message nor its
   * class (which once ended the text: "...: IllegalStateException") reaches the client.
   */
  @Test
  void anOperationsFailureIsA500ReportWithoutItsMessageOrClass() throws Exception {
    HttpTester.Response r = send("GET", "request=fail&version=1.0");
    assertEquals(500, r.getStatus());
    assertEquals(
        "1.0 ServerFault null: the server failed answering this request (an internal error; the"
            + " server's log holds its cause)",
        r.getContent());
    assertFalse(r.getContent().contains("secret"));
    assertFalse(r.getContent().contains("Exception"), r.getContent());
  }
}
