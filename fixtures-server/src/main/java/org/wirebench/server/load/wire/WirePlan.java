package org.wirebench.server.load.wire;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.codec.Conformance;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.server.load.LoadPlan;
import org.wirebench.server.load.scenario.Scenario.Point;

/**
 * What the wire scenario measures: its cells (link × layer × format × encoding × answer size) and
 * each cell's points, one a measure: the answer received by one client ({@value #RECEIVE}), decoded
 * ({@value #DECODE}), both ({@value #END_TO_END}), and the req/s of concurrent users.
 */
public final class WirePlan {
  public static final String RECEIVE = "receive";
  public static final String DECODE = "decode";
  public static final String END_TO_END = "end to end";

  /** One request shape on one link. */
  public record Cell(Link link, String layer, String format, WireEncoding encoding, int count) {
    /** The id its points start with: 10mbit/80ms/osm_places/geojson/gzip/200. */
    public String id() {
      return link.spec() + "/" + layer + "/" + format + "/" + encoding.token + "/" + count;
    }

    /** The request (WFS 2.0 GetFeature, EPSG:4326) relative to the server's base URI. */
    public String query() {
      return "ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:"
          + layer
          + "&count="
          + count
          + "&srsName=EPSG:4326&outputFormat="
          + URLEncoder.encode(format, StandardCharsets.UTF_8);
    }

    /** The same request without the link: the server's JIT and the checks need it once. */
    public String shape() {
      return layer + "/" + format + "/" + encoding.token + "/" + count;
    }

    public GeoCodec codec() {
      return GeoCodecs.get(format);
    }

    public Dataset dataset() {
      return Datasets.get(layer);
    }
  }

  private WirePlan() {}

  /** Every cell, links outermost (each link is set up once), in run order. */
  public static List<Cell> cells(
      List<Link> links,
      List<String> layers,
      List<String> formats,
      List<WireEncoding> encodings,
      List<Integer> counts) {
    List<Cell> cells = new ArrayList<>();
    for (Link link : links) {
      for (String layer : layers) {
        for (int count : counts) {
          for (String format : formats) {
            for (WireEncoding e : encodings) {
              cells.add(new Cell(link, layer, format, e, count));
            }
          }
        }
      }
    }
    return cells;
  }

  /** The measure name of the concurrent point: "8 users". */
  public static String usersMeasure(int users) {
    return users + " users";
  }

  /** The cell's points: receive, decode, end to end (one client), then each concurrency. */
  public static List<Point> points(Cell cell, List<Integer> users) {
    List<Point> points = new ArrayList<>();
    LoadPlan.BodyValidator validator = validator(cell);
    for (String measure : List.of(RECEIVE, DECODE, END_TO_END)) {
      points.add(point(cell, measure, 1, validator));
    }
    for (int n : users) {
      points.add(point(cell, usersMeasure(n), n, validator));
    }
    return points;
  }

  public static List<Point> points(List<Cell> cells, List<Integer> users) {
    List<Point> points = new ArrayList<>();
    cells.forEach(c -> points.addAll(points(c, users)));
    return points;
  }

  private static Point point(Cell cell, String measure, int users, LoadPlan.BodyValidator v) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("link", cell.link().label());
    params.put("rateMbit", cell.link().rateMbit());
    params.put("rttMs", cell.link().rttMs());
    params.put("layer", cell.layer());
    params.put("format", cell.format());
    params.put("encoding", cell.encoding().token);
    params.put("count", cell.count());
    params.put("measure", measure);
    params.put("users", users);
    return new Point(
        cell.id() + "/" + measure.replace(' ', '-'),
        params,
        base -> cell.encoding().configure(new LoadPlan(base.resolve(cell.query())).users(users)),
        v);
  }

  /** The answer must validate (schema, where the codec has one) and decode to the features. */
  static LoadPlan.BodyValidator validator(Cell cell) {
    GeoCodec codec = cell.codec();
    Dataset layer = cell.dataset();
    Supplier<List<Feature>> expected =
        new Supplier<>() {
          private List<Feature> features;

          @Override
          public synchronized List<Feature> get() {
            if (features == null) {
              features = layer.take(cell.count());
            }
            return features;
          }
        };
    return body -> {
      try {
        Conformance.verify(codec, layer.featureType(), expected.get(), body);
        return null;
      } catch (IOException | RuntimeException e) {
        return codec.name() + " answer does not validate: " + e.getMessage();
      }
    };
  }
}
