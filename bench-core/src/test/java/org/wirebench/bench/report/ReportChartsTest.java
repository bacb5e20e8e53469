package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Element;
import org.wirebench.results.ErrorKind;
import org.wirebench.results.JmhResult;
import org.wirebench.results.LoadModel;
import org.wirebench.results.LoadResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.Statistic;
import org.wirebench.results.TableLayout;

/**
 * The charts of report.html as issue 26 asked for them, read back from the SVG the renderer writes
 * ({@link SvgCharts}): round ticks, axes that end near the data, a value axis and clear value
 * labels on bar charts, µs/op, one colour per name, hollow marks with a legend entry for what must
 * not be read as the others, no whisker below 0. scripts/check-report.sh does the same checks on
 * the page as headless Chromium lays it out.
 */
class ReportChartsTest {
  static java.util.stream.Stream<Path> committedRuns() throws Exception {
    return ReferenceReportTest.committedRuns();
  }

  @ParameterizedTest
  @MethodSource("committedRuns")
  void everyChartOfEveryCommittedRunReadsRight(Path run) throws Exception {
    String html = HtmlRenderer.render(ReportWriter.build(RunRecord.read(run), "test"));
    assertEquals(List.of(), SvgCharts.problems(html));
  }

  @Test
  void ticksAreRoundAndAxesEndNearTheData() {
    Axis users = Axis.linear(4, 32, false); // was 4.00 / 11.4 / 18.7 / 26.0
    assertEquals(List.of(5.0, 10.0, 15.0, 20.0, 25.0, 30.0), users.ticks());
    assertTrue(users.lo() >= 2 && users.hi() <= 34, users::toString);
    Axis rate = Axis.log(30, 2033); // was 30.0 / 122 / 499 / 2,033
    assertEquals(List.of(50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0), rate.ticks());
    assertTrue(rate.hi() < 2033 * 1.2 && rate.lo() > 30 / 1.2, rate::toString);
    Axis sizes = Axis.log(1, 5000); // 13 labels would crowd it: decades, 2 and 5 as minor ticks
    assertEquals(List.of(1.0, 10.0, 100.0, 1000.0), sizes.ticks());
    assertTrue(sizes.minor().containsAll(List.of(2.0, 5.0, 2000.0)), sizes::toString);
    Axis bars = Axis.linear(0, 1765, true);
    assertEquals(0.0, bars.lo());
    assertEquals(List.of(0.0, 500.0, 1000.0, 1500.0), bars.ticks());
    assertEquals("1,500", bars.label(1500));
    Axis small = Axis.linear(0, 0.9, true);
    assertEquals("0.2", small.label(0.2));
    assertEquals("0.0", small.label(0));
    for (double[] r : new double[][] {{0.3, 0.7}, {97, 103}, {1, 1}, {12, 13}, {0.001, 0.002}}) {
      List<String> p = new ArrayList<>();
      SvgCharts.roundTicks(Axis.linear(r[0], r[1], false).ticks(), "x", p);
      SvgCharts.roundTicks(Axis.log(r[0], r[1]).ticks(), "x", p);
      assertEquals(List.of(), p, () -> java.util.Arrays.toString(r));
    }
  }

