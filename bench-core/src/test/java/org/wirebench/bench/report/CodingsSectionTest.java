package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wirebench.results.AuxSize;
import org.wirebench.results.JmhResult;
import org.wirebench.results.PayloadSizes;
import org.wirebench.results.RunRecord;

/**
 * The formats × codings section from a small recorded run (src/test/runs/codings-v1: GeoEncoding
 * and CompressionCost on osm_places and osm_mainroads, its sizes.json version 2 with br and zstd),
 * and from a run whose sizes.json is version 1 (no br, no zstd: said so, never a 0).
 */
class CodingsSectionTest {
  private static final Path RUN = ThenAndNowTest.runs().resolve("codings-v1");

  @Test
  void rendersBytesPerCodingAndTheCostPerKbSaved() throws Exception {
    RunRecord run = RunRecord.read(RUN);
    String report = MarkdownRenderer.render(ReportWriter.build(run, "codings"));
    assertTrue(report.contains("# Formats × content codings"), report);
    String md = MarkdownRenderer.render(new Report("codings", new CodingsSection().build(run)));
    PayloadSizes.Payload fgb =
        run.sizes()
            .find(
                CodingsSection.BENCHMARK_SIZES,
                Map.of("dataset", "osm_places", "codec", "flatgeobuf", "count", "200"));
    assertNotNull(fgb.brBytes());
    assertNotNull(fgb.zstdBytes());
    // the size table: every coding's bytes, from the recorded sizes, with its share of the raw
    assertTrue(
        md.contains(
            Scores.format(
                "| flatgeobuf | %,d | %,d (%.3f) | %,d (%.3f) | %,d (%.3f) |",
                fgb.bytes(),
                fgb.gzipBytes(),
                (double) fgb.gzipBytes() / fgb.bytes(),
                fgb.brBytes(),
                (double) fgb.brBytes() / fgb.bytes(),
                fgb.zstdBytes(),
                (double) fgb.zstdBytes() / fgb.bytes())),
        md);
    assertFalse(md.contains("| flatgeobuf-floor |"), "a floor writes its codec's bytes: no row");
    // flatgeobuf against GeoJSON and GML 3.2, each coding
    PayloadSizes.Payload json =
        run.sizes()
            .find(
                CodingsSection.BENCHMARK_SIZES,
                Map.of("dataset", "osm_places", "codec", "geojson", "count", "200"));
    assertTrue(
        md.contains(
            Scores.format(
                "flatgeobuf ÷ geojson, bytes: raw %.2f, gzip %.2f, br %.2f, zstd %.2f",
                (double) fgb.bytes() / json.bytes(),
                (double) fgb.gzipBytes() / json.gzipBytes(),
                (double) fgb.brBytes() / json.brBytes(),
                (double) fgb.zstdBytes() / json.zstdBytes())),
        md);
    assertTrue(md.contains("- flatgeobuf ÷ gml32, bytes: raw "), md);
    assertTrue(md.contains("## Bytes per coding, osm_mainroads × 200 features"), md);
    // the cost table: time added over identity per KB the coding took off
    JmhResult identity = cost(run, "flatgeobuf", "identity");
    JmhResult br = cost(run, "flatgeobuf", "br");
    double savedKb =
        (br.perOperation(AuxSize.ENCODED_BYTES) - br.perOperation(AuxSize.WIRE_BYTES)) / 1000;
    assertTrue(savedKb > 0, "brotli shrinks FlatGeobuf");
    double added = br.score() - identity.score();
    // this in-process run's times are wide: a cost per KB only where the added time clears 0
    String perKb =
        Math.abs(added) <= Math.hypot(br.scoreError(), identity.scoreError())
            ? "within the error"
            : Scores.format("%.2f", added / savedKb);
    String row =
        "| flatgeobuf | br | "
            + Scores.withError(br)
            + " | "
            + Scores.perOperation(br, AuxSize.ENCODED_BYTES)
            + " | "
            + Scores.perOperation(br, AuxSize.WIRE_BYTES)
            + " | ";
    int at = md.indexOf(row);
    assertTrue(at >= 0, row + "\n" + md);
    String rest = md.substring(at + row.length(), md.indexOf('\n', at));
    assertTrue(rest.endsWith(" | " + perKb + " |"), rest + " per KB " + perKb);
    // the identity row has nothing added and nothing saved
    assertTrue(
        md.contains(
            "| flatgeobuf | identity | "
                + Scores.withError(identity)
                + " | "
                + Scores.perOperation(identity, AuxSize.ENCODED_BYTES)
                + " | "
                + Scores.perOperation(identity, AuxSize.WIRE_BYTES)
                + " |  |  |"),
        md);
  }

