package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.bench.report.MadeWireRuns.made;
import static org.wirebench.bench.report.MadeWireRuns.point;
import static org.wirebench.bench.report.MadeWireRuns.run;
import static org.wirebench.bench.report.MadeWireRuns.with;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wirebench.bench.report.MadeWireRuns.Made;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.Statistic;
import org.wirebench.results.WireCell;

/**
 * The wire section: per link the first answer to finish, where that changes, and the crossover rate
 * of each coding; from made-up cells whose answers are known ({@link MadeWireRuns}), then from a
 * recorded run.
 */
class WireSectionTest {
  @Test
  void eachLinkNamesItsFirstAndTheCrossoverIsBytesSavedOverCpuSpent() throws Exception {
    String md = MarkdownRenderer.render(ReportWriter.build(run(made()), "test"));
    assertTrue(md.contains("## Formats over shaped links: which answer arrives first"), md);
    assertTrue(
        md.contains(
            "| geojson × identity | 1,000,000 | 10.0 (8.0 + 2.0) first | 900.0 (898.0 + 2.0) |"),
        md);
    assertTrue(
        md.contains("| geojson × gzip | 200,000 | 12.0 (9.0 + 3.0) | 200.0 (197.0 + 3.0) first |"),
        md);
    assertTrue(
        md.contains(
            "The answer changes between 1 Gbit/s, 1 ms RTT and 10 Mbit/s, 80 ms RTT, from"
                + " geojson × identity to geojson × gzip"),
        md);
    // CPU: 12 − 10 ms + 800,000 bytes at 125,000,000 bytes/s (6.4 ms) = 8.4 ms;
    // 6,400,000 bits ÷ 8.4 ms = 761.9 Mbit/s
    assertTrue(
        md.contains(
            "geojson × gzip saves 800,000 bytes (80% of identity's 1,000,000) for 8.4 ms of CPU:"
                + " it finishes first below about 762 Mbit/s; measured ahead of identity on"
                + " 10 Mbit/s 80 ms, behind on 1.0 Gbit/s 1 ms"),
        md);
    assertTrue(!md.contains("unverified"), "every made-up point is steady");
    String html = HtmlRenderer.render(ReportWriter.build(run(made()), "test"));
    assertTrue(
        html.contains(
            "end to end p50 against the link rate (each link with its RTT), osm_mainroads"),
        "the chart");
  }

  /**
   * On the fast link identity (10.0 ms, p90 10.6) and zstd (10.4 ms) tie; on the slow link zstd is
   * first (200 against 900): identity's lead on the fast link is within one run's spread, so the
   * first moving to zstd is not called a change, and zstd is marked tied, not beaten.
   */
  @Test
  void answersWhoseMediansFallInsideTheFirstsP90TieAndTheirSwapIsNoChange() throws Exception {
    List<ScenarioResult.PointResult> points = new ArrayList<>();
    Object[][] rows = {
      // spec, label, rate, rtt, encoding, end to end p50, p90
      {"1gbit/1ms", "1 Gbit/s, 1 ms RTT", 1000.0, 1, "identity", 10.0, 10.6},
      {"1gbit/1ms", "1 Gbit/s, 1 ms RTT", 1000.0, 1, "zstd", 10.4, 11.0},
      {"10mbit/80ms", "10 Mbit/s, 80 ms RTT", 10.0, 80, "identity", 900.0, 905.0},
      {"10mbit/80ms", "10 Mbit/s, 80 ms RTT", 10.0, 80, "zstd", 200.0, 204.0},
    };
    for (Object[] r : rows) {
      Made m = new Made((String) r[1], (double) r[2], (int) r[3], "geojson", (String) r[4]);
      String spec = (String) r[0];
      double e2e = (double) r[5];
      points.add(point(m, spec, "receive", e2e - 1, true));
      points.add(point(m, spec, "decode", 1, true));
      points.add(point(m, spec, "end to end", e2e, (double) r[6], true));
    }
    ScenarioResult tie = with(made(), points, List.of());
    String md = MarkdownRenderer.render(ReportWriter.build(run(tie), "test"));
    assertTrue(md.contains("| geojson × identity | *missing* | 10.0 (9.0 + 1.0) first |"), md);
    assertTrue(md.contains("| geojson × zstd | *missing* | 10.4 (9.4 + 1.0) tied |"), md);
    assertTrue(
        md.contains(
            "1 Gbit/s, 1 ms RTT: first with its features geojson × identity, 10.0 ms end to end"
                + " (tied with geojson × zstd: their medians fall inside its 90th percentile,"
                + " 10.6 ms)"),
        md);
    assertTrue(
        md.contains(
            "No clear change of answer: the first moves between 1 Gbit/s, 1 ms RTT and"
                + " 10 Mbit/s, 80 ms RTT, from geojson × identity to geojson × zstd, but the two"
                + " tie on one of those links"),
        md);
    assertTrue(!md.contains("The answer changes"), md);
  }

