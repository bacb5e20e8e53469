package org.wirebench.server.load.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.server.load.scenario.Scenario;
import org.wirebench.server.load.scenario.ScenarioOptions;
import picocli.CommandLine;

/** The wire scenario's plan in quick and full mode, its options, and what it refuses. */
class WirePlanTest {
  @Test
  void eachCellPrintsItsProgressWithAnEta() {
    // 3 of 12 cells done in 90 s: 30 s a cell, 9 left
    assertEquals(
        "wire: cell 3 of 12 (1gbit/1ms geojson gzip 200) done in 28s; elapsed 90s, ETA 270s",
        WireClient.progress(3, 12, "1gbit/1ms geojson gzip 200", 28_400, 90_000));
  }

  private static ScenarioOptions options(String... args) {
    ScenarioOptions o = new ScenarioOptions();
    new CommandLine(o).parseArgs(args);
    return o;
  }

  private static List<Scenario.Point> points(String... args) {
    return new WireScenario().points(options(args));
  }

  private static String refusal(String... args) {
    return assertThrows(IllegalArgumentException.class, () -> points(args)).getMessage();
  }

  @Test
  void quickIsTwoLinksTwoFormatsTwoCodingsOneAnswerSize() {
    List<WirePlan.Cell> cells = WireScenario.cells(options("--quick"));
    assertEquals(8, cells.size());
    assertEquals(
        List.of(
            "1gbit/1ms/osm_mainroads/gml32/identity/200",
            "1gbit/1ms/osm_mainroads/gml32/gzip/200",
            "1gbit/1ms/osm_mainroads/geojson/identity/200",
            "1gbit/1ms/osm_mainroads/geojson/gzip/200",
            "10mbit/80ms/osm_mainroads/gml32/identity/200",
            "10mbit/80ms/osm_mainroads/gml32/gzip/200",
            "10mbit/80ms/osm_mainroads/geojson/identity/200",
            "10mbit/80ms/osm_mainroads/geojson/gzip/200"),
        cells.stream().map(WirePlan.Cell::id).toList());
    List<Scenario.Point> points = points("--quick");
    assertEquals(32, points.size());
    assertEquals(
        List.of("receive", "decode", "end to end", "4 users"),
        points.subList(0, 4).stream().map(p -> p.params().get("measure")).toList());
    Scenario.Point slow = points.get(16);
    assertEquals("10mbit/80ms/osm_mainroads/gml32/identity/200/receive", slow.id());
    assertEquals(10.0, slow.params().get("rateMbit"));
    assertEquals(80, slow.params().get("rttMs"));
    assertEquals("10 Mbit/s, 80 ms RTT", slow.params().get("link"));
    assertEquals(4, points.get(31).params().get("users"));
  }

  @Test
  void fullIsTheWholeMatrix() {
    List<String> formats =
        GeoCodecs.registry().names().stream()
            .filter(n -> GeoCodecs.get(n).carriesAttributes())
            .toList();
    assertTrue(
        formats.containsAll(List.of("gml32", "gml31", "gml2", "geojson")), formats::toString);
    assertTrue(!formats.contains("floor"), "the floor writes no attributes: no client reads it");
    List<WirePlan.Cell> cells = WireScenario.cells(options());
    // 3 links × 2 layers × formats × identity, gzip, br and zstd × 200 and 5000 features
    assertEquals(3 * 2 * formats.size() * 4 * 2, cells.size());
    assertEquals(
        List.of("identity", "gzip", "br", "zstd"),
        cells.stream().map(c -> c.encoding().token).distinct().toList());
    assertEquals(
        List.of(Link.parse("1gbit/1ms"), Link.parse("100mbit/20ms"), Link.parse("10mbit/80ms")),
        cells.stream().map(WirePlan.Cell::link).distinct().toList());
    assertEquals(cells.size() * 4, points().size());
    assertTrue(points().stream().allMatch(p -> p.id().split("/").length == 7));
  }

