package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The wire scenario's cells in {@code load-wire.json}: version 4 writes and reads them typed, with
 * the server's CPU a request; version 3 files read theirs from where that version kept them, with
 * the CPU null; a cell that is no measure is refused.
 */
class WireCellsTest {
  @TempDir Path dir;

  private static final String CELL = "10mbit/80ms/osm_mainroads/geojson/gzip/200";

  private static final Path WIRE_V1 = Samples.runs().resolve("wire-v1/load-wire.json");

  private static ScenarioResult wire(List<WireCell> cells) {
    List<ScenarioResult.PointResult> points = new ArrayList<>();
    cells.forEach(c -> points.addAll(pointsOf(c.id())));
    return scenario("wire", points, cells);
  }

  private static ScenarioResult scenario(
      String name, List<ScenarioResult.PointResult> points, List<WireCell> cells) {
    return new ScenarioResult(
        ScenarioResult.FORMAT_VERSION,
        name,
        ScenarioSettings.counted("quick", 1, 3, 12, Duration.ofSeconds(3)),
        "2026-11-26T00:00:00Z",
        Map.of(),
        Map.of("links", List.of(Map.of("link", "10mbit/80ms"))),
        new TableLayout("link", List.of("format"), "measure", Statistic.P50, true, null, List.of()),
        points,
        cells);
  }

  /**
   * The three single-client points the wire section reads of the cell {@code
   * link/rtt/layer/format/encoding/count}, as the wire scenario writes them.
   */
  private static List<ScenarioResult.PointResult> pointsOf(String cell) {
    String[] part = cell.split("/");
    List<ScenarioResult.PointResult> out = new ArrayList<>();
    for (String measure : List.of("receive", "decode", "end to end")) {
      Map<String, Object> params = new LinkedHashMap<>();
      params.put("link", part[0] + "/" + part[1]);
      params.put("rateMbit", 10.0);
      params.put("rttMs", 80);
      params.put("layer", part[2]);
      params.put("format", part[3]);
      params.put("encoding", part[4]);
      params.put("count", Integer.parseInt(part[5]));
      params.put("measure", measure);
      LoadResult run =
          new LoadResult(
              LoadResult.FORMAT_VERSION,
              "http://x/",
              LoadModel.CLOSED,
              1,
              0,
              1000,
              12,
              12.0,
              12_000.0,
              1000.0,
              Map.of(Statistic.P50, 80.0),
              Map.of(),
              Map.of(),
              part[4],
              900.0);
      out.add(
          new ScenarioResult.PointResult(
              cell + "/" + measure.replace(' ', '-'),
              params,
              12.0,
              Map.of(Statistic.P50, 80.0),
              1000.0,
              0,
              List.of(run),
              null));
    }
    return out;
  }

  @Test
  void cellsReadBackAsTheyWereWritten() throws IOException {
    List<WireCell> cells =
        List.of(
            new WireCell(
                "10mbit/80ms/osm_mainroads/geojson/gzip/200",
                12L,
                44_487L,
                47_043L,
                836L,
                81.26,
                1234.5,
                0),
            new WireCell(
                "10mbit/80ms/osm_mainroads/geojson/zstd/200",
                0L,
                43_796L,
                null,
                null,
                83.7,
                null,
                1));
    Path file = dir.resolve("load-wire.json");
    wire(cells).write(file);
    ScenarioResult read = ScenarioResult.read(file);
    assertEquals(4, read.formatVersion());
    assertEquals(cells, read.wireCells());
  }

  @Test
  void otherScenariosWriteNoCells() throws IOException {
    Path file = dir.resolve("load-wfs.json");
    ScenarioResult wfs =
        scenario("wfs", pointsOf("10mbit/80ms/osm_mainroads/geojson/gzip/200"), List.of());
    wfs.write(file);
    assertFalse(Files.readString(file).contains("wireCells"), "left out when empty");
    assertEquals(List.of(), ScenarioResult.read(file).wireCells());
  }

  @Test
  void version3ReadsItsCellsFromTheClientRecordWithoutCpu() throws IOException {
    ScenarioResult v3 = ScenarioResult.read(WIRE_V1);
    assertEquals(3, v3.formatVersion());
    assertEquals(24, v3.wireCells().size(), "3 links × 8 cells");
    WireCell first = v3.wireCells().get(0);
    assertEquals(
        new WireCell(
            "1gbit/1ms/osm_mainroads/geojson/identity/200",
            null,
            146_564L,
            153_706L,
            386L,
            21.921791,
            null,
            null),
        first);
    assertTrue(v3.wireCells().stream().allMatch(c -> c.serverCpuUsPerAnswer() == null));
    // each cell is one of the run's cells: its points carry its id
    for (WireCell c : v3.wireCells()) {
      assertTrue(v3.points().stream().anyMatch(p -> p.id().startsWith(c.id() + "/")), c::id);
    }
  }

