package org.wirebench.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.fidelity.EdgeCase;
import org.wirebench.formats.soap.fidelity.FidelityProbe;
import org.wirebench.server.LiveServerTest;

/**
 * A request CXF faults on (an int that is not a number) is logged in one line of ours, not in CXF's
 * own WARNING with a 6 KB stack trace.
 */
class CxfFaultLogTest extends LiveServerTest {
  @Test
  void aFaultIsNotLoggedWithAStack() throws Exception {
    List<LogRecord> records = new CopyOnWriteArrayList<>();
    Handler capture =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            records.add(record);
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    Logger cxf = Logger.getLogger("org.apache.cxf");
    cxf.addHandler(capture);
    try {
      EdgeCase bad =
          EdgeCase.all().stream().filter(c -> c.name().equals("int abc")).findFirst().orElseThrow();
      for (int i = 0; i < 3; i++) {
        ContentResponse r =
            client
                .POST(server.uri().resolve(SoapServices.path(SoapServices.CXF)))
                .headers(h -> h.put("SOAPAction", "\"" + Operation.NAMESPACE + "/echoInts\""))
                .body(
                    new BytesRequestContent("text/xml; charset=UTF-8", FidelityProbe.request(bad)))
                .timeout(30, TimeUnit.SECONDS)
                .send();
        assertEquals(500, r.getStatus(), r.getContentAsString());
        assertTrue(r.getContentAsString().contains("Fault"), r.getContentAsString());
      }
    } finally {
      cxf.removeHandler(capture);
    }
    assertTrue(
        records.stream().noneMatch(r -> r.getThrown() != null),
        "CXF logged a stack: "
            + records.stream().map(r -> r.getLoggerName() + " " + r.getMessage()).toList());
  }
}
