package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A target whose dot segments climb above the root is refused with 400 naming that cause; the page
 * said it held a bad %-escape or control character, which it does not.
 */
class DotSegmentTargetsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"/../../etc/passwd", "/ows/../../etc/passwd", "/%2e%2e/etc/passwd"})
  void climbingAboveTheRootIsNamed(String target) throws Exception {
    HttpTester.Response r =
        SERVER.send("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assertEquals(400, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains("climbs above the root"), r.getContent());
    assertFalse(r.getContent().contains("two hex digits"), r.getContent());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"/ows/%zz", "/ows/%00"})
  void aBadEscapeIsStillNamedAsSuch(String target) throws Exception {
    HttpTester.Response r =
        SERVER.send("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assertEquals(400, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains("two hex digits"), r.getContent());
  }
}
