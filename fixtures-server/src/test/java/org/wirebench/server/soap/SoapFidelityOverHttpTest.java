package org.wirebench.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.fidelity.EdgeCase;
import org.wirebench.formats.soap.fidelity.FidelityProbe;
import org.wirebench.server.LiveServerTest;

/**
 * The fidelity table over HTTP, against the hosted stacks (Axis2's servlet, CXF's servlet), as a
 * SOAP client meets them; pinned like the in-process one, since hosting can change what a stack
 * does (Axis2's receivers, CXF's interceptors).
 */
class SoapFidelityOverHttpTest extends LiveServerTest {
  private static final Path GOLDEN =
      Path.of(System.getProperty("wirebench.root", ".."), "src/test/golden/soap-fidelity-http.txt");

  @Test
  void todaysHttpTableIsPinned() throws Exception {
    StringBuilder t = new StringBuilder();
    for (EdgeCase c : EdgeCase.all()) {
      t.append(c.name());
      for (String stack : SoapServices.NAMES) {
        ContentResponse r =
            client
                .POST(server.uri().resolve(SoapServices.path(stack)))
                .headers(
                    h ->
                        h.put(
                            "SOAPAction",
                            "\""
                                + Operation.NAMESPACE
                                + "/"
                                + c.operation().requestElement()
                                + "\""))
                .body(new BytesRequestContent("text/xml; charset=UTF-8", FidelityProbe.request(c)))
                .timeout(30, TimeUnit.SECONDS)
                .send();
        FidelityProbe.Outcome o = FidelityProbe.judge(c, r.getContent());
        t.append(" | ").append(stack).append(": ").append(o.fidelity().label());
      }
      t.append('\n');
    }
    String now = t.toString();
    assertTrue(Files.isRegularFile(GOLDEN), "no golden table yet; today's is:\n" + now);
    assertEquals(Files.readString(GOLDEN), now, "hosted fidelity changed; today's table:\n" + now);
  }
}
