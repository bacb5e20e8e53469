package org.wirebench.formats.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every stack × operation × size: the response decodes, with a different stack than the one that
 * wrote it, to exactly the request's values.
 */
class SoapStackConformanceTest {

  static Stream<Arguments> matrix() {
    return SoapStacks.registry().names().stream()
        .flatMap(
            s ->
                Stream.of(Operation.values())
                    .flatMap(op -> Operation.SIZES.stream().map(n -> Arguments.of(s, op, n))));
  }

  /** The stack after {@code name} in registration order: never the writer itself. */
  static SoapStack otherThan(String name) {
    List<String> names = SoapStacks.registry().names();
    return SoapStacks.get(names.get((names.indexOf(name) + 1) % names.size()));
  }

  @ParameterizedTest(name = "{0} {1} × {2}")
  @MethodSource("matrix")
  void echoesEveryValue(String stackName, Operation op, int size) throws Exception {
    EchoValues sent = EchoValues.generate(op, size);
    ByteArrayOutputStream response = new ByteArrayOutputStream();
    SoapStacks.get(stackName)
        .serve(op, new ByteArrayInputStream(SoapEnvelopes.request(sent)), response);
    SoapStack reader = otherThan(stackName);
    EchoValues echoed = reader.readResponse(op, new ByteArrayInputStream(response.toByteArray()));
    assertEquals(sent, echoed, () -> stackName + " → " + reader.name());
  }

  @Test
  void theFourStacksAreRegistered() {
    assertEquals(
        List.of("axis2-adb", "axis2-jaxb", "cxf-jaxb", "stax-raw"), SoapStacks.registry().names());
  }

  @Test
  void requestsCarryTheIuValues() {
    String xml =
        new String(
            SoapEnvelopes.request(EchoValues.generate(Operation.SIMPLE_EVENTS, 3)),
            StandardCharsets.UTF_8);
    assertTrue(xml.contains("<ns:message>Message #2</ns:message>"), xml);
    assertTrue(xml.contains("<ns:timestamp>1.4142135623730951</ns:timestamp>"), xml);
  }

  @ParameterizedTest(name = "{0} refuses a DOCTYPE")
  @MethodSource("stackNames")
  void refusesExternalEntities(String stackName) {
    String xxe =
        "<?xml version=\"1.0\"?><!DOCTYPE e [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
            + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soapenv:Body><ns:echoStrings xmlns:ns=\""
            + Operation.NAMESPACE
            + "\"><ns:input>&x;</ns:input></ns:echoStrings></soapenv:Body></soapenv:Envelope>";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                SoapStacks.get(stackName)
                    .serve(
                        Operation.STRINGS,
                        new ByteArrayInputStream(xxe.getBytes(StandardCharsets.UTF_8)),
                        out));
    assertTrue(!out.toString(StandardCharsets.UTF_8).contains("root:"), e.toString());
    // refused because of the DOCTYPE, not for any other reason (an NPE would not do)
    assertTrue(saysDoctype(e), () -> stackName + " failed for another reason: " + e);
  }

  /** Whether some cause in the chain names the DTD or DOCTYPE as what was refused. */
  static boolean saysDoctype(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String m = t.getMessage() == null ? "" : t.getMessage().toLowerCase(java.util.Locale.ROOT);
      if (m.contains("doctype") || m.contains("dtd")) {
        return true;
      }
    }
    return false;
  }

  static Stream<String> stackNames() {
    return SoapStacks.registry().names().stream();
  }
}
