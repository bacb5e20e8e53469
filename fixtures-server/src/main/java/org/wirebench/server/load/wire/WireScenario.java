package org.wirebench.server.load.wire;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.HdrHistogram.HistogramLogWriter;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.Statistic;
import org.wirebench.results.TableLayout;
import org.wirebench.server.JvmProfile;
import org.wirebench.server.load.scenario.ScenarioOptions;
import org.wirebench.server.load.scenario.SelfRunningScenario;
import org.wirebench.server.load.scenario.WireOptions;

/**
 * Issue 28's link: which format and content coding a WFS should send over a 1 Gbit/s, 100 Mbit/s or
 * 10 Mbit/s line. The server and the driver run in two network namespaces joined by a veth pair,
 * each direction held to the link's rate by a token bucket ({@code tc tbf}) and delayed by half the
 * round-trip time in a relay in the driver's namespace ({@link DelayRelay}: this kernel has no
 * netem). Per link × layer × format × coding × answer size: one client's time to the last byte, the
 * time to decode that answer, both, and the req/s of concurrent users.
 */
public final class WireScenario implements SelfRunningScenario {
  public static final List<String> QUICK_LAYERS = List.of("osm_mainroads");
  public static final List<String> FULL_LAYERS = List.of("osm_mainroads", "osm_places");
  public static final List<String> QUICK_FORMATS = List.of("gml32", "geojson");

  /**
   * Quick mode's codings: identity and the one every client asks for, so that even a quick run
   * shows where bytes saved beat the CPU spent on them; full mode asks for all four.
   */
  public static final List<WireEncoding> QUICK_ENCODINGS =
      List.of(WireEncoding.IDENTITY, WireEncoding.GZIP);

  public static final List<Integer> QUICK_COUNTS = List.of(200);
  public static final List<Integer> FULL_COUNTS = List.of(200, 5000);
  public static final List<Integer> QUICK_USERS = List.of(4);
  public static final List<Integer> FULL_USERS = List.of(8);

  /** What the host offers; tests replace it to see the refusals without dropping root. */
  private static volatile HostCheck host = HostCheck.system();

  static HostCheck host() {
    return host;
  }

  /**
   * For tests (the suite's too): the host facts the checks read; returns the one before. Root is
   * never dropped to see a refusal.
   */
  public static HostCheck useHost(HostCheck h) {
    HostCheck before = host;
    host = h;
    return before;
  }

  static final String NAME = "wire";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Object newOptions() {
    return new WireOptions();
  }

  @Override
  public String description() {
    return "WFS formats × content codings over shaped links ("
        + Link.FULL.stream().map(Link::spec).collect(Collectors.joining(", "))
        + "); needs root and ip netns";
  }

  /**
   * Counted: one client warms on each cell for at least {@code warmupRequests} answers and until
   * three windows agree (a window: the answers whose receive times add up to windowMs, one answer
   * on a slow line), then times {@code requests}; the concurrent users then share max({@code
   * requests}, 2 × users) answers after one each thrown away. The server is warmed on each request
   * shape over the bare link first, then left to go idle.
   */
  @Override
  public ScenarioSettings settings(boolean quick) {
    return quick
        ? ScenarioSettings.counted("quick", 1, 3, 12, Duration.ofSeconds(3))
            .withSteadyState(new ScenarioSettings.SteadyState(1_000, 10_000, 0.10))
        : ScenarioSettings.counted("full", 1, 5, 20, Duration.ofSeconds(10))
            .withSteadyState(new ScenarioSettings.SteadyState(2_000, 30_000, 0.05));
  }

  @Override
  public TableLayout table() {
    return new TableLayout(
        "link",
        List.of("layer", "format", "encoding", "count"),
        "measure",
        Statistic.P50,
        true,
        null,
        List.of());
  }

  @Override
  public List<Point> points(ScenarioOptions o) {
    return WirePlan.points(cells(o), users(o));
  }

