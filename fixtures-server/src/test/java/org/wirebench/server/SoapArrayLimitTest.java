package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.server.soap.SoapServices;

/**
 * One limit on an array's items for all three stacks ({@link SoapServices#MAX_ITEMS}), kept by the
 * server's envelope check: at the limit every stack echoes the array, one above it every stack's
 * path refuses it alike, 413 with a Client fault naming the limit. Before, CXF refused 50,001 ints
 * itself with a 500 Client fault while both Axis2 stacks answered 200 (and 727,000 ints, 16 MB,
 * with 200 after 5.9 s). Raw requests on a LocalConnector, under the default 16 MiB body limit.
 */
class SoapArrayLimitTest {
  @RegisterExtension
  static final LocalServer SERVER =
      LocalServer.of(FixtureServer.Settings.defaults().compression(false));

  static Stream<String> stacks() {
    return SoapServices.NAMES.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void anArrayAtTheLimitIsEchoed(String stack) throws Exception {
    int n = SoapServices.MAX_ITEMS;
    HttpTester.Response r = post(stack, Operation.INTS, n);
    assertEquals(200, r.getStatus(), stack + "\n" + r);
    String content = r.getContent();
    int returns = content.split("echoIntsReturn>", -1).length - 1;
    assertEquals(2 * n, returns, stack + ": start and end tags of the echoed items");
  }

  static Stream<Arguments> aboveTheLimit() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      // the limit is the envelope check's, before any stack: every array operation on the path
      // that took the most (Axis2-ADB), ints on every path
      for (Operation op : Operation.values()) {
        if (op != Operation.VOID && (op == Operation.INTS || stack.equals("axis2-adb"))) {
          cases.add(Arguments.of(stack, op));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("aboveTheLimit")
  void anArrayOneAboveTheLimitGets413(String stack, Operation op) throws Exception {
    HttpTester.Response r = post(stack, op, SoapServices.MAX_ITEMS + 1);
    assertEquals(413, r.getStatus(), stack + " " + op + "\n" + r + r.getContent());
    assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
    assertTrue(
        r.getContent().contains("more than " + SoapServices.MAX_ITEMS + " child elements"),
        r.getContent());
  }

  private static HttpTester.Response post(String stack, Operation op, int n) throws Exception {
    return SERVER.postSoap(
        SoapServices.path(stack),
        "text/xml; charset=UTF-8",
        SoapEnvelopes.request(EchoValues.generate(op, n)));
  }
}