  @Test
  void aRunFromBeforeBrAndZstdWereRecordedSaysSo() throws Exception {
    RunRecord recorded = RunRecord.read(RUN);
    PayloadSizes v2 = recorded.sizes();
    PayloadSizes v1 =
        new PayloadSizes(
            1,
            6,
            v2.payloads().stream()
                .map(
                    p ->
                        new PayloadSizes.Payload(
                            p.benchmark(), p.params(), p.bytes(), p.gzipBytes()))
                .toList());
    RunRecord run =
        new RunRecord(
            recorded.folder(),
            recorded.env(),
            recorded.results(CodingsSection.COST),
            recorded.load(),
            v1,
            null,
            null,
            null);
    String md = MarkdownRenderer.render(new Report("old", new CodingsSection().build(run)));
    assertTrue(md.contains("br and zstd not recorded by this run"), md);
    assertTrue(md.contains("| *not recorded* | *not recorded* |"), md);
    assertTrue(md.contains("flatgeobuf ÷ geojson, bytes: raw "), md);
    assertFalse(md.contains("br 0"), md);
    assertTrue(md.contains("## Encode + compress, osm_places × 200 features"), md);
    // without the cost benchmark and without br and zstd: a run from before, no section at all
    RunRecord older =
        new RunRecord(
            recorded.folder(), recorded.env(), List.of(), recorded.load(), v1, null, null, null);
    assertEquals(List.of(), new CodingsSection().build(older));
  }

  @Test
  void aRunWithNeitherHasNoSectionAndOneWithoutTheCostSaysSo() throws Exception {
    RunRecord recorded = RunRecord.read(RUN);
    RunRecord run =
        new RunRecord(
            recorded.folder(), recorded.env(), List.of(), recorded.load(), null, null, null, null);
    assertEquals(List.of(), new CodingsSection().build(run));
    RunRecord sizesOnly =
        new RunRecord(
            recorded.folder(),
            recorded.env(),
            List.of(),
            recorded.load(),
            recorded.sizes(),
            null,
            null,
            null);
    String md = MarkdownRenderer.render(new Report("sizes", new CodingsSection().build(sizesOnly)));
    assertTrue(md.contains("## Bytes per coding, osm_places × 200 features"), md);
    // one line, in the section, naming what is missing and the command that adds it
    assertTrue(md.contains("\n*" + CodingsSection.NO_COST + "*\n"), md);
    assertTrue(
        CodingsSection.NO_COST.contains(
            "`./wirebench suite --quick --include CompressionCostBenchmark --load none`"),
        CodingsSection.NO_COST);
    assertTrue(CodingsSection.NO_COST.contains("µs per KB saved"), CodingsSection.NO_COST);
  }

  @Test
  void theLatestCommittedQuickRunHasTheBytesAndSaysTheCostIsMissing() throws Exception {
    Path quick =
        ReferenceReportTest.committedRuns()
            .filter(p -> p.getFileName().toString().contains("-quick-"))
            .reduce((a, b) -> b)
            .orElseThrow();
    RunRecord run = RunRecord.read(quick);
    assertNotNull(run.sizes().codings(), quick + ": sizes.json version 2, every coding");
    assertEquals(List.of(), run.results(CodingsSection.COST), "the quick suite leaves it out");
    String md = MarkdownRenderer.render(ReportWriter.build(run, "quick"));
    assertTrue(md.contains("## Bytes per coding, osm_places × 200 features"), md);
    assertTrue(md.contains("- flatgeobuf ÷ geojson, bytes: raw "), md);
    assertTrue(md.contains("\n*" + CodingsSection.NO_COST + "*\n"), md);
  }

  @Test
  void aCostThatClearsItsErrorIsGivenPerKbSaved() throws Exception {
    RunRecord recorded = RunRecord.read(RUN);
    // 10 responses of 20,000 bytes coded to 5,000: 15 KB saved each, 30 µs added (± 1.4)
    List<JmhResult> results = List.of(timed("identity", 100, 20_000), timed("zstd", 130, 5_000));
    RunRecord run =
        new RunRecord(
            recorded.folder(), recorded.env(), results, recorded.load(), null, null, null, null);
    String md = MarkdownRenderer.render(new Report("c", new CodingsSection().build(run)));
    assertTrue(
        md.contains("| flatgeobuf | zstd | 130.0 ± 1.0 | 20000 | 5000 | 30.0 ± 1.4 | 2.00 |"), md);
    assertTrue(md.contains("Sizes per coding: not recorded by this run."), md);
  }

  private static JmhResult timed(String coding, double us, long wireBytes) {
    return new JmhResult(
        CodingsSection.COST,
        Map.of("dataset", "osm_places", "codec", "flatgeobuf", "encoding", coding, "count", "200"),
        "avgt",
        "us/op",
        us,
        1.0,
        new double[] {us - 0.1, us, us + 0.1},
        1,
        Map.of(
            AuxSize.OPERATIONS,
            10.0,
            AuxSize.ENCODED_BYTES.total(),
            200_000.0,
            AuxSize.WIRE_BYTES.total(),
            10.0 * wireBytes));
  }

  private static JmhResult cost(RunRecord run, String codec, String coding) {
    return run.results(CodingsSection.COST).stream()
        .filter(r -> r.param("codec").equals(codec) && r.param("encoding").equals(coding))
        .findFirst()
        .orElseThrow();
  }
}