  /** The cells the options ask for, after every value is checked. */
  public static List<WirePlan.Cell> cells(ScenarioOptions o) {
    if (o.server != null) {
      throw new IllegalArgumentException(
          "the wire scenario starts its own server inside a network namespace; --server cannot"
              + " be put behind its link");
    }
    if (o.jmeterPlan != null) {
      throw new IllegalArgumentException(
          "--jmeter-plan: the wire scenario's link cannot be exported to JMeter");
    }
    WireOptions w = o.own(NAME, WireOptions.class);
    List<Link> links = new ArrayList<>();
    if (w.links == null) {
      links.addAll(o.quick ? Link.QUICK : Link.FULL);
    } else {
      w.links.forEach(s -> links.add(Link.parse(s)));
    }
    List<String> layers = w.layers != null ? w.layers : o.quick ? QUICK_LAYERS : FULL_LAYERS;
    layers.forEach(Datasets::get); // unknown names fail here, listing the valid ones
    List<String> formats = w.formats != null ? w.formats : o.quick ? QUICK_FORMATS : allFormats();
    formats.forEach(GeoCodecs::get);
    List<WireEncoding> encodings = new ArrayList<>();
    if (w.encodings == null) {
      encodings.addAll(o.quick ? QUICK_ENCODINGS : List.of(WireEncoding.values()));
    } else {
      w.encodings.forEach(e -> encodings.add(WireEncoding.of(e)));
    }
    List<Integer> counts = w.counts != null ? w.counts : o.quick ? QUICK_COUNTS : FULL_COUNTS;
    for (int c : counts) {
      org.wirebench.server.load.scenario.WfsScenario.checkPage("--wire-counts values", c);
    }
    for (String layer : layers) {
      int size = Datasets.get(layer).size();
      for (int c : counts) {
        if (c > size) {
          throw new IllegalArgumentException(
              "--wire-counts " + c + ": layer " + layer + " holds only " + size + " features");
        }
      }
    }
    unique("--wire-links", links.stream().map(Link::spec).toList());
    unique("--wire-layers", layers);
    unique("--wire-formats", formats);
    unique("--wire-encodings", encodings.stream().map(e -> e.token).toList());
    unique("--wire-counts", counts.stream().map(String::valueOf).toList());
    return WirePlan.cells(links, layers, formats, encodings, counts);
  }

  /** The concurrent users' columns. */
  public static List<Integer> users(ScenarioOptions o) {
    WireOptions w = o.own(NAME, WireOptions.class);
    List<Integer> users = o.users("--wire-users", w.users, o.quick ? QUICK_USERS : FULL_USERS);
    for (int n : users) {
      if (n < 2 || n > 256) {
        throw new IllegalArgumentException("wire: --users must be 2..256 each, was " + n);
      }
    }
    unique("--users", users.stream().map(String::valueOf).toList());
    return users;
  }

  /** Every registered codec a client reads features from (the floor writes geometry only). */
  static List<String> allFormats() {
    return GeoCodecs.registry().names().stream()
        .filter(n -> GeoCodecs.get(n).carriesAttributes())
        .toList();
  }

  private static void unique(String option, List<String> values) {
    List<String> seen = new ArrayList<>();
    for (String v : values) {
      if (seen.contains(v)) {
        throw new IllegalArgumentException(option + " names " + v + " twice");
      }
      seen.add(v);
    }
    if (values.isEmpty()) {
      throw new IllegalArgumentException(option + " needs at least one value");
    }
  }

  @Override
  public String cannotRun(ScenarioOptions options) {
    return host.refusal();
  }

  @Override
  public String settingsProblem(ScenarioSettings settings) {
    if (settings.runs() != 1) {
      return "--runs: the wire scenario measures each point once; give more --requests instead";
    }
    if (!settings.counted() || settings.warmupMs() != 0 || settings.durationMs() != 0) {
      return "--warmup/--duration: the wire scenario counts answers (--requests,"
          + " --warmup-requests); a timed window would end inside a slow link's answer";
    }
    return null;
  }

  @Override
  public ScenarioResult run(
      ScenarioOptions o,
      List<Point> points,
      ScenarioSettings settings,
      JvmProfile profile,
      Path java,
      HistogramLogWriter hlog,
      PrintStream log)
      throws Exception {
    return new WireRun(this, cells(o), users(o), settings, profile, java, host, log)
        .run(points, hlog);
  }
}
