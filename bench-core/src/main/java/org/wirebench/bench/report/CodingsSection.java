package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.wirebench.bench.geo.CompressionCostBenchmark;
import org.wirebench.bench.geo.GeoEncodingBenchmark;
import org.wirebench.results.AuxSize;
import org.wirebench.results.JmhResult;
import org.wirebench.results.PayloadSizes;
import org.wirebench.results.RunRecord;

/**
 * Issue 28's formats on the wire: per format × content coding (identity, gzip, br, zstd), the bytes
 * of each encoded collection the run measured, raw and coded (sizes.json, recorded by the run),
 * and, where the run has CompressionCostBenchmark, the time to encode and compress one response and
 * what the coding costs per KB it saves (the time it adds over identity ÷ the bytes it takes off, 1
 * KB = 1,000 bytes). Figures come from the run's records only; a coding the run did not record
 * (sizes from before br and zstd were recorded) says so. A run with neither the codings' sizes nor
 * CompressionCostBenchmark (every run before 2026-11-26) gets no section: its report stays as it
 * was committed, and WfsEncodingSection already has its raw and gzip bytes.
 */
public final class CodingsSection implements ReportSection {
  static final String COST = CompressionCostBenchmark.ENCODE_AND_COMPRESS.name();
  static final String BENCHMARK_SIZES = GeoEncodingBenchmark.ENCODE.name();
  private static final List<String> CODINGS = List.of("identity", "gzip", "br", "zstd");

  /**
   * What a run without the cost benchmark lacks, and the command that measures it: the suite's
   * default --include leaves CompressionCostBenchmark out (a quick suite has the bytes, not the
   * time), so its report would otherwise not say where µs per KB saved comes from.
   */
  static final String NO_COST =
      "Encode + compress and µs per KB saved (CompressionCostBenchmark): not in this run, the"
          + " suite's default --include leaves it out; `./wirebench suite --quick --include"
          + " CompressionCostBenchmark --load none` measures it.";

  /** The formats a modern one is held against, in the size table's ratio lines. */
  private static final List<String> AGAINST = List.of("geojson", "gml32");

  private static final List<String> MODERN = List.of("flatgeobuf");

  @Override
  public String name() {
    return "codings";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    List<JmhResult> costs = run.results(COST);
    if (costs.isEmpty() && (run.sizes() == null || run.sizes().codings() == null)) {
      return List.of();
    }
    List<Report.Block> out = new ArrayList<>();
    out.add(
        new Report.Heading(1, "Formats × content codings (bytes on the wire, encode + compress)"));
    if (!sizes(out, run.sizes())) {
      out.add(Report.Text.missing("Sizes per coding: not recorded by this run."));
    }
    if (!cost(run, out, costs)) {
      out.add(Report.Text.missing(NO_COST));
    }
    return out;
  }

  private static boolean sizes(List<Report.Block> out, PayloadSizes sizes) {
    if (sizes == null) {
      return false;
    }
    Map<String, Map<String, PayloadSizes.Payload>> groups = new TreeMap<>();
    for (PayloadSizes.Payload p : sizes.payloads()) {
      String codec = p.params().get("codec");
      if (!p.benchmark().equals(BENCHMARK_SIZES)
          || codec == null
          || codec.equals("floor")
          || codec.endsWith("-floor")) {
        continue; // a floor writes its codec's bytes, or no format at all
      }
      groups
          .computeIfAbsent(
              p.params().get("dataset") + " × " + p.params().get("count"),
              k -> new LinkedHashMap<>())
          .put(codec, p);
    }
    if (groups.isEmpty()) {
      return false;
    }
    out.add(
        Report.Text.plain(
            "Bytes of one collection as each coding sends it, recorded by the run ("
                + (sizes.codings() == null
                    ? "gzip level " + sizes.gzipLevel() + "; br and zstd not recorded by this run"
                    : String.join(", ", sizes.codings().values()))
                + "); ÷ raw: the coded size over the raw one."));
    groups.forEach(
        (title, payloads) -> {
          out.add(new Report.Heading(2, "Bytes per coding, " + title + " features"));
          List<List<Report.Cell>> rows = new ArrayList<>();
          for (Map.Entry<String, PayloadSizes.Payload> e : payloads.entrySet()) {
            List<Report.Cell> row = new ArrayList<>(List.of(Report.Cell.of(e.getKey())));
            long raw = e.getValue().bytes();
            for (String coding : CODINGS) {
              Long b = e.getValue().coded(coding);
              row.add(
                  b == null
                      ? new Report.Cell("not recorded", Report.Style.MISSING)
                      : Report.Cell.of(
                          coding.equals("identity")
                              ? Scores.format("%,d", b)
                              : Scores.format("%,d (%.3f)", b, (double) b / raw)));
            }
            rows.add(row);
          }
          List<String> header = new ArrayList<>(List.of("codec"));
          for (String coding : CODINGS) {
            header.add(coding.equals("identity") ? "raw bytes" : coding + " bytes (÷ raw)");
          }
          out.add(new Report.Table(header, rows));
          List<String> lines = new ArrayList<>();
          for (String modern : MODERN) {
            for (String other : AGAINST) {
              against(lines, payloads.get(modern), payloads.get(other), modern, other);
            }
          }
          if (!lines.isEmpty()) {
            out.add(new Report.Bullets(lines));
          }
        });
    return true;
  }