  @Test
  void optionsChooseTheMatrix() {
    List<Scenario.Point> points =
        points(
            "--quick",
            "--wire-links",
            "100mbit/20ms",
            "--wire-layers",
            "osm_places",
            "--wire-formats",
            "gml2,jts-geojson",
            "--wire-encodings",
            "identity,br",
            "--wire-counts",
            "5000",
            "--wire-users",
            "2,16");
    assertEquals(4 * (3 + 2), points.size());
    Map<String, Object> p = points.get(5).params(); // the second cell's receive
    assertEquals("gml2", p.get("format"));
    assertEquals("br", p.get("encoding"));
    assertEquals(5000, p.get("count"));
    assertEquals("osm_places", p.get("layer"));
    assertEquals("16 users", points.get(4).params().get("measure"));
    assertEquals(100.0, p.get("rateMbit"));
    assertEquals(20, p.get("rttMs"));
  }

  @Test
  void linksParseAndPrintBack() {
    assertEquals(new Link(2_500, 0), Link.parse("2500kbit/0ms"));
    assertEquals("2500kbit/0ms", Link.parse("2500KBIT/0ms").spec());
    assertEquals(
        List.of("tbf", "rate", "10000kbit", "burst", "16384", "latency", "50ms"),
        Link.parse("10mbit/80ms").tbf());
    assertEquals("125000", Link.parse("1gbit/1ms").tbf().get(4), "a millisecond of the rate");
    assertEquals(40_000_000L, Link.parse("10mbit/80ms").oneWayNs());
  }

  @Test
  void badValuesAreRefusedNamingTheOptionAndTheValue() {
    assertTrue(refusal("--wire-links", "fast").contains("'fast' is not RATE/RTT"));
    assertTrue(refusal("--wire-links", "100mbit").contains("not RATE/RTT"));
    assertTrue(refusal("--wire-links", "500kbit/20ms").contains("1mbit..10gbit"));
    assertTrue(refusal("--wire-links", "20gbit/1ms").contains("1mbit..10gbit"));
    assertTrue(refusal("--wire-links", "10mbit/2000ms").contains("0..1000 ms"));
    assertTrue(refusal("--wire-links", "10gbit/80ms").contains("in flight"));
    assertTrue(refusal("--wire-links", "10mbit/80ms,10mbit/80ms").contains("twice"));
    assertTrue(refusal("--wire-formats", "gml33").contains("gml32"), "lists the valid ones");
    assertTrue(refusal("--wire-layers", "roads").contains("osm_mainroads"));
    String deflate = refusal("--wire-encodings", "identity,deflate");
    assertTrue(
        deflate.contains("deflate is a content coding the fixture server does not send"), deflate);
    assertTrue(deflate.contains("valid: identity, gzip, br, zstd"), deflate);
    assertTrue(refusal("--wire-encodings", "rot13").contains("unknown content coding 'rot13'"));
    int page = org.wirebench.server.wfs.WfsHandler.LARGE_PAGE;
    assertTrue(refusal("--wire-counts", "0").contains("1.." + page + " (the fixture server"));
    // a larger page is a heavy query to the server (503 beyond its places): before, 1..100000
    String large = refusal("--wire-counts", "200," + (page + 1));
    assertTrue(large.contains("1.." + page) && large.contains("was " + (page + 1)), large);
    assertTrue(refusal("--wire-users", "1").contains("2..256"));
    assertTrue(
        refusal("--server", "http://127.0.0.1:8080/").contains("starts its own server"),
        "a server elsewhere cannot be put behind the link");
    assertTrue(refusal("--jmeter-plan", "plans").contains("JMeter"));
  }

  @Test
  void thePlanIsPrintedOneLineALink() {
    List<String> plan =
        WireRun.plan(
            WireScenario.cells(options("--quick")),
            WireScenario.users(options("--quick")),
            new WireScenario().settings(true));
    assertEquals(3, plan.size(), plan::toString);
    assertTrue(
        plan.get(0)
            .startsWith(
                "wire plan (quick): 8 cells × (receive, decode, end to end,"
                    + " 4 users) = 32 points"),
        plan.get(0));
    assertEquals(
        "  10mbit/80ms: osm_mainroads/gml32/identity/200, osm_mainroads/gml32/gzip/200,"
            + " osm_mainroads/geojson/identity/200, osm_mainroads/geojson/gzip/200",
        plan.get(2));
  }
}
