package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioResult.PointResult;
import org.wirebench.results.Statistic;

/**
 * The wire scenario's single-client measures read back cell by cell (link × layer × format ×
 * encoding × answer size): the medians of receive, decode and end to end, and the body's bytes as
 * they came, which {@code load-wire.json} keeps per cell in its client record ({@code
 * client.links[].cells[CELL].codedBytes}), not in the points.
 */
record WireCells(List<Link> links, List<Answer> answers, Map<String, Cell> cells) {
  /** A link as its points name it, fastest first. */
  record Link(String label, double rateMbit, double rttMs) {}

  /** One answer a client asks for. */
  record Answer(String layer, int count) {}

  /**
   * One cell's medians, ms.
   *
   * @param endToEndP90Ms the 90th percentile end to end, NaN where the run did not record it
   * @param codedBytes the body as it came, -1 where the run did not record it
   * @param steady whether its one client was measured at a steady rate
   */
  record Cell(
      String format,
      String encoding,
      double receiveMs,
      double decodeMs,
      double endToEndMs,
      double endToEndP90Ms,
      long codedBytes,
      boolean steady) {
    /** "geojson × zstd". */
    String shape() {
      return format + " × " + encoding;
    }

    /**
     * Whether {@code other}'s median end to end falls inside this cell's 90th percentile: one run
     * of a dozen answers does not tell the two apart, so neither is first alone.
     */
    boolean ties(Cell other) {
      return other != this && !Double.isNaN(endToEndP90Ms) && other.endToEndMs <= endToEndP90Ms;
    }
  }

  static WireCells of(ScenarioResult s) {
    Map<String, Long> coded = codedBytes(s.client());
    Map<String, Map<String, PointResult>> byCell = new LinkedHashMap<>();
    Map<String, PointResult> firstOfCell = new LinkedHashMap<>();
    for (PointResult p : s.points()) {
      String cellId = p.id().substring(0, Math.max(0, p.id().lastIndexOf('/')));
      byCell.computeIfAbsent(cellId, k -> new LinkedHashMap<>()).put(p.param("measure"), p);
      firstOfCell.putIfAbsent(cellId, p);
    }
    List<Link> links = new ArrayList<>();
    List<Answer> answers = new ArrayList<>();
    Map<String, Cell> cells = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, PointResult>> e : byCell.entrySet()) {
      PointResult receive = e.getValue().get("receive");
      PointResult decode = e.getValue().get("decode");
      PointResult endToEnd = e.getValue().get("end to end");
      if (receive == null || decode == null || endToEnd == null) {
        continue; // not a wire cell of today's shape: the load section still lists its points
      }
      Link link =
          new Link(
              receive.param("link"),
              Double.parseDouble(receive.param("rateMbit")),
              Double.parseDouble(receive.param("rttMs")));
      Answer answer = new Answer(receive.param("layer"), Integer.parseInt(receive.param("count")));
      if (!links.contains(link)) {
        links.add(link);
      }
      if (!answers.contains(answer)) {
        answers.add(answer);
      }
      Cell cell =
          new Cell(
              receive.param("format"),
              receive.param("encoding"),
              receive.latency(Statistic.P50),
              decode.latency(Statistic.P50),
              endToEnd.latency(Statistic.P50),
              endToEnd.latency(Statistic.P90),
              coded.getOrDefault(e.getKey(), -1L),
              receive.measuredAtSteadyState());
      cells.put(key(link, answer, cell.shape()), cell);
    }
    links.sort(
        Comparator.comparingDouble(Link::rateMbit).reversed().thenComparingDouble(Link::rttMs));
    return new WireCells(List.copyOf(links), List.copyOf(answers), cells);
  }

  /** The cell, or null where this shape was not measured on that link. */
  Cell cell(Link link, Answer answer, String shape) {
    return cells.get(key(link, answer, shape));
  }

  /** Every cell measured on the link for the answer. */
  List<Cell> on(Link link, Answer answer) {
    List<Cell> out = new ArrayList<>();
    for (String shape : shapes(answer)) {
      Cell c = cell(link, answer, shape);
      if (c != null) {
        out.add(c);
      }
    }
    return out;
  }

  /** The format × encoding shapes measured for the answer, in run order. */
  List<String> shapes(Answer answer) {
    String prefix = answer.layer() + "/" + answer.count() + "/";
    List<String> out = new ArrayList<>();
    for (String k : cells.keySet()) {
      String afterLink = k.substring(k.indexOf('|') + 1);
      if (afterLink.startsWith(prefix)) {
        String shape = afterLink.substring(prefix.length());
        if (!out.contains(shape)) {
          out.add(shape);
        }
      }
    }
    return out;
  }

  private static String key(Link link, Answer answer, String shape) {
    return link.label() + "|" + answer.layer() + "/" + answer.count() + "/" + shape;
  }

  /** Cell id (10mbit/80ms/osm_places/geojson/gzip/200) to its body's bytes as they came. */
  private static Map<String, Long> codedBytes(Map<String, Object> client) {
    Map<String, Long> out = new LinkedHashMap<>();
    if (client == null || !(client.get("links") instanceof List<?> links)) {
      return out;
    }
    for (Object l : links) {
      if (l instanceof Map<?, ?> link && link.get("cells") instanceof Map<?, ?> cells) {
        cells.forEach(
            (id, info) -> {
              if (info instanceof Map<?, ?> m && m.get("codedBytes") instanceof Number n) {
                out.put(id.toString(), n.longValue());
              }
            });
      }
    }
    return out;
  }
}