  @Test
  void aCodingThatCostsNothingOnTheFastestLinkWinsAtAnyRate() {
    WireCells cells = WireCells.of(made());
    WireCells.Answer a = cells.answers().get(0);
    assertEquals(2, cells.links().size());
    assertEquals(1000.0, cells.links().get(0).rateMbit(), "fastest first");
    ScenarioResult s = made();
    // gzip as fast as identity on the fastest link: no CPU to pay for its bytes
    List<ScenarioResult.PointResult> points = new ArrayList<>(s.points());
    Made gzip = new Made("1 Gbit/s, 1 ms RTT", 1000.0, 1, "geojson", "gzip");
    points.set(5, point(gzip, "1gbit/1ms", "end to end", 3.0, true));
    ScenarioResult cheap = with(s, points, s.wireCells());
    List<String> lines = WireCrossover.lines(WireCells.of(cheap), a);
    assertEquals(1, lines.size(), lines::toString);
    assertTrue(lines.get(0).contains("costs no measurable time"), lines.get(0));
    assertTrue(lines.get(0).contains("finishes first at any rate"), lines.get(0));
  }

  /**
   * A real quick run (shared VM, not results): 3 links × geojson, flatgeobuf × identity, zstd × 200
   * and 5,000 roads, 3 answers a cell. Each link's first is the smallest end-to-end median among
   * the run's own points, and each body's bytes are the ones its client recorded.
   */
  @Test
  void aRecordedRunIsDrawnPerLinkFromItsOwnPoints() throws Exception {
    ScenarioResult wire =
        ScenarioResult.read(ThenAndNowTest.runs().resolve("wire-v1").resolve("load-wire.json"));
    String md = MarkdownRenderer.render(ReportWriter.build(run(wire), "test"));
    assertTrue(
        md.contains(
            "| format × encoding | bytes | 1 Gbit/s, 1 ms RTT | 100 Mbit/s, 20 ms RTT |"
                + " 10 Mbit/s, 80 ms RTT |"),
        md);
    assertTrue(md.contains("### osm_mainroads, 200 features an answer"), md);
    assertTrue(md.contains("### osm_mainroads, 5,000 features an answer"), md);
    assertTrue(md.contains("| geojson × identity | 146,564 |"), md);
    Map<String, Double> best = new LinkedHashMap<>();
    Map<String, String> first = new LinkedHashMap<>();
    for (ScenarioResult.PointResult p : wire.points()) {
      if (p.param("measure").equals("end to end")) {
        String key = p.param("link") + ": first with its features " + p.param("count");
        if (!best.containsKey(key) || p.latency(Statistic.P50) < best.get(key)) {
          best.put(key, p.latency(Statistic.P50));
          first.put(key, p.param("format") + " × " + p.param("encoding"));
        }
      }
    }
    assertEquals(6, first.size(), first::toString);
    for (Map.Entry<String, String> e : first.entrySet()) {
      String line =
          e.getKey().substring(0, e.getKey().lastIndexOf(' ') + 1)
              + e.getValue()
              + String.format(java.util.Locale.ROOT, ", %.1f ms end to end", best.get(e.getKey()));
      assertTrue(md.contains(line), line + "\n" + md);
    }
    for (String format : List.of("geojson", "flatgeobuf")) {
      assertTrue(md.contains("- " + format + " × zstd saves "), md);
    }
    // this run's 1 Gbit/s points never settled (the VM was shared): the crossovers say so
    assertTrue(
        md.contains("(the CPU read off points not measured at a steady rate: unverified)"), md);
  }

