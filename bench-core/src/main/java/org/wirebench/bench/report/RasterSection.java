package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.wirebench.results.JmhResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.Studies;
import org.wirebench.results.Study;

/**
 * The MapProxy raster study's JMH half (RasterBenchmark, JpegCodecBenchmark): the time of one
 * GetMap per SRS and renderer, the direct renderer's time ÷ the tile cache's (the claims'
 * direction: the study found direct slower), and what JPEG decoding and encoding cost with each
 * codec. The wms scenario's req/s are in the load section.
 */
public final class RasterSection implements ReportSection {
  static final String MAP = org.wirebench.bench.raster.RasterBenchmark.MAP.name();
  static final String DECODE_TILE =
      org.wirebench.bench.raster.JpegCodecBenchmark.DECODE_TILE.name();
  static final String ENCODE_MAP = org.wirebench.bench.raster.JpegCodecBenchmark.ENCODE_MAP.name();
  private static final Study STUDY = Studies.RASTER;

  @Override
  public String name() {
    return "raster";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    List<Report.Block> out = new ArrayList<>();
    out.add(new Report.Heading(1, "Raster WMS (RasterBenchmark)"));
    List<JmhResult> maps = run.results(MAP);
    List<JmhResult> jpeg = new ArrayList<>(run.results(DECODE_TILE));
    jpeg.addAll(run.results(ENCODE_MAP));
    if (maps.isEmpty() && jpeg.isEmpty()) {
      out.add(Report.Text.missing("Raster benchmarks: not in this run."));
      return out;
    }
    List<JmhResult> all = new ArrayList<>(maps);
    all.addAll(jpeg);
    out.add(
        Report.Text.plain(
            "One GetMap of Blue Marble (the mean over 64 seeded requests of 256..1024 × 256..768),"
                + " rendered from the in-memory pyramid (direct, as MapServer) or composed from a"
                + " 256 × 256 JPEG tile cache (tilecache, as MapProxy), then encoded as JPEG; µs ±"
                + " JMH's 99.9% half-width (JMH: "
                + Scores.iterations(all)
                + "). "
                + Scores.RATIO_NOTE
                + Scores.format(
                    " The study (%s): the cache +%s (EPSG:4326) and +%s (900913) faster, i.e."
                        + " direct ÷ tile-cache time %.2f and %.2f. ",
                    STUDY.citation(),
                    STUDY.quoted("gain-4326"),
                    STUDY.quoted("gain-900913"),
                    STUDY.claim("raster-direct-tilecache-EPSG:4326").bound(),
                    STUDY.claim("raster-direct-tilecache-EPSG:3857").bound())
                + Scores.WIDE_NOTE
                + "; hollow in the charts."));
    if (!maps.isEmpty()) {
      maps(run, out, maps);
    }
    if (!jpeg.isEmpty()) {
      jpeg(run, out, jpeg);
    }
    return out;
  }

  private static void maps(RunRecord run, List<Report.Block> out, List<JmhResult> maps) {
    /* "EPSG:4326, upscale 4" → renderer → result */
    Map<String, Map<String, JmhResult>> groups = new LinkedHashMap<>();
    List<String> renderers = new ArrayList<>();
    for (JmhResult r : maps) {
      String upscale = r.param("upscale");
      String key =
          RecordedParams.name(run, r, "srs") + (upscale == null ? "" : ", upscale " + upscale);
      String renderer = RecordedParams.name(run, r, "renderer");
      RecordedParams.once(run, groups.computeIfAbsent(key, k -> new TreeMap<>()), renderer, r);
      if (!renderers.contains(renderer)) {
        renderers.add(renderer);
      }
    }
    List<String> header = new ArrayList<>(List.of("SRS"));
    renderers.forEach(r -> header.add(r + " µs"));
    boolean both = renderers.contains("direct") && renderers.contains("tilecache");
    if (both) {
      header.add("direct ÷ tile-cache time");
    }
    List<List<Report.Cell>> rows = new ArrayList<>();
    groups.forEach(
        (key, byRenderer) -> {
          List<Report.Cell> row = new ArrayList<>(List.of(Report.Cell.of(key)));
          for (String r : renderers) {
            JmhResult x = byRenderer.get(r);
            row.add(x == null ? Report.Cell.missing() : Report.Cell.of(Scores.withError(x)));
          }
          if (both) {
            JmhResult d = byRenderer.get("direct");
            JmhResult t = byRenderer.get("tilecache");
            row.add(
                d == null || t == null
                    ? Report.Cell.missing()
                    : Report.Cell.of(Scores.ratio(d, t)));
          }
          rows.add(row);
        });
    out.add(new Report.Table(header, rows));
    groups.forEach(
        (key, byRenderer) -> {
          if (byRenderer.size() < 2) {
            return; // one bar compares nothing: the table has its figure
          }
          List<Svg.Bar> bars = new ArrayList<>();
          byRenderer.forEach(
              (renderer, r) ->
                  bars.add(new Svg.Bar(renderer, r.score(), r.scoreError(), Scores.wide(r))));
          out.add(
              new Report.Bars(
                  "Time of one GetMap, " + key + " (± 99.9%)",
                  Scores.unit(byRenderer.values().iterator().next().unit()),
                  bars,
                  Scores.WIDE_LEGEND));
        });
  }

  private static void jpeg(RunRecord run, List<Report.Block> out, List<JmhResult> jpeg) {
    out.add(new Report.Heading(2, "JPEG codecs (JpegCodecBenchmark)"));
    Map<String, Map<String, JmhResult>> byOp = new TreeMap<>();
    for (JmhResult r : jpeg) {
      String op = r.name().equals(DECODE_TILE) ? "decode a 256 × 256 tile" : "encode a map";
      RecordedParams.once(
          run,
          byOp.computeIfAbsent(op, k -> new TreeMap<>()),
          RecordedParams.name(run, r, "codec"),
          r);
    }
    List<List<Report.Cell>> rows = new ArrayList<>();
    byOp.forEach(
        (op, byCodec) ->
            byCodec.forEach(
                (codec, r) ->
                    rows.add(
                        List.of(
                            Report.Cell.of(op),
                            Report.Cell.of(codec),
                            Report.Cell.of(Scores.withError(r)),
                            Report.Cell.of(
                                byCodec.containsKey("jdk") && !codec.equals("jdk")
                                    ? Scores.ratio(r, byCodec.get("jdk"))
                                    : "")))));
    out.add(new Report.Table(List.of("operation", "codec", "µs", "÷ jdk"), rows, 2));
  }
}
