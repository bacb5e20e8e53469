package org.wirebench.server.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The checks a JMeter plan makes as JMeter sees a response: the content type as the server wrote
 * it, whatever case a client normalised it to, and nothing else; a body's wire size with the
 * chunked encoding's framing allowed above its length, never below.
 */
class JmeterPlanChecksTest {
  private static boolean accepts(String probed, String headerLine) {
    String regex = "(?i)Content-Type: *" + JmeterChecks.literal(probed);
    return Pattern.compile(regex).matcher("HTTP/1.1 200 OK\n" + headerLine + "\n").find();
  }

  @Test
  void theContentTypeMatchesItselfInAnyCaseAndNothingElse() {
    assertTrue(
        accepts("application/json;charset=utf-8", "Content-Type: application/json;charset=UTF-8"));
    assertTrue(
        accepts(
            "application/soap+xml; action=\"urn:x\"",
            "content-type: application/soap+xml; action=\"urn:x\""));
    assertTrue(accepts("text/xml; subtype=gml/3.2", "Content-Type: text/xml; subtype=gml/3.2"));
    assertFalse(accepts("text/xml; subtype=gml/3.2", "Content-Type: text/xml; subtype=gml/3.1.1"));
    assertFalse(accepts("application/json", "Content-Type: application/geo+json"));
    assertFalse(accepts("image/png", "Content-Type: image.png"), "a dot is not any char");
  }

  @Test
  void theWireSizeAllowsChunkFramingAboveOnly() {
    ResponseProbe exact = new ResponseProbe("text/xml", List.of(224_173L), 0, null);
    assertEquals(224_173, exact.minBytes(0));
    // 224,401 bytes came over the wire for this body in 8 KiB chunks under JMeter 5.6
    long max = JmeterChecks.wireMaxBytes(exact, 0);
    assertTrue(max >= 224_401, "framing of 28 chunks of 8 KiB allowed: " + max);
    assertTrue(max <= 224_173 * 1.01, "and not more than about 1%: " + max);
    ResponseProbe loose = new ResponseProbe("image/png", List.of(1000L), 0.1, null);
    assertEquals(900, loose.minBytes(0));
    assertEquals(1100, loose.maxBytes(0));
  }
}