  /**
   * Per format × encoding the body, the bytes on the wire (one figure where the links agree, their
   * range where not) and the server's CPU a request on each link; a cell of a run that records the
   * CPU but has none (no answer came) is missing, and a thread that ended during a cell is said.
   */
  @Test
  void eachShapeShowsItsBytesOnTheWireAndTheServersCpuARequest() throws Exception {
    String md = MarkdownRenderer.render(ReportWriter.build(run(made()), "test"));
    assertTrue(
        md.contains(
            "| format × encoding | body, bytes | on the wire, bytes |"
                + " server CPU µs, 1 Gbit/s, 1 ms RTT | server CPU µs, 10 Mbit/s, 80 ms RTT |"),
        md);
    assertTrue(md.contains("| geojson × identity | 1,000,000 | 1,040,000 | 300 | 310 |"), md);
    assertTrue(md.contains("| geojson × gzip | 200,000 | 208,000–208,500 | 2,500 | 2,612 |"), md);
    String wire = md.substring(md.indexOf("## Formats over shaped links"));
    assertTrue(!wire.contains("not recorded"), wire);
    assertTrue(!wire.contains("a server thread ended"), wire);

    ScenarioResult s = made();
    List<WireCell> cells = new ArrayList<>(s.wireCells());
    WireCell c = cells.get(3);
    cells.set(
        3,
        new WireCell(
            c.id(),
            0L,
            c.codedBytes(),
            null,
            null,
            c.firstByteMsP50(),
            null,
            c.serverThreadsEnded()));
    c = cells.get(0);
    cells.set(
        0,
        new WireCell(
            c.id(),
            c.answers(),
            c.codedBytes(),
            c.linkBytesDownPerAnswer(),
            c.linkBytesUpPerAnswer(),
            c.firstByteMsP50(),
            c.serverCpuUsPerAnswer(),
            2));
    md = MarkdownRenderer.render(ReportWriter.build(run(with(s, s.points(), cells)), "test"));
    assertTrue(md.contains("| geojson × gzip | 200,000 | 208,000 | 2,500 | *missing* |"), md);
    assertTrue(
        md.contains(
            "Cells in which a server thread ended during the timed answers: 1 (the time it ran"
                + " then is not counted"),
        md);
  }

  /**
   * A run from before the server's CPU was recorded: its bytes on the wire, the CPU "not recorded".
   */
  @Test
  void aRunFromBeforeTheCpuSaysItWasNotRecorded() throws Exception {
    ScenarioResult wire =
        ScenarioResult.read(ThenAndNowTest.runs().resolve("wire-v1").resolve("load-wire.json"));
    String md = MarkdownRenderer.render(ReportWriter.build(run(wire), "test"));
    assertTrue(md.contains("This run did not record the server's CPU"), md);
    assertTrue(
        md.contains("| format × encoding | body, bytes | on the wire, bytes | server CPU µs |\n"),
        md);
    assertTrue(
        md.contains("| geojson × identity | 146,564 | 153,552–153,706 | *not recorded* |\n"), md);
  }

  @Test
  void aRunWithoutTheWireScenarioHasNoWireSection() throws Exception {
    RunRecord base = RunRecord.read(ThenAndNowTest.runs().resolve("env-v2-quick-jdk17"));
    assertTrue(new WireSection().build(base).isEmpty());
    String md = MarkdownRenderer.render(ReportWriter.build(base, "test"));
    assertTrue(!md.contains("shaped links"), md);
  }
}
