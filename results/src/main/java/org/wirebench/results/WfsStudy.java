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

/** The GeoServer WFS output-format study (2013), as {@link Studies#WFS}. */
final class WfsStudy {
  private static final String ENCODE = "GeoEncodingBenchmark.encode";

  private WfsStudy() {}

  static Study define() {
    List<Figure> f = new ArrayList<>();
    f.add(new Figure("roads-gml32-rps", 43, "req/s", "43"));
    f.add(new Figure("roads-gml2-rps", 230, "req/s", "230"));
    f.add(new Figure("roads-geojson-rps", 180, "req/s", "180"));
    f.add(new Figure("places-gml32-rps", 55, "req/s", "55"));
    f.add(new Figure("places-gml2-rps", 240, "req/s", "240"));
    f.add(new Figure("places-geojson-rps", 310, "req/s", "310"));
    // GML 2 ÷ GML 3.2 req/s over every concurrency the study ran, 4 to 32 requests at once: the low
    // end is roads at 4 (83 ÷ 24.2); at 32 the figures above give 4.4 (places) to 5.3 (roads)
    f.add(new Figure("gml-ratio-low", 3.4, "×", "3.4"));
    f.add(new Figure("gml-ratio-high", 5.4, "×", "5.4"));
    f.add(new Figure("gml-ratio-fewest-users", 4, "users", "4"));
    f.add(new Figure("server-cores", 8, "cores", "8"));
    f.add(new Figure("load-users", 32, "users", "32"));
    // response sizes for 200 features
    f.add(new Figure("roads-gml32-kib", 230, "KiB", "230"));
    f.add(new Figure("roads-gml2-kib", 150, "KiB", "150"));
    f.add(new Figure("roads-geojson-kib", 150, "KiB", "150"));
    f.add(new Figure("places-gml32-kib", 100, "KiB", "100"));
    f.add(new Figure("places-gml2-kib", 70, "KiB", "70"));
    f.add(new Figure("places-geojson-kib", 40, "KiB", "40"));
    Study s =
        new Study("WFS", "WFS output formats", "", "", f, List.of(), List.of(), List.of(), "");
    String range = s.quoted("gml-ratio-low") + "–" + s.quoted("gml-ratio-high");
    List<Claim> claims = new ArrayList<>();
    for (String layer : List.of("osm_mainroads", "osm_places")) {
      String p = Studies.WFS_LAYERS.get(layer);
      claims.add(
          new Claim(
              "wfs-gml32-gml2-" + layer,
              "GML 3.2 encodes several times slower than GML 2 (" + layer + ", 200 features)",
              format(
                  "%.1f× (req/s under load)", s.value(p + "-gml2-rps") / s.value(p + "-gml32-rps")),
              s.value("gml-ratio-low"),
              BAND,
              Judged.AT_LEAST,
              "",
              new Benchmark(
                  ENCODE, Map.of("dataset", layer, "count", "200"), "codec", "gml32", "gml2"),
              new Pair("wfs-" + layer, "gml32", "gml2"),
              null));
    }
    double cores = s.value("server-cores");
    double perCore = s.value("roads-geojson-rps") / cores;
    claims.add(
        new Claim(
            "wfs-geojson-per-core",
            format(
                "GeoJSON roads, 200 features, %.0f users: req/s per core", s.value("load-users")),
            format(
                "%.0f req/s on %.0f cores = %.1f per core",
                s.value("roads-geojson-rps"), cores, perCore),
            0,
            BAND,
            Judged.CONTEXT,
            "another server on other hardware: how far both moved, not a claim of the study",
            null,
            null,
            new Load(
                "wfs",
                Map.of("layer", "osm_mainroads", "users", "32", "count", "200"),
                "format",
                "",
                "geojson",
                Quantity.RATE_PER_CORE,
                perCore,
                "req/s")));
    return new Study(
        "WFS",
        s.title(),
        format(
            "GeoServer 2.3.3 WFS output formats, 2013, %s-core server, JMeter, features from its"
                + " store",
            s.quoted("server-cores")),
        format(
            "GML 3.2 served %s req/s against %s (GML 2) and %s (GeoJSON) for roads, and %s / %s /"
                + " %s for places, at %s concurrent requests; from %s to %s concurrent requests"
                + " GML 3.2 was %s× slower than GML 2",
            s.quoted("roads-gml32-rps"),
            s.quoted("roads-gml2-rps"),
            s.quoted("roads-geojson-rps"),
            s.quoted("places-gml32-rps"),
            s.quoted("places-gml2-rps"),
            s.quoted("places-geojson-rps"),
            s.quoted("load-users"),
            s.quoted("gml-ratio-fewest-users"),
            s.quoted("load-users"),
            range),
        f,
        claims,
        List.of(
            new TableLayout.RatioLine(
                "format",
                "gml2",
                "gml32",
                "GML 2 req/s ÷ GML 3.2 req/s (the study: " + range + ")")),
        List.of("GeoEncodingBenchmark"),
        "wfs-encoding");
  }
}
