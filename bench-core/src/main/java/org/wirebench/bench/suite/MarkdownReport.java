package org.wirebench.bench.suite;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.wirebench.bench.report.RunRecord;
import org.wirebench.bench.report.RunRecord.Benchmark;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.codec.GeoCodecs;

/**
 * {@code report.md} for a suite run. WFS encoding: times with JMH's 99.9% error, bytes raw and
 * gzipped, allocation, and the ratios the targets are stated in; SOAP databinding in {@link
 * SoapSection}. A ratio's error combines both scores' relative errors in quadrature.
 */
final class MarkdownReport {
  /** The GeoServer study's response sizes for 200 features, KiB: GML 3.2, GML 2, GeoJSON. */
  private static final Map<String, int[]> STUDY_KIB =
      Map.of("osm_mainroads", new int[] {230, 150, 150}, "osm_places", new int[] {100, 70, 40});

  private final JsonNode env;

  /** dataset/count, then codec, then the run. */
  private final Map<String, Map<String, Benchmark>> byGroup = new TreeMap<>();

  private final SoapSection soap;
  private final LoadSection load;

  MarkdownReport(RunRecord run) {
    this.env = run.env();
    this.load = new LoadSection(run.load());
    this.soap = new SoapSection(run.benchmarks());
    for (Benchmark r : run.benchmarks()) {
      String dataset = r.params().get("dataset");
      String codec = r.params().get("codec");
      String count = r.params().get("count");
      if (dataset == null || codec == null || count == null) {
        continue; // not a GeoEncodingBenchmark result
      }
      byGroup.computeIfAbsent(dataset + " × " + count, k -> new LinkedHashMap<>()).put(codec, r);
    }
  }

  String render() {
    StringBuilder md = new StringBuilder();
    md.append("# wirebench (").append(env.path("suite").asText()).append(" suite)\n\n");
    md.append("- started: ").append(env.path("startedUtc").asText()).append('\n');
    md.append("- JDK: ")
        .append(env.path("jdk").asText())
        .append(" (")
        .append(env.path("vm").asText())
        .append("), forks on: ")
        .append(env.path("forkedJvm").asText())
        .append('\n');
    md.append("- CPU: ")
        .append(env.path("cpuModel").asText())
        .append(", ")
        .append(env.path("cores").asInt())
        .append(" cores; ")
        .append(env.path("os").asText())
        .append('\n');
    md.append("- commit: ")
        .append(env.path("commit").asText())
        .append(env.path("workingTreeDirty").asBoolean() ? " (dirty)" : "")
        .append("\n\n");
    if (!byGroup.isEmpty()) {
      md.append("\n# WFS encoding (GeoEncodingBenchmark)\n\n");
      md.append("Time per collection, µs, ± JMH's 99.9% confidence half-width. Ratios: ")
          .append("GML 3.2 / GML 2 (target ≤ 1.2), JTS peer / ours (target ≥ 2), ")
          .append("ours / floor (target ≤ 1.5).\n");
    }
    for (Map.Entry<String, Map<String, Benchmark>> group : byGroup.entrySet()) {
      renderGroup(md, group.getKey(), group.getValue());
    }
    md.append(soap.render());
    md.append(load.render());
    return md.toString();
  }

  private void renderGroup(StringBuilder md, String title, Map<String, Benchmark> runs) {
    String dataset = title.substring(0, title.indexOf(' '));
    int count = Integer.parseInt(title.substring(title.lastIndexOf(' ') + 1));
    md.append("\n## ").append(title).append(" features\n\n");
    md.append("| codec | µs/collection | bytes | gzip bytes | alloc B/op | × floor |\n");
    md.append("|---|---:|---:|---:|---:|---:|\n");
    Benchmark floor = runs.get("floor");
    for (Map.Entry<String, Benchmark> e : runs.entrySet()) {
      md.append("| ")
          .append(e.getKey())
          .append(" | ")
          .append(Scores.withError(e.getValue()))
          .append(" | ")
          .append(Scores.perIteration(e.getValue(), "bytesPerCollection"))
          .append(" | ")
          .append(gzipBytes(dataset, e.getKey(), count))
          .append(" | ")
          .append(Scores.secondary(e.getValue(), "gc.alloc.rate.norm", "%.0f"))
          .append(" | ")
          .append(floor == null ? "" : Scores.ratio(e.getValue(), floor))
          .append(" |\n");
    }
    md.append('\n');
    line(md, runs, "GML 3.2 / GML 2", "gml32", "gml2");
    line(md, runs, "jts-gml2 / gml2 (speed-up)", "jts-gml2", "gml2");
    line(md, runs, "jts-geojson / geojson (speed-up)", "jts-geojson", "geojson");
    int[] study = STUDY_KIB.get(dataset);
    if (study != null && count == 200) {
      md.append("- study sizes for 200 features: GML 3.2 ")
          .append(study[0])
          .append(" KiB, GML 2 ")
          .append(study[1])
          .append(" KiB, GeoJSON ")
          .append(study[2])
          .append(" KiB\n");
    }
  }

  private static void line(
      StringBuilder md, Map<String, Benchmark> runs, String label, String a, String b) {
    if (runs.containsKey(a) && runs.containsKey(b)) {
      md.append("- ")
          .append(label)
          .append(": ")
          .append(Scores.ratio(runs.get(a), runs.get(b)))
          .append('\n');
    }
  }

  /** Gzip isn't timed; the size is what the same encoder's output compresses to (level 6). */
  private static String gzipBytes(String dataset, String codec, int count) {
    try {
      Dataset d = Datasets.get(dataset);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
        GeoCodecs.get(codec)
            .encode(FeatureCollection.of(d.featureType(), d.take(count), Instant.EPOCH), gz);
      }
      return Integer.toString(out.size());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
