package org.wirebench.server.load.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.wirebench.formats.soap.EchoCheck;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.Statistic;
import org.wirebench.results.Studies;
import org.wirebench.results.Study;
import org.wirebench.results.TableLayout;
import org.wirebench.server.UnusedOptions;
import org.wirebench.server.load.LoadPlan;
import org.wirebench.server.soap.SoapServices;
import picocli.CommandLine.Option;

/**
 * The WSO2 study's table: each hosted stack echoing each operation's array at each size, 25
 * concurrent users (ab -c 25). Responses are read back by another stack ({@link EchoCheck}) and
 * must equal what was sent.
 */
public final class SoapScenario implements Scenario {
  public static final int STUDY_USERS = (int) Studies.SOAP.value("threads");

  /**
   * --quick's sizes: the two ends (per-request overhead, payload cost); the size-1 points take 0.3
   * s each, the size-5000 ones 7-9 s (a quick run without size 1 took as long).
   */
  static final List<Integer> QUICK_SIZES = List.of(1, 5000);

  /** What {@code load --scenario soap} varies; the defaults are the study's table. */
  public static final class Options {
    @Option(
        names = "--stacks",
        split = ",",
        defaultValue = "axis2-adb,axis2-jaxb,cxf-jaxb",
        description = "soap: hosted stacks (default: ${DEFAULT-VALUE})")
    public List<String> stacks;

    @Option(
        names = "--operations",
        split = ",",
        description =
            "soap: void, ints, doubles, floats, strings, simpleEvents, meshInterfaceObjects"
                + " (default: all; quick: all but doubles and floats)")
    public List<String> operations;

    @Option(
        names = "--sizes",
        split = ",",
        description =
            "soap: array sizes, "
                + Operation.MIN_SIZE
                + ".."
                + Operation.MAX_SIZE
                + " (default: 1,10,50,100,500,1000,5000; quick: 1,5000)")
    public List<Integer> sizes;

    @Option(names = "--soap-users", hidden = true, description = "old spelling of --users")
    public Integer soapUsers;
  }

  @Override
  public String name() {
    return "soap";
  }

  @Override
  public String description() {
    String users = Studies.SOAP.quoted("threads");
    return "WSO2 2007: each hosted stack × operation × array size, "
        + users
        + " users (ab -c "
        + users
        + ")";
  }

  @Override
  public Study study() {
    return Studies.SOAP;
  }

  @Override
  public ScenarioSettings settings(boolean quick) {
    return quick
        ? ScenarioSettings.counted("quick", 1, 0, 500, Duration.ZERO)
            .withSteadyState(new ScenarioSettings.SteadyState(500, 6_000, 0.10))
        : ScenarioSettings.counted("full", 1, 2500, 2500, Duration.ZERO)
            .withSteadyState(new ScenarioSettings.SteadyState(2_000, 60_000, 0.05));
  }

  @Override
  public TableLayout table() {
    return new TableLayout(
        "",
        List.of("operation", "size"),
        "stack",
        Statistic.P99,
        false,
        new TableLayout.Chart("operation", "size", "stack", "array size", true),
        List.of());
  }

  @Override
  public Object newOptions() {
    return new Options();
  }

  @Override
  public List<Point> points(ScenarioOptions o) {
    Options own = o.own(name(), Options.class);
    // quick: void and the four operations the quick JMH suite measures, no more: room for the
    // raster study in the quick suite's 15 minutes
    List<Operation> ops =
        own.operations != null
            ? own.operations.stream().map(Operation::byShortName).toList()
            : o.quick
                ? Stream.of("void", "ints", "strings", "simpleEvents", "meshInterfaceObjects")
                    .map(Operation::byShortName)
                    .toList()
                : List.of(Operation.values());
    if (own.sizes != null && ops.stream().allMatch(op -> op == Operation.VOID)) {
      throw new IllegalArgumentException(
          UnusedOptions.message(
              "--sizes", "--operations void", "void's envelope has no array to size"));
    }
    List<Integer> sizes = own.sizes != null ? own.sizes : o.quick ? QUICK_SIZES : Operation.SIZES;
    for (int n : sizes) {
      if (n < Operation.MIN_SIZE || n > Operation.MAX_SIZE) {
        // the server refuses larger arrays (SoapServices.MAX_ITEMS): the run would fail there
        throw new IllegalArgumentException(
            "--sizes values must be "
                + Operation.MIN_SIZE
                + ".."
                + Operation.MAX_SIZE
                + ", was "
                + n);
      }
    }
    int users = o.oneUsers(name(), "--soap-users", own.soapUsers, STUDY_USERS);
    return points(own.stacks, ops, sizes, users);
  }

  /**
   * @param stacks hosted stacks: axis2-adb, axis2-jaxb, cxf-jaxb
   * @param sizes array elements, {@link Operation#MIN_SIZE}..{@link Operation#MAX_SIZE} each (void
   *     is run once, without a size)
   */
  public static List<Point> points(
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
    List<Point> points = new ArrayList<>();
    for (String stack : stacks) {
      for (Operation op : operations) {
        for (int size : op == Operation.VOID ? List.of(0) : sizes) {
          EchoValues values = EchoValues.generate(op, size);
          byte[] request = SoapEnvelopes.request(values);
          Map<String, String> headers =
              Map.of(
                  "Content-Type",
                  SoapEnvelopes.CONTENT_TYPE,
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
                  body -> EchoCheck.verify(stack, values, body)));
        }
      }
    }
    return points;
  }
}
