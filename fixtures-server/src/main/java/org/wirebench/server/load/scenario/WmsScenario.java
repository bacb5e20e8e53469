package org.wirebench.server.load.scenario;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.wirebench.formats.raster.MapRendererKind;
import org.wirebench.formats.raster.WmsRequestList;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.Statistic;
import org.wirebench.results.Studies;
import org.wirebench.results.Study;
import org.wirebench.results.TableLayout;
import org.wirebench.server.FixtureServer;
import org.wirebench.server.UnusedOptions;
import org.wirebench.server.load.LoadPlan;
import picocli.CommandLine.Option;

/**
 * The MapProxy raster study's procedure (2010): the FOSS4G list of random WMS 1.1.1 GetMap requests
 * of Blue Marble (256..1024 × 256..768 JPEG, seeded), every URL sent once per run, at concurrency
 * 2, 8, 32, 64 and 150, three runs with the best kept; per SRS (EPSG:4326 native, EPSG:3857
 * reprojected), the direct renderer ({@code /wms}, MapServer's role) beside the tile cache ({@code
 * /tiled/wms}, MapProxy's). Every URL's image is decoded and its size checked before anything is
 * timed; on a first run that check also draws the tiles the cache needs, as MapProxy's cache was
 * seeded before the study timed it.
 */
public final class WmsScenario implements Scenario {
  /** Our renderers' names ({@link MapRendererKind#id}). */
  public static final List<String> RENDERERS = MapRendererKind.ids();

  public static final int STUDY_REQUESTS = (int) Studies.RASTER.value("requests");
  public static final List<Integer> STUDY_USERS = List.of(2, 8, 32, 64, 150);
  public static final List<Integer> QUICK_USERS = List.of(2, 32);

  /** The longest request list --requests may ask for (each URL is checked before the timing). */
  static final int MAX_REQUESTS = 100_000;

  /** Our renderers the study loads without --wms-renderers. */
  static final String STUDY_RENDERERS = "direct,tilecache";

  /** What {@code load --scenario wms} varies; the defaults are the study's. */
  public static final class Options {
    // no default value here: given with --wms-endpoint, it is refused, which a default hides
    @Option(
        names = "--wms-renderers",
        split = ",",
        completionCandidates = RendererNames.class,
        description =
            "wms: our renderers to load, of ${COMPLETION-CANDIDATES} (default: the study's"
                + " "
                + STUDY_RENDERERS
                + ")")
    public List<String> renderers;

    @Option(
        names = "--wms-srs",
        split = ",",
        defaultValue = "EPSG:4326,EPSG:3857",
        description = "wms: request lists by SRS (default: ${DEFAULT-VALUE})")
    public List<String> srs;

    @Option(
        names = "--wms-users",
        split = ",",
        hidden = true,
        description = "old spelling of --users")
    public List<Integer> users;

    @Option(
        names = "--wms-endpoint",
        description =
            "wms: NAME=URL of another WMS to load in place of ours (repeatable; replaces"
                + " --wms-renderers), e.g. mapserver=http://127.0.0.1:8081/mapserv (scripts/"
                + "wms-peers.sh); each NAME once")
    public List<String> endpoints;

    @Option(
        names = "--wms-seed",
        defaultValue = "1",
        description =
            "wms: the request lists' seed, "
                + org.wirebench.server.CliTypes.SEED_VALUES
                + " (default: ${DEFAULT-VALUE})")
    public long seed;
  }

