package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;

/**
 * Issue 28's question from the wire scenario's results ({@code load-wire.json}): on each link,
 * which format × content coding a client has in hand first (time to the last byte, then decoded in
 * the client JVM), and where the answer changes, the crossover where the bytes a coding saves are
 * worth more than the CPU it costs. The load section still lists every point as measured.
 */
public final class WireSection implements ReportSection {
  static final String SCENARIO = "wire";

  @Override
  public String name() {
    return "wire";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    List<Report.Block> out = new ArrayList<>();
    ScenarioResult s = run.load().get(SCENARIO);
    if (s == null) {
      // the wire scenario needs root and runs only when named: most runs have none, and the load
      // section lists the scenarios a run has, so a run without it gets no section at all (and
      // the committed runs' reports stay as they were)
      return out;
    }
    out.add(new Report.Heading(1, "Formats over shaped links: which answer arrives first"));
    WireCells cells = WireCells.of(s);
    if (cells.links().isEmpty()) {
      out.add(Report.Text.missing("The wire scenario's results hold no receive point."));
      return out;
    }
    out.add(
        Report.Text.plain(
            Scores.format(
                "One client asks for each answer again and again on a kept-alive connection over"
                    + " the link (%s; mode %s). Cells: the median time in ms until the client"
                    + " holds the features, end to end (receive, the time to the answer's last"
                    + " byte, + decode, our codec's decoder in the client JVM undoing the coding"
                    + " in the same stream); bytes: the body as it came. The first to finish on"
                    + " each link is marked. Each figure is one run's median on the machine the"
                    + " run names: a p50 beside a loaded machine moves by milliseconds (read the"
                    + " relay's lateness in load-wire.json).",
                LoadSection.settings(s.settings()), s.settings().mode())));
    if (s.unconverged().stream().anyMatch(p -> p.id().endsWith("/receive"))) {
      out.add(
          new Report.Text(
              "Some single-client points did not reach a steady rate (marked \"not steady\"):"
                  + " read them as unverified.",
              Report.Style.INCONCLUSIVE));
    }
    // version 4 on records the server's CPU; an older run's cells say "not recorded"
    boolean cpuRecorded = s.formatVersion() >= 4;
    long ended =
        s.wireCells().stream()
            .filter(c -> c.serverThreadsEnded() != null && c.serverThreadsEnded() > 0)
            .count();
    for (WireCells.Answer answer : cells.answers()) {
      answer(out, cells, answer);
      WireCosts.table(out, cells, answer, cpuRecorded, ended);
      chart(out, cells, answer);
    }
    return out;
  }

  private static void answer(List<Report.Block> out, WireCells cells, WireCells.Answer answer) {
    out.add(
        new Report.Heading(
            2, Scores.format("%s, %,d features an answer", answer.layer(), answer.count())));
    List<String> header = new ArrayList<>(List.of("format × encoding", "bytes"));
    cells.links().forEach(l -> header.add(l.label()));
    Map<String, WireCells.Cell> firstByLink = new LinkedHashMap<>();
    Map<String, WireCells.Cell> firstReceive = new LinkedHashMap<>();
    for (WireCells.Link l : cells.links()) {
      List<WireCells.Cell> here = cells.on(l, answer);
      here.stream()
          .min(Comparator.comparingDouble(WireCells.Cell::endToEndMs))
          .ifPresent(c -> firstByLink.put(l.label(), c));
      here.stream()
          .min(Comparator.comparingDouble(WireCells.Cell::receiveMs))
          .ifPresent(c -> firstReceive.put(l.label(), c));
    }
    List<List<Report.Cell>> rows = new ArrayList<>();
    for (String shape : cells.shapes(answer)) {
      List<Report.Cell> row = new ArrayList<>();
      row.add(Report.Cell.of(shape));
      WireCells.Cell any =
          cells.links().stream()
              .map(l -> cells.cell(l, answer, shape))
              .filter(c -> c != null)
              .findFirst()
              .orElseThrow();
      row.add(
          any.codedBytes() < 0
              ? Report.Cell.missing()
              : Report.Cell.of(Scores.format("%,d", any.codedBytes())));
      for (WireCells.Link l : cells.links()) {
        WireCells.Cell c = cells.cell(l, answer, shape);
        if (c == null) {
          row.add(Report.Cell.missing());
          continue;
        }
        WireCells.Cell winner = firstByLink.get(l.label());
        boolean first = c == winner;
        String text =
            Scores.format(
                "%.1f (%.1f + %.1f)%s%s",
                c.endToEndMs(),
                c.receiveMs(),
                c.decodeMs(),
                first ? " first" : winner.ties(c) ? " tied" : "",
                c.steady() ? "" : " not steady");
        row.add(
            new Report.Cell(
                text,
                !c.steady()
                    ? Report.Style.INCONCLUSIVE
                    : first ? Report.Style.HOLDS : Report.Style.PLAIN));
      }
      rows.add(row);
    }
    out.add(new Report.Table(header, rows));
    List<String> bullets = new ArrayList<>();
    for (WireCells.Link l : cells.links()) {
      WireCells.Cell e = firstByLink.get(l.label());
      WireCells.Cell r = firstReceive.get(l.label());
      if (e == null) {
        continue;
      }
      List<String> tied =
          cells.on(l, answer).stream().filter(e::ties).map(WireCells.Cell::shape).toList();
      bullets.add(
          Scores.format(
              "%s: first with its features %s, %.1f ms end to end%s; first to its last byte %s,"
                  + " %.1f ms",
              l.label(),
              e.shape(),
              e.endToEndMs(),
              tied.isEmpty()
                  ? ""
                  : Scores.format(
                      " (tied with %s: their medians fall inside its 90th percentile, %.1f ms)",
                      String.join(", ", tied), e.endToEndP90Ms()),
              r.shape(),
              r.receiveMs()));
    }
    bullets.add(changes(cells, answer, firstByLink));
    out.add(new Report.Bullets(bullets));
    List<String> crossovers = WireCrossover.lines(cells, answer);
    if (!crossovers.isEmpty()) {
      out.add(
          Report.Text.plain(
              "Where bytes beat CPU: each coding against identity, per format. The CPU a coding"
                  + " costs (the server's compression and the client's decoding) is read off the"
                  + " fastest link, where bytes cost least: its end-to-end time less identity's,"
                  + " plus the bytes it saves at that link's rate; the coding finishes first on"
                  + " links slower than bytes saved ÷ that CPU time (the round trip is the same"
                  + " for both and cancels)."));
      out.add(new Report.Bullets(crossovers));
    }
  }