  /** "flatgeobuf ÷ geojson, bytes: raw 0.62, gzip 1.31, …" for the codings both have. */
  private static void against(
      List<String> lines,
      PayloadSizes.Payload a,
      PayloadSizes.Payload b,
      String nameA,
      String nameB) {
    if (a == null || b == null) {
      return;
    }
    List<String> parts = new ArrayList<>();
    for (String coding : CODINGS) {
      Long x = a.coded(coding);
      Long y = b.coded(coding);
      if (x != null && y != null) {
        parts.add(
            Scores.format("%s %.2f", coding.equals("identity") ? "raw" : coding, (double) x / y));
      }
    }
    lines.add(nameA + " ÷ " + nameB + ", bytes: " + String.join(", ", parts));
  }

  private static boolean cost(RunRecord run, List<Report.Block> out, List<JmhResult> results) {
    if (results.isEmpty()) {
      return false;
    }
    Map<String, Map<String, Map<String, JmhResult>>> groups = new TreeMap<>();
    for (JmhResult r : results) {
      Map<String, JmhResult> byEncoding =
          groups
              .computeIfAbsent(
                  RecordedParams.name(run, r, "dataset")
                      + " × "
                      + RecordedParams.name(run, r, "count"),
                  k -> new LinkedHashMap<>())
              .computeIfAbsent(RecordedParams.name(run, r, "codec"), k -> new LinkedHashMap<>());
      RecordedParams.once(run, byEncoding, RecordedParams.name(run, r, "encoding"), r);
    }
    out.add(
        Report.Text.plain(
            "Encode + compress, CompressionCostBenchmark (the codec through the server's response"
                + " buffer into the coding's encoder, as the server sends it): time per response,"
                + " µs, ± JMH's 99.9% half-width (JMH: "
                + Scores.iterations(results)
                + "); wire bytes as the benchmark counted them; added: the time over the same"
                + " format's identity row (half-widths combined in quadrature; where that range reaches below 0,"
                + " the range); µs per KB saved:"
                + " added ÷ (raw − wire bytes) × 1,000, or \"within the error\" where the added"
                + " time's half-width reaches 0. "
                + Scores.WIDE_NOTE
                + "."));
    groups.forEach(
        (title, codecs) -> {
          out.add(new Report.Heading(2, "Encode + compress, " + title + " features"));
          List<List<Report.Cell>> rows = new ArrayList<>();
          codecs.forEach(
              (codec, byCoding) -> {
                JmhResult identity = byCoding.get("identity");
                for (String coding : CODINGS) {
                  JmhResult r = byCoding.get(coding);
                  if (r != null) {
                    rows.add(row(codec, coding, r, identity));
                  }
                }
              });
          out.add(
              new Report.Table(
                  List.of(
                      "codec",
                      "coding",
                      "µs/response",
                      "raw bytes",
                      "wire bytes",
                      "added µs",
                      "µs per KB saved"),
                  rows,
                  2));
        });
    return true;
  }

  private static List<Report.Cell> row(
      String codec, String coding, JmhResult r, JmhResult identity) {
    double raw = r.perOperation(AuxSize.ENCODED_BYTES);
    double wire = r.perOperation(AuxSize.WIRE_BYTES);
    String added = "";
    String perKb = "";
    if (identity != null && r != identity) {
      double delta = r.score() - identity.score();
      double error = Math.hypot(nanToZero(r.scoreError()), nanToZero(identity.scoreError()));
      // a difference may be below 0: where its range reaches there, the range itself, not a ±
      // that would read as a time below 0
      added =
          error > Math.abs(delta)
              ? Scores.format("%.1f [%.1f, %.1f]", delta, delta - error, delta + error)
              : Scores.format("%.1f ± %.1f", delta, error);
      double savedKb = (raw - wire) / 1000;
      // an added time whose error reaches 0 has no cost per KB to give, not even its sign
      perKb =
          Double.isNaN(savedKb)
              ? ""
              : savedKb <= 0
                  ? "none saved"
                  : Math.abs(delta) <= error
                      ? "within the error"
                      : Scores.format("%.2f", delta / savedKb);
    } else if (identity == null) {
      added = "no identity row";
    }
    return List.of(
        Report.Cell.of(codec),
        Report.Cell.of(coding),
        Report.Cell.of(Scores.withError(r)),
        Report.Cell.of(Scores.perOperation(r, AuxSize.ENCODED_BYTES)),
        Report.Cell.of(Scores.perOperation(r, AuxSize.WIRE_BYTES)),
        Report.Cell.of(added),
        Report.Cell.of(perKb));
  }

  private static double nanToZero(double v) {
    return Double.isNaN(v) ? 0 : v;
  }
}