  @Test
  void aVersion3FileWithTypedCellsIsNotWhatItsVersionSays() throws IOException {
    ObjectNode json = (ObjectNode) ResultFiles.JSON.readTree(WIRE_V1.toFile());
    json.putArray("wireCells");
    Path file = dir.resolve("load-wire.json");
    ResultFiles.JSON.writeValue(file.toFile(), json);
    UnreadableRunException e =
        assertThrows(UnreadableRunException.class, () -> ScenarioResult.read(file));
    assertTrue(e.getMessage().contains("wireCells"), e.getMessage());
  }

  @Test
  void aVersion3CellOfAnotherShapeIsRefused() throws IOException {
    for (String edit : List.of("unknown field", "negative", "not an object")) {
      ObjectNode json = (ObjectNode) ResultFiles.JSON.readTree(WIRE_V1.toFile());
      ObjectNode cells = (ObjectNode) json.get("client").get("links").get(0).get("cells");
      String id = cells.fieldNames().next();
      switch (edit) {
        case "unknown field" -> ((ObjectNode) cells.get(id)).put("serverCpuMs", 1.0);
        case "negative" -> ((ObjectNode) cells.get(id)).put("codedBytes", -5);
        default -> cells.put(id, 5);
      }
      Path file = dir.resolve("load-wire.json");
      ResultFiles.JSON.writeValue(file.toFile(), json);
      UnreadableRunException e =
          assertThrows(UnreadableRunException.class, () -> ScenarioResult.read(file), edit);
      assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    }
  }

  @Test
  void aVersion4CellThatIsNoMeasureIsRefused() throws IOException {
    for (String bad : List.of("NaN", "-1.0", "\"x\"")) {
      Path file = dir.resolve("load-wire.json");
      wire(List.of(new WireCell(CELL, 1L, 1L, 1L, 1L, 1.0, 1.0, 0))).write(file);
      ScenarioResult.read(file);
      String text = Files.readString(file);
      assertTrue(text.contains("\"serverCpuUsPerAnswer\" : 1.0"), text);
      Files.writeString(
          file,
          text.replace("\"serverCpuUsPerAnswer\" : 1.0", "\"serverCpuUsPerAnswer\" : " + bad));
      assertThrows(UnreadableRunException.class, () -> ScenarioResult.read(file), bad);
    }
  }

  /**
   * A cell with no points, in version 3 (its cells in client.links) and version 4 (wireCells): the
   * report's wire section dropped it without a word; now the file is refused, naming the cell.
   */
  @Test
  void aCellWithNoPointsIsRefusedInEveryVersion() throws IOException {
    ObjectNode v3 = (ObjectNode) ResultFiles.JSON.readTree(WIRE_V1.toFile());
    ObjectNode cells = (ObjectNode) v3.get("client").get("links").get(0).get("cells");
    String id = cells.fieldNames().next();
    cells.set("1gbit/1ms/nowhere/geojson/identity/200", cells.get(id).deepCopy());
    Path file = dir.resolve("load-wire.json");
    ResultFiles.JSON.writeValue(file.toFile(), v3);
    UnreadableRunException e =
        assertThrows(UnreadableRunException.class, () -> ScenarioResult.read(file));
    assertTrue(
        e.getMessage().contains("wire cell 1gbit/1ms/nowhere/geojson/identity/200: id names no"),
        e.getMessage());

    ScenarioResult v4 = wire(List.of(new WireCell(CELL, 1L, 1L, 1L, 1L, 1.0, 1.0, 0)));
    String other = "1gbit/1ms/osm_places/geojson/gzip/200";
    scenario(
            "wire",
            v4.points(),
            List.of(v4.wireCells().get(0), new WireCell(other, 1L, 1L, 1L, 1L, 1.0, 1.0, 0)))
        .write(file);
    e = assertThrows(UnreadableRunException.class, () -> ScenarioResult.read(file));
    assertTrue(
        e.getMessage().contains("wire cell " + other + ": id names no point"), e.getMessage());
  }
}
