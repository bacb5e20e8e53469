package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.wirebench.results.RunRecord;
import org.wirebench.results.Studies;

/** The studies' claims beside this run's numbers ({@link ThenAndNow}). */
public final class ThenAndNowSection implements ReportSection {
  @Override
  public String name() {
    return "then-and-now";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    List<List<Report.Cell>> rows = new ArrayList<>();
    for (ThenAndNow.Row r : ThenAndNow.rows(run)) {
      rows.add(
          List.of(
              Report.Cell.of(r.study()),
              Report.Cell.of(r.claim()),
              Report.Cell.of(r.then()),
              Report.Cell.of(r.now()),
              new Report.Cell(r.label(), r.verdict().style())));
    }
    return List.of(
        new Report.Heading(1, "Then and now"),
        Report.Text.plain(
            (run.pairs() != null
                    ? "Ratios of costs measured as interleaved pairs, 99% intervals over forks"
                        + " (next section: how, and every target); load figures from the"
                        + " scenarios. "
                    : "Ratios of times from JMH's per-iteration scores (the same ratios as in the"
                        + " sections below), 99% Welch intervals on the log scale. ")
                + citations()
                + ". This run: "
                + run.env().machine()
                + ". "
                + ThenAndNow.CONVENTION
                + " "
                + LoadRows.NOTE),
        new Report.Table(List.of("study", "claim", "then", "now", "verdict"), rows, 5));
  }

  /** "WFS study: GeoServer 2.3.3 …. SOAP study: …" (without the last full stop). */
  private static String citations() {
    return String.join(
        ". ", Studies.all().stream().map(s -> s.name() + " study: " + s.citation()).toList());
  }
}
