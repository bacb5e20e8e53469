package org.wirebench.server.load.scenario;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.codec.Conformance;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.Statistic;
import org.wirebench.results.Studies;
import org.wirebench.results.Study;
import org.wirebench.results.TableLayout;
import org.wirebench.server.UnusedOptions;
import org.wirebench.server.load.LoadPlan;
import org.wirebench.server.wfs.WfsHandler;
import picocli.CommandLine.Option;

/**
 * The GeoServer study's table: WFS 2.0 GetFeature of {@code count} features of each layer in GML
 * 3.2, GML 2 and GeoJSON, at 4, 8, 16 and 32 concurrent users (closed model, no think time).
 */
public final class WfsScenario implements Scenario {
  public static final List<String> DEFAULT_LAYERS = List.of("osm_mainroads", "osm_places");

  /** The study's table; gml31 (GeoServer's GML3, WFS 1.1's default) is not in it. */
  public static final List<String> DEFAULT_FORMATS = List.of("gml32", "gml2", "geojson");

  /**
   * The codecs this scenario can ask for: those the capabilities of WFS 2.0.0 list ({@link
   * GeoCodec#wfsOutputFormat}), each by the outputFormat listed there, as a client reading them
   * sends it.
   */
  public static List<String> formats() {
    return GeoCodecs.listedIn(WfsVersion.V2_0_0).stream().map(GeoCodec::name).toList();
  }

