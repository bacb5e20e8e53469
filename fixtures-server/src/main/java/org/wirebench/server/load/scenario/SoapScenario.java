package org.wirebench.server.load.scenario;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.formats.soap.SoapStack;
import org.wirebench.formats.soap.SoapStacks;
import org.wirebench.server.load.LoadPlan;
import org.wirebench.server.soap.SoapServices;

/**
 * The WSO2 study's table: each hosted stack echoing each operation's array at each size, 25
 * concurrent users (ab -c 25). Responses are read back by the stax-raw stack (not the stack that
 * wrote them) and must equal what was sent.
 */
public final class SoapScenario implements Scenario {
  public static final int STUDY_USERS = 25;

  private final List<String> stacks;
  private final List<Operation> operations;
  private final List<Integer> sizes;
  private final int users;

  /**
   * @param stacks hosted stacks: axis2-adb, axis2-jaxb, cxf-jaxb
   * @param sizes array elements, 1..100000 each (void is run once, without a size)
   */
  public SoapScenario(
      List<String> stacks, List<Operation> operations, List<Integer> sizes, int users) {
    for (String s : stacks) {
      if (!SoapServices.NAMES.contains(s)) {
        throw new IllegalArgumentException(
            "'"
                + s
                + "' is not a hosted SOAP stack; valid: "
                + String.join(", ", SoapServices.NAMES));
      }
    }
    this.stacks = stacks;
    this.operations = operations;
    this.sizes = sizes;
    this.users = users;
  }

  @Override
  public String name() {
    return "soap";
  }

  @Override
  public List<Point> points() {
    SoapStack reader = SoapStacks.get("stax-raw");
    List<Point> points = new ArrayList<>();
    for (String stack : stacks) {
      for (Operation op : operations) {
        for (int size : op == Operation.VOID ? List.of(0) : sizes) {
          EchoValues values = EchoValues.generate(op, size);
          byte[] request = SoapEnvelopes.request(values);
          Map<String, String> headers =
              Map.of(
                  "Content-Type",
                  "text/xml; charset=UTF-8",
                  "SOAPAction",
                  "\"" + Operation.NAMESPACE + "/" + op.requestElement() + "\"");
          Map<String, Object> params = new LinkedHashMap<>();
          params.put("stack", stack);
          params.put("operation", op.shortName());
          params.put("size", size);
          params.put("users", users);
          params.put("requestBytes", request.length);
          points.add(
              new Point(
                  stack + "/" + op.shortName() + "/" + size,
                  params,
                  base ->
                      new LoadPlan(base.resolve(SoapServices.path(stack).substring(1)))
                          .post(request, headers)
                          .users(users)
                          .lengthTolerance(0),
                  body -> {
                    try {
                      EchoValues echoed = reader.readResponse(op, new ByteArrayInputStream(body));
                      return echoed.equals(values) ? null : stack + " echoed other values";
                    } catch (Exception e) {
                      return stack + " response does not parse: " + e.getMessage();
                    }
                  }));
        }
      }
    }
    return points;
  }
}
