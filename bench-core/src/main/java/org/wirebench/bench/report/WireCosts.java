package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What each format × encoding of a wire answer costs a request, beside when it arrives: the bytes
 * the link carried and the server JVM's CPU time ({@code load-wire.json}'s cells; the CPU from
 * format version 4 on, "not recorded" before).
 */
final class WireCosts {
  private WireCosts() {}

  /**
   * @param cpuRecorded whether the run records the server's CPU at all (a cell of such a run
   *     without it had no answer: missing); if not, one column says so
   * @param ended cells of the run during which a server thread ended (its time then uncounted)
   */
  static void table(
      List<Report.Block> out,
      WireCells cells,
      WireCells.Answer answer,
      boolean cpuRecorded,
      long ended) {
    out.add(
        Report.Text.plain(
            "Bytes and server CPU a request, over the timed answers: the body as it came; on the"
                + " wire, what the link carried from the server a request (frames: Ethernet, IP,"
                + " TCP and HTTP heads included; lowest–highest over the links); and on each link"
                + " the server JVM's CPU time ÷ answers, µs (every thread's: the request, the"
                + " encoder, the coding, GC, JIT and whatever else ran meanwhile, read from Linux's"
                + " per-thread counters)."
                + (cpuRecorded
                    ? ""
                    : " This run did not record the server's CPU (load-wire.json format version"
                        + " 3).")
                + (ended == 0
                    ? ""
                    : Scores.format(
                        " Cells in which a server thread ended during the timed answers: %d (the"
                            + " time it ran then is not counted, so their figures are low by it).",
                        ended))));
    List<String> header =
        new ArrayList<>(List.of("format × encoding", "body, bytes", "on the wire, bytes"));
    if (cpuRecorded) {
      cells.links().forEach(l -> header.add("server CPU µs, " + l.label()));
    } else {
      header.add("server CPU µs"); // one column, not one a link of the same two words
    }
    List<List<Report.Cell>> rows = new ArrayList<>();
    for (String shape : cells.shapes(answer)) {
      List<WireCells.Cell> here =
          cells.links().stream()
              .map(l -> cells.cell(l, answer, shape))
              .filter(Objects::nonNull)
              .toList();
      List<Report.Cell> row = new ArrayList<>();
      row.add(Report.Cell.of(shape));
      row.add(range(here, WireCells.Cell::codedBytes));
      row.add(range(here, WireCells.Cell::wireBytes));
      if (!cpuRecorded) {
        row.add(new Report.Cell("not recorded", Report.Style.MISSING));
      }
      for (WireCells.Link l : cpuRecorded ? cells.links() : List.<WireCells.Link>of()) {
        WireCells.Cell c = cells.cell(l, answer, shape);
        row.add(
            c == null || Double.isNaN(c.serverCpuUs())
                ? Report.Cell.missing()
                : Report.Cell.of(Scores.format("%,.0f", c.serverCpuUs())));
      }
      rows.add(row);
    }
    out.add(new Report.Table(header, rows));
  }

  /** One count, or lowest–highest where the links differ; missing where none recorded it. */
  private static Report.Cell range(List<WireCells.Cell> cells, Function<WireCells.Cell, Long> f) {
    List<Long> v = cells.stream().map(f).filter(n -> n >= 0).sorted().toList();
    if (v.isEmpty()) {
      return Report.Cell.missing();
    }
    long lo = v.get(0);
    long hi = v.get(v.size() - 1);
    return Report.Cell.of(lo == hi ? Scores.format("%,d", lo) : Scores.format("%,d–%,d", lo, hi));
  }
}