  /** For --help: {@link #formats}. */
  public static final class Formats implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return formats().iterator();
    }
  }

  /** The study's concurrent users, a point each. */
  public static final List<Integer> STUDY_USERS =
      List.of(4, 8, 16, (int) Studies.WFS.value("load-users"));

  /** What {@code load --scenario wfs} varies; the defaults are the study's table. */
  /** The seeded boxes a --filter bbox point rotates over without --bboxes. */
  static final int BBOXES = 20;

  public static final class Options {
    @Option(
        names = "--layers",
        split = ",",
        defaultValue = "osm_mainroads,osm_places",
        description = "wfs: layers (default: ${DEFAULT-VALUE})")
    public List<String> layers;

    @Option(
        names = "--formats",
        split = ",",
        defaultValue = "gml32,gml2,geojson",
        completionCandidates = Formats.class,
        description =
            "wfs: output formats, of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    public List<String> formats;

    @Option(
        names = "--concurrency",
        split = ",",
        hidden = true,
        description = "old spelling of --users")
    public List<Integer> concurrency;

    @Option(
        names = "--count",
        defaultValue = "200",
        description =
            "wfs: features per request, 1.."
                + WfsHandler.LARGE_PAGE
                + " (the fixture server's large page: a larger one is a heavy query, 503 under"
                + " load) (default: ${DEFAULT-VALUE})")
    public int count;

    @Option(
        names = "--filter",
        defaultValue = "none",
        description =
            "wfs: none, or bbox: each request carries one of --bboxes seeded boxes, in turn"
                + " (default: ${DEFAULT-VALUE})")
    public String filter;

    // no default value here: given with --filter none, it is refused, which a default hides
    @Option(
        names = "--bboxes",
        description =
            "wfs: boxes a --filter bbox point rotates over, 1..1000 (default: " + BBOXES + ")")
    public Integer bboxes;
  }

  @Override
  public String name() {
    return "wfs";
  }

  @Override
  public Object newOptions() {
    return new Options();
  }

  @Override
  public String description() {
    return "GeoServer 2013: GetFeature per layer × format (gml32, gml2, geojson) × users, up to "
        + Studies.WFS.quoted("load-users");
  }

  @Override
  public Study study() {
    return Studies.WFS;
  }

  /**
   * Every request shape is sent for a while before the first point (a slow JIT climb can pass the
   * per-point steady check: without it a quick run's first point, gml32 at 4 users, served 1,483
   * req/s against 3,036 at 8), then each point is warmed until steady.
   */
  @Override
  public ScenarioSettings settings(boolean quick) {
    return quick
        ? ScenarioSettings.timed(
                // 2 s windows leave room for the raster study in the quick suite's 15 minutes
                "quick", 1, Duration.ZERO, Duration.ofMillis(2000), Duration.ofSeconds(3))
            // 0.5 s windows: each of the 16 quick runs recorded to 2026-11-26 served 1,200 req/s
            // or more a point (600+ answers a window); the answers to a window's last requests,
            // one a user, add at most 3.3% to it (osm_mainroads/gml2/32 at 1,914 req/s; 2.2% with
            // 0.75 s windows), the same in each window of a point and well inside the check of the
            // measured rate (twice the tolerance). A map's latency keeps the wms windows long
            .withSteadyState(new ScenarioSettings.SteadyState(500, 9_000, 0.10))
        : ScenarioSettings.timed(
                "full", 3, Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofSeconds(10))
            .withSteadyState(new ScenarioSettings.SteadyState(2_000, 60_000, 0.05));
  }

  @Override
  public TableLayout table() {
    return new TableLayout(
        "layer",
        List.of("format"),
        "users",
        Statistic.MEAN,
        true,
        new TableLayout.Chart("layer", "users", "format", "concurrent users", false),
        Studies.WFS.loadRatios());
  }

  @Override
  public List<Point> points(ScenarioOptions options) {
    Options o = options.own(name(), Options.class);
    List<Integer> users = options.users("--concurrency", o.concurrency, STUDY_USERS);
    if (!o.filter.equals("none") && !o.filter.equals("bbox")) {
      throw new IllegalArgumentException("--filter must be none or bbox, was " + o.filter);
    }
    if (o.bboxes != null && o.filter.equals("none")) {
      throw new IllegalArgumentException(
          UnusedOptions.message(
              "--bboxes", "--filter none", "only a --filter bbox point rotates over boxes"));
    }
    int bboxes = o.bboxes == null ? BBOXES : o.bboxes;
    if (bboxes < 1 || bboxes > 1000) {
      throw new IllegalArgumentException("--bboxes must be 1..1000, was " + bboxes);
    }
    return points(o.layers, o.formats, users, o.count, o.filter.equals("bbox") ? bboxes : 0);
  }

  /**
   * Refuses a page of features the fixture server would serve as a heavy query.
   *
   * @param option the option the count came from, as the refusal names it
   */
  public static void checkPage(String option, int count) {
    if (count < 1 || count > WfsHandler.LARGE_PAGE) {
      // a larger page is a heavy query to the fixture server: one a core runs at once, and the
      // users beyond its places would be measured as 503s
      throw new IllegalArgumentException(
          option
              + " must be 1.."
              + WfsHandler.LARGE_PAGE
              + " (the fixture server serves a page of more features as a heavy query, one a"
              + " core at a time, and answers 503 beyond its places), was "
              + count);
    }
  }

  /**
   * @param count features per request, 1..{@link WfsHandler#LARGE_PAGE} (the study: 200)
   */
  public static List<Point> points(
      List<String> layers, List<String> formats, List<Integer> users, int count) {
    return points(layers, formats, users, count, 0);
  }

  /**
   * @param bboxes 0 for the study's unfiltered GetFeature, else each point rotates over this many
   *     seeded boxes ({@link SeededBoxes}), each response validated against its box's features
   */
  public static List<Point> points(
      List<String> layers, List<String> formats, List<Integer> users, int count, int bboxes) {
    checkPage("--count", count);
    List<String> valid = formats();
    for (String f : formats) {
      if (!valid.contains(f)) {
        throw new IllegalArgumentException(
            "unknown WFS scenario format '"
                + f
                + "'; valid (the codecs WFS 2.0.0 lists): "
                + String.join(", ", valid));
      }
    }
    layers.forEach(Datasets::get); // unknown names fail here, listing the valid ones
    List<Point> points = new ArrayList<>();
    for (String layer : layers) {
      for (String format : formats) {
        String query =
            "ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:"
                + layer
                + "&count="
                + count
                + "&srsName=EPSG:4326&outputFormat="
                + URLEncoder.encode(
                    GeoCodecs.get(format).wfsOutputFormat().listed(), StandardCharsets.UTF_8);
        SeededBoxes boxes = bboxes == 0 ? null : SeededBoxes.of(Datasets.get(layer), bboxes, count);
        for (int n : users) {
          Map<String, Object> params = new LinkedHashMap<>();
          params.put("layer", layer);
          params.put("format", format);
          params.put("users", n);
          params.put("count", count);
          if (boxes != null) {
            params.put("filter", "bbox×" + bboxes);
          }
          String id = layer + "/" + format + (boxes == null ? "" : "/bbox") + "/" + n;
          points.add(
              boxes == null
                  ? new Point(
                      id,
                      params,
                      base -> new LoadPlan(base.resolve(query)).users(n),
                      validator(Datasets.get(layer), GeoCodecs.get(format), count))
                  : new Point(
                      id,
                      params,
                      base -> {
                        List<java.net.URI> uris =
                            boxes.queries(query).stream().map(base::resolve).toList();
                        return new LoadPlan(uris.get(0)).rotate(uris).users(n);
                      },
                      boxes.validator(GeoCodecs.get(format))));
        }
      }
    }
    return points;
  }

  /** The response must validate and decode to the layer's first {@code count} features. */
  private static LoadPlan.BodyValidator validator(Dataset layer, GeoCodec codec, int count) {
    List<Feature> expected = layer.take(count);
    return body -> {
      try {
        Conformance.verify(codec, layer.featureType(), expected, body);
        return null;
      } catch (IOException | RuntimeException e) {
        return codec.name() + " response does not validate: " + e.getMessage();
      }
    };
  }
}
