package org.wirebench.server.load.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.finding.FindingGenerator;
import org.wirebench.formats.finding.GatewayJson;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.Statistic;
import org.wirebench.results.Studies;
import org.wirebench.results.Study;
import org.wirebench.results.TableLayout;
import org.wirebench.server.finding.GatewayHandler;
import org.wirebench.server.load.LoadPlan;
import picocli.CommandLine.Option;

/**
 * The ql.io study's JMeter plan: 200 users GET {@code /ebay/finding/keywords/{format}/ipad}, the
 * gateway fetching its 50 items from the mock backend as XML, protobuf or JSON. Each format at
 * saturation (no think time: what the study could not show) and then with the study's Gaussian
 * think time of 900 ± 100 ms after a ramp-up (10 s; 2 s quick). The gateway and the mock backend
 * share the server JVM, as the study's two node processes shared one box; the driver is a JVM of
 * its own. Every answer checked must be byte for byte the JSON of the 50 generated items.
 */
public final class FindingScenario implements Scenario {
  public static final int STUDY_USERS = (int) Studies.BACKEND.value("users");
  public static final long THINK_MS = (long) Studies.BACKEND.value("think-ms");
  public static final long THINK_DEVIATION_MS = (long) Studies.BACKEND.value("think-deviation-ms");
  public static final List<String> MODES = List.of("saturation", "think");

  /** What {@code load --scenario finding} varies; the defaults are the study's plan. */
  public static final class Options {
    @Option(
        names = "--finding-formats",
        split = ",",
        defaultValue = "xml,protobuf,json",
        description = "finding: backend formats (default: ${DEFAULT-VALUE})")
    public List<String> formats;

    @Option(
        names = "--finding-modes",
        split = ",",
        defaultValue = "saturation,think",
        description =
            "finding: saturation (no think time), think (the study's think time)"
                + " (default: ${DEFAULT-VALUE})")
    public List<String> modes;

    @Option(names = "--finding-users", hidden = true, description = "old spelling of --users")
    public Integer users;
  }

  @Override
  public String name() {
    return "finding";
  }

  @Override
  public String description() {
    Study s = Studies.BACKEND;
    return "ql.io 2012: gateway JSON from an XML, protobuf or JSON backend, "
        + s.quoted("users")
        + " users, with and without "
        + s.quoted("think-ms")
        + "±"
        + s.quoted("think-deviation-ms")
        + " ms think time";
  }

  @Override
  public Study study() {
    return Studies.BACKEND;
  }

  @Override
  public ScenarioSettings settings(boolean quick) {
    return quick
        // each backend format's request is sent by a few users first (ScenarioRunner.warmServer):
        // at 200 users the JIT starved and xml/saturation climbed for 20-60 s or stayed cold
        ? ScenarioSettings.timed(
                "quick", 1, Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(3))
            .withSteadyState(new ScenarioSettings.SteadyState(1_000, 20_000, 0.10))
        : ScenarioSettings.timed(
                "full", 3, Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(15))
            .withSteadyState(new ScenarioSettings.SteadyState(2_000, 60_000, 0.05));
  }

  @Override
  public TableLayout table() {
    return new TableLayout(
        "", List.of("think"), "format", Statistic.MEAN, true, null, Studies.BACKEND.loadRatios());
  }

  @Override
  public Object newOptions() {
    return new Options();
  }

  @Override
  public List<Point> points(ScenarioOptions o) {
    Options f = o.own(name(), Options.class);
    int users = o.oneUsers(name(), "--finding-users", f.users, STUDY_USERS);
    for (String m : f.modes) {
      if (!MODES.contains(m)) {
        throw new IllegalArgumentException(
            "unknown finding mode '" + m + "'; valid: " + String.join(", ", MODES));
      }
    }
    f.formats.forEach(BackendFormats::get); // unknown names fail here, listing the valid ones
    return points(
        f.formats, f.modes, users, o.quick ? Duration.ofSeconds(2) : Duration.ofSeconds(10));
  }

  /**
   * Saturation points first: they warm the server per format to a steady rate before the think-time
   * points, whose rate the users' pauses set.
   */
  public static List<Point> points(
      List<String> formats, List<String> modes, int users, Duration rampUp) {
    byte[] expected = GatewayJson.toBytes(FindingGenerator.response().view());
    List<Point> points = new ArrayList<>();
    for (String mode : MODES) {
      if (!modes.contains(mode)) {
        continue;
      }
      boolean think = mode.equals("think");
      for (String format : formats) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("format", format);
        params.put(
            "think",
            think ? String.format(Locale.ROOT, "%d±%d ms", THINK_MS, THINK_DEVIATION_MS) : "none");
        params.put("users", users);
        params.put("items", FindingGenerator.STUDY_ITEMS);
        String path = GatewayHandler.PATH.substring(1) + format + "/ipad";
        points.add(
            new Point(
                format + "/" + mode,
                params,
                base -> {
                  LoadPlan plan = new LoadPlan(base.resolve(path)).users(users).lengthTolerance(0);
                  return think ? plan.thinkTime(THINK_MS, THINK_DEVIATION_MS).rampUp(rampUp) : plan;
                },
                body ->
                    Arrays.equals(expected, body)
                        ? null
                        : "the gateway's "
                            + body.length
                            + "-byte answer is not the JSON of the "
                            + FindingGenerator.STUDY_ITEMS
                            + " generated items ("
                            + expected.length
                            + " bytes)"));
      }
    }
    return points;
  }
}
