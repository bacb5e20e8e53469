package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioResult.PointResult;
import org.wirebench.results.Statistic;
import org.wirebench.results.WireCell;

/**
 * The wire scenario's single-client measures read back cell by cell (link × layer × format ×
 * encoding × answer size): the medians of receive, decode and end to end from the points, and from
 * the run's {@link WireCell}s the body's bytes as they came, the bytes on the link and the server's
 * CPU a request.
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
   * @param wireBytes what the link carried from the server a request (frames, heads included), -1
   *     where the run did not record it
   * @param serverCpuUs the server JVM's CPU a request, µs; NaN where the run did not record it
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
      long wireBytes,
      double serverCpuUs,
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
    Map<String, WireCell> recorded = new LinkedHashMap<>();
    s.wireCells().forEach(c -> recorded.put(c.id(), c));
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
        continue; // the readers refuse such a cell (LoadResults.checkCells): only one made in code
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
      WireCell r = recorded.get(e.getKey());
      Cell cell =
          new Cell(
              receive.param("format"),
              receive.param("encoding"),
              receive.latency(Statistic.P50),
              decode.latency(Statistic.P50),
              endToEnd.latency(Statistic.P50),
              endToEnd.latency(Statistic.P90),
              r == null || r.codedBytes() == null ? -1 : r.codedBytes(),
              r == null || r.linkBytesDownPerAnswer() == null ? -1 : r.linkBytesDownPerAnswer(),
              r == null || r.serverCpuUsPerAnswer() == null ? Double.NaN : r.serverCpuUsPerAnswer(),
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
}
