package org.wirebench.results;

import static org.wirebench.results.Studies.BAND;
import static org.wirebench.results.Study.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.wirebench.results.Study.Benchmark;
import org.wirebench.results.Study.Claim;
import org.wirebench.results.Study.Figure;
import org.wirebench.results.Study.Judged;
import org.wirebench.results.Study.Load;
import org.wirebench.results.Study.Pair;
import org.wirebench.results.Study.Quantity;

/** The MapProxy vs MapServer raster WMS study (2010), as {@link Studies#RASTER}. */
final class RasterStudy {
  private static final String MAP = "RasterBenchmark.map";

  private RasterStudy() {}

  static Study define() {
    List<Figure> f =
        List.of(
            new Figure("mapserver-4326-rps", 122, "req/s", "122"),
            new Figure("mapproxy-4326-rps", 157, "req/s", "157"),
            new Figure("mapserver-900913-rps", 74, "req/s", "74"),
            new Figure("mapproxy-900913-rps", 113, "req/s", "113"),
            new Figure("gain-4326", 28, "%", "28%"),
            new Figure("gain-900913", 52, "%", "52%"),
            new Figure("requests", 2_000, "requests", "2,000"),
            new Figure("cores", 4, "cores", "4"));
    Study s = new Study("Raster", "Raster WMS", "", "", f, List.of(), List.of(), List.of(), "");
    List<Claim> claims = new ArrayList<>();
    String[][] srs = {{"EPSG:4326", "4326", ""}, {"EPSG:3857", "900913", ", 900913"}};
    for (String[] x : srs) {
      double gain = s.value("gain-" + x[1]);
      double bound = 1 + gain / 100;
      String then = format("%.2f× (+%.0f%% req/s%s)", bound, gain, x[2]);
      String claim = "A tile cache serves a map faster than rendering it from the source: " + x[0];
      claims.add(
          new Claim(
              "raster-direct-tilecache-" + x[0],
              claim + " (direct time ÷ tile-cache time)",
              then,
              bound,
              BAND,
              Judged.AT_LEAST,
              "",
              new Benchmark(MAP, Map.of("srs", x[0]), "renderer", "direct", "tilecache"),
              new Pair("raster", "direct-" + x[0], "tilecache-" + x[0]),
              null));
      claims.add(
          new Claim(
              "raster-load-" + x[0],
              claim + " (wms scenario, best req/s over users)",
              then,
              bound,
              BAND,
              Judged.AT_LEAST,
              "",
              null,
              null,
              new Load(
                  "wms",
                  Map.of("srs", x[0]),
                  "renderer",
                  "direct",
                  "tilecache",
                  Quantity.BEST_RATE_RATIO,
                  0,
                  "req/s")));
    }
    return new Study(
        "Raster",
        s.title(),
        format(
            "MapProxy 0.8.3 vs MapServer 5.6 Blue Marble WMS, 2010, %s cores, %s random requests,"
                + " best of 3",
            s.quoted("cores"), s.quoted("requests")),
        format(
            "on %s cores the cache was %s (%s → %s req/s) and %s (%s → %s) faster",
            s.quoted("cores"),
            s.quoted("gain-4326"),
            s.quoted("mapserver-4326-rps"),
            s.quoted("mapproxy-4326-rps"),
            s.quoted("gain-900913"),
            s.quoted("mapserver-900913-rps"),
            s.quoted("mapproxy-900913-rps")),
        f,
        claims,
        List.of(
            new TableLayout.RatioLine(
                "renderer",
                "tilecache",
                "direct",
                format(
                    "tile cache req/s ÷ direct req/s (the study, MapProxy ÷ MapServer on %s cores:"
                        + " %.2f in EPSG:4326, %.2f in EPSG:900913)",
                    s.quoted("cores"),
                    1 + s.value("gain-4326") / 100,
                    1 + s.value("gain-900913") / 100))),
        List.of("RasterBenchmark", "JpegCodecBenchmark"),
        "raster");
  }
}