  /**
   * Whether the first to finish end to end changes from one link to the next, and where. A move
   * between two answers that tie on either link is within one run's spread, said as such.
   */
  private static String changes(
      WireCells cells, WireCells.Answer answer, Map<String, WireCells.Cell> firstByLink) {
    List<String> changes = new ArrayList<>();
    List<String> withinSpread = new ArrayList<>();
    WireCells.Cell before = null;
    WireCells.Link beforeLink = null;
    for (WireCells.Link l : cells.links()) {
      WireCells.Cell c = firstByLink.get(l.label());
      if (c == null) {
        continue;
      }
      if (before != null && !before.shape().equals(c.shape())) {
        String move =
            Scores.format(
                "between %s and %s, from %s to %s",
                beforeLink.label(), l.label(), before.shape(), c.shape());
        WireCells.Cell newThere = cells.cell(beforeLink, answer, c.shape());
        WireCells.Cell oldHere = cells.cell(l, answer, before.shape());
        boolean tie =
            (newThere != null && before.ties(newThere)) || (oldHere != null && c.ties(oldHere));
        (tie ? withinSpread : changes).add(move);
      }
      before = c;
      beforeLink = l;
    }
    if (before == null) {
      return "no link measured this answer";
    }
    if (changes.isEmpty() && withinSpread.isEmpty()) {
      return "The answer does not change: "
          + before.shape()
          + " finishes first on every link measured";
    }
    String spread =
        withinSpread.isEmpty()
            ? ""
            : "the first moves "
                + String.join("; ", withinSpread)
                + ", but the two tie on one of those links: within one run's spread, not a change";
    return changes.isEmpty()
        ? "No clear change of answer: " + spread
        : "The answer changes "
            + String.join("; ", changes)
            + (spread.isEmpty() ? "" : "; " + spread);
  }

  /** End to end against the link's rate, one line a format × encoding (report.html only). */
  private static void chart(List<Report.Block> out, WireCells cells, WireCells.Answer answer) {
    if (cells.links().size() < 2) {
      return;
    }
    List<Svg.Series> series = new ArrayList<>();
    for (String shape : cells.shapes(answer)) {
      List<Svg.Point> points = new ArrayList<>();
      for (WireCells.Link l : cells.links()) {
        WireCells.Cell c = cells.cell(l, answer, shape);
        if (c != null) {
          points.add(new Svg.Point(l.rateMbit(), c.endToEndMs(), !c.steady()));
        }
      }
      series.add(new Svg.Series(shape, points));
    }
    out.add(
        new Report.Lines(
            Scores.format(
                "end to end p50 against the link rate (each link with its RTT), %s, %,d features",
                answer.layer(), answer.count()),
            "link rate, Mbit/s",
            "end to end p50, ms",
            true,
            series,
            LoadSection.NOT_STEADY_NOTE));
  }
}