  /** The renderers' names for the option's help, read from {@link MapRendererKind}. */
  static final class RendererNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return RENDERERS.iterator();
    }
  }

  @Override
  public String name() {
    return "wms";
  }

  @Override
  public String description() {
    return "MapProxy 2010: Blue Marble GetMap, direct vs tile cache in the study's two SRSs and"
        + " concurrencies, a list of "
        + Studies.RASTER.quoted("requests")
        + " URLs each sent once, best of 3";
  }

  @Override
  public Study study() {
    return Studies.RASTER;
  }

  /**
   * Counted: a run is the list, each URL once ({@code --requests} sets the list's length). Quick
   * runs a 200-request list at 2 and 32 users, once; full the study's 2000 at all five, the best of
   * 3. Warm-up windows are long beside a map's latency: a window counts the answers to what it
   * sent, so the users' last requests inflate a short one (0.75 s windows read 274 req/s for a
   * tile-cache point at 150 users that then measured 88).
   */
  @Override
  public ScenarioSettings settings(boolean quick) {
    return quick
        // one run, not the best of 3: the quick suite's 15 minutes (best of 2 with 2 s windows
        // takes the suite to 16 min 42 s)
        ? ScenarioSettings.counted("quick", 1, 0, 200, Duration.ofSeconds(2))
            .keepingBest()
            .withSteadyState(new ScenarioSettings.SteadyState(1_500, 9_000, 0.10))
        : ScenarioSettings.counted("full", 3, 0, STUDY_REQUESTS, Duration.ofSeconds(10))
            .keepingBest()
            .withSteadyState(new ScenarioSettings.SteadyState(5_000, 60_000, 0.05));
  }

  @Override
  public TableLayout table() {
    return new TableLayout(
        "srs",
        List.of("renderer"),
        "users",
        Statistic.MEAN,
        true,
        new TableLayout.Chart("srs", "users", "renderer", "concurrent users", true),
        Studies.RASTER.loadRatios());
  }

  @Override
  public Object newOptions() {
    return new Options();
  }

  @Override
  public List<Point> points(ScenarioOptions o) {
    Options w = o.own(name(), Options.class);
    List<Integer> users = o.users("--wms-users", w.users, o.quick ? QUICK_USERS : STUDY_USERS);
    Map<String, String> paths = new LinkedHashMap<>();
    if (w.endpoints != null && !w.endpoints.isEmpty()) {
      if (w.renderers != null) {
        throw new IllegalArgumentException(
            UnusedOptions.message(
                "--wms-renderers",
                "--wms-endpoint",
                "the endpoints named are loaded in place of our renderers"));
      }
      for (String given : w.endpoints) {
        int eq = given.indexOf('=');
        String name = eq < 0 ? "" : given.substring(0, eq);
        if (name.isBlank()) {
          throw new IllegalArgumentException(
              "--wms-endpoint " + given + ": give NAME=URL, a name before the '='");
        }
        if (paths.containsKey(name)) {
          // a map would keep the last silently: which WMS was meant is a guess
          throw new IllegalArgumentException(
              "--wms-endpoint names " + name + " twice: give each name once");
        }
        String problem;
        URI u;
        try {
          u = new URI(given.substring(eq + 1));
          problem = org.wirebench.server.load.TargetUrls.problem(u, true);
        } catch (java.net.URISyntaxException e) {
          u = null;
          problem = "not a URL: " + given.substring(eq + 1);
        }
        if (problem != null) {
          throw new IllegalArgumentException("--wms-endpoint " + name + ": " + problem);
        }
        paths.put(name, u.toString());
      }
    } else {
      for (String r : w.renderers == null ? List.of(STUDY_RENDERERS.split(",")) : w.renderers) {
        paths.put(r, path(MapRendererKind.of(r))); // an unknown name fails here, listing ours
      }
    }
    long requests = o.requests != null ? o.requests : settings(o.quick).requests();
    if (requests < 1 || requests > MAX_REQUESTS) {
      throw new IllegalArgumentException(
          "--requests is the wms request list's length, 1.." + MAX_REQUESTS + ", was " + requests);
    }
    List<WmsRequestList.Srs> srs = new ArrayList<>();
    for (String code : w.srs) {
      srs.add(WmsRequestList.Srs.of(code)); // unknown codes fail here, listing the valid ones
    }
    return points(paths, srs, users, (int) requests, w.seed);
  }

  /** The renderer's endpoint, relative to the server's base URI. */
  static String path(MapRendererKind kind) {
    return FixtureServer.wmsPath(kind).substring(1);
  }

  public static List<Point> points(
      List<String> renderers,
      List<WmsRequestList.Srs> srsList,
      List<Integer> users,
      int requests,
      long seed) {
    Map<String, String> paths = new LinkedHashMap<>();
    renderers.forEach(r -> paths.put(r, path(MapRendererKind.of(r))));
    return points(paths, srsList, users, requests, seed);
  }

  /**
   * @param endpoints renderer name to its path under the server's base URI, or an absolute URL
   */
  public static List<Point> points(
      Map<String, String> endpoints,
      List<WmsRequestList.Srs> srsList,
      List<Integer> users,
      int requests,
      long seed) {
    List<Point> points = new ArrayList<>();
    for (WmsRequestList.Srs srs : srsList) {
      List<WmsRequestList.Request> list = WmsRequestList.generate(srs, requests, seed);
      List<String> queries = list.stream().map(r -> query(r, srs)).toList();
      for (Map.Entry<String, String> endpoint : endpoints.entrySet()) {
        String renderer = endpoint.getKey();
        String path = endpoint.getValue();
        for (int n : users) {
          Map<String, Object> params = new LinkedHashMap<>();
          params.put("srs", srs.code);
          params.put("renderer", renderer);
          params.put("users", n);
          params.put("requests", requests);
          points.add(
              new Point(
                  srs.code + "/" + renderer + "/" + n,
                  params,
                  base -> plan(base, path, queries, n),
                  validator(list)));
        }
      }
    }
    return points;
  }

  private static LoadPlan plan(URI base, String path, List<String> queries, int users) {
    List<URI> uris = queries.stream().map(q -> base.resolve(path + q)).toList();
    return new LoadPlan(uris.get(0)).rotate(uris).users(users).timeout(Duration.ofSeconds(120));
  }

  /** A WMS 1.1.1 GetMap as the FOSS4G scripts sent them; 3857 by its EPSG code (PROJ 9's). */
  public static String query(WmsRequestList.Request r, WmsRequestList.Srs srs) {
    String[] row = r.row(srs).split(";");
    return "?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&SRS="
        + srs.code
        + "&BBOX="
        + row[2]
        + "&WIDTH="
        + r.width()
        + "&HEIGHT="
        + r.height()
        + "&FORMAT=image/jpeg";
  }

  /** Each answer must decode as a JPEG of its request's size. */
  private static LoadPlan.BodyValidator validator(List<WmsRequestList.Request> list) {
    return LoadPlan.BodyValidator.perTarget(
        (index, body) -> {
          WmsRequestList.Request r = list.get(index);
          if (body.length < 3 || (body[0] & 0xff) != 0xFF || (body[1] & 0xff) != 0xD8) {
            return "request " + index + " did not answer with a JPEG (" + body.length + " bytes)";
          }
          try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(body));
            if (image == null || image.getWidth() != r.width() || image.getHeight() != r.height()) {
              return "request "
                  + index
                  + " asked for "
                  + r.width()
                  + "×"
                  + r.height()
                  + " and got "
                  + (image == null ? "no image" : image.getWidth() + "×" + image.getHeight());
            }
            return null;
          } catch (IOException e) {
            return "request " + index + " answered a JPEG that does not decode: " + e.getMessage();
          }
        });
  }
}