  @Test
  void aNameKeepsItsColourAndNoChartRepeatsOne() {
    Map<String, String> wfs =
        Palette.assign(List.of("gml2", "gml31", "gml32", "geojson", "floor", "gml2-floor"));
    Map<String, String> load = Palette.assign(List.of("geojson", "gml32", "gml2"));
    for (String n : load.keySet()) {
      assertEquals(wfs.get(n), load.get(n), n);
    }
    assertEquals(wfs.size(), new HashSet<>(wfs.values()).size(), wfs::toString);
    assertEquals(Palette.tint(wfs.get("gml2")), wfs.get("gml2-floor"));
    // names the palette does not know: the same colour in every chart, never one already used
    Map<String, String> mine = Palette.assign(List.of("gml2", "csv", "csv-floor", "flatgeobuf"));
    assertEquals(mine.get("csv"), Palette.assign(List.of("csv")).get("csv"));
    assertEquals(4, new HashSet<>(mine.values()).size(), mine::toString);
    List<String> many = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      many.add("codec" + i);
    }
    assertEquals(40, new HashSet<>(Palette.assign(many).values()).size());
  }

  @Test
  void aWideScoreIsAHollowBarAndItsWhiskerStopsAtZero() throws Exception {
    List<JmhResult> results = new ArrayList<>();
    results.add(encode("gml2", 258, 55, 250, 262, 255, 265));
    results.add(encode("gml32", 290, 547, 100, 100, 100, 860)); // ± 547: below 0
    RunRecord run = run(results, Map.of());
    String html = HtmlRenderer.render(ReportWriter.build(run, "test"));
    assertEquals(List.of(), SvgCharts.problems(html));
    Element chart = chart(html, "Encoder time per collection");
    Element gml32 = SvgCharts.first(chart, "rect", "bar flagged");
    assertEquals("gml32", gml32.getAttribute("data-name"));
    assertEquals("#fff", gml32.getAttribute("fill"));
    assertEquals("#e15759", gml32.getAttribute("stroke")); // GML 3.2's red, as in every chart
    assertTrue(SvgCharts.first(chart, "*", "legend flagged") != null);
    Element clipped = SvgCharts.first(chart, "line", "whisker clipped");
    Element axis = SvgCharts.first(chart, "line", "axis");
    assertEquals(
        Double.parseDouble(axis.getAttribute("x1")),
        Double.parseDouble(clipped.getAttribute("x1")));
    assertFalse(SvgCharts.ticks(chart, "tick-x").isEmpty(), "a bar chart has a value axis");
    assertTrue(html.contains("µs/op") && !html.contains("us/op"));
    String md = MarkdownRenderer.render(ReportWriter.build(run, "test"));
    assertTrue(md.contains("| 290.0 [0, 837.0] (wide; clipped at 0) |"), md);
    assertFalse(negative(md), md);
  }

  @Test
  void aNotSteadyPointIsHollowInItsChartAndSaidSoInItsTable() throws Exception {
    ScenarioResult wfs =
        new ScenarioResult(
            ScenarioResult.FORMAT_VERSION,
            "wfs",
            ScenarioSettings.timed("quick", 1, Duration.ZERO, Duration.ofSeconds(3), Duration.ZERO),
            "2026-11-23T00:00:00Z",
            Map.of(),
            Map.of(),
            new TableLayout(
                "layer",
                List.of("format"),
                "users",
                Statistic.MEAN,
                false,
                new TableLayout.Chart("layer", "users", "format", "concurrent users", false),
                List.of()),
            List.of(
                point("geojson", 4, 1000, true),
                point("geojson", 32, 2000, false),
                point("gml2", 4, 900, true),
                point("gml2", 32, 1800, true)));
    RunRecord run = run(List.of(), Map.of("wfs", wfs));
    String html = HtmlRenderer.render(ReportWriter.build(run, "test"));
    assertEquals(List.of(), SvgCharts.problems(html));
    Element chart = chart(html, "req/s against concurrent users");
    List<Element> hollow = new ArrayList<>();
    for (Element c : SvgCharts.elements(chart, "circle")) {
      if (c.getAttribute("class").equals("mark flagged")) {
        hollow.add(c);
      }
    }
    assertEquals(1, hollow.size());
    assertEquals("geojson", hollow.get(0).getAttribute("data-name"));
    assertTrue(hollow.get(0).getTextContent().contains("not steady"));
    assertNotEquals(null, SvgCharts.first(chart, "circle", "legend flagged"));
    assertEquals(List.of(5.0, 10.0, 15.0, 20.0, 25.0, 30.0), SvgCharts.ticks(chart, "tick-x"));
    String md = MarkdownRenderer.render(ReportWriter.build(run, "test"));
    assertTrue(md.contains("| geojson | 1000 (2.0) | 2000 (2.0) not steady |"), md);
  }

  private static boolean negative(String md) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("\\b(\\d+\\.\\d+) ± (\\d+\\.\\d+)").matcher(md);
    while (m.find()) {
      if (Double.parseDouble(m.group(2)) > Double.parseDouble(m.group(1))) {
        return true;
      }
    }
    return false;
  }

  static Element chart(String html, String titleStart) throws Exception {
    return SvgCharts.charts(html).stream()
        .filter(c -> c.title().startsWith(titleStart))
        .findFirst()
        .orElseThrow()
        .svg();
  }

  static JmhResult encode(String codec, double score, double error, double... raw) {
    Map<String, String> params = new TreeMap<>();
    params.put("codec", codec);
    params.put("count", "200");
    params.put("dataset", "osm_mainroads");
    return new JmhResult(
        "GeoEncodingBenchmark.encode",
        params,
        "avgt",
        "us/op",
        score,
        error,
        raw,
        1,
        Map.of("bytesPerCollection", 1000.0 * raw.length));
  }

  static RunRecord run(List<JmhResult> results, Map<String, ScenarioResult> load) throws Exception {
    RunRecord base = RunRecord.read(ThenAndNowTest.runs().resolve("env-v2-quick-jdk17"));
    return new RunRecord(Path.of("x"), base.env(), results, load, null, null, null, null);
  }

  static ScenarioResult.PointResult point(String format, int users, double rate, boolean steady) {
    LoadResult r =
        new LoadResult(
            LoadResult.FORMAT_VERSION,
            "http://x/",
            LoadModel.CLOSED,
            users,
            0,
            1000,
            (long) rate,
            rate,
            rate * 1000,
            1000,
            Map.of(Statistic.MEAN, 2.0, Statistic.P99, 9.0),
            Map.of(ErrorKind.TIMEOUT, 0L),
            Map.of(ErrorKind.TIMEOUT, 0L));
    return new ScenarioResult.PointResult(
        "osm_mainroads/" + format + "/" + users,
        Map.of("layer", "osm_mainroads", "format", format, "users", users, "count", 200),
        rate,
        r.latencyMs(),
        1000,
        0,
        List.of(r),
        new ScenarioResult.Warmup(500, List.of(rate, rate * (steady ? 1 : 2), rate), steady));
  }
}
