package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A WSDL asked of a service the stacks do not have is their 404, and nothing more: the filter that
 * rewrites WSDL addresses wrote after the stack's own answer, and the server logged a warning with
 * a stack trace for each such request, a log any client could fill.
 */
class WsdlOfNoServiceTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  @Test
  void aWsdlOfNoServiceIs404WithoutALoggedFailure() throws Exception {
    PrintStream before = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    HttpTester.Response r;
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      r =
          HttpTester.parseResponse(
              SERVER
                  .connector()
                  .executeRequest(
                      "GET /services/nope?wsdl HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                  .waitForResponse(false, 30, TimeUnit.SECONDS));
      Thread.sleep(200); // a warning is logged after the answer went out
    } finally {
      System.setErr(before);
    }
    String logged = err.toString(StandardCharsets.UTF_8);
    assertEquals(404, r.getStatus(), r.getContent());
    assertFalse(logged.contains("Exception"), logged);
  }
}
