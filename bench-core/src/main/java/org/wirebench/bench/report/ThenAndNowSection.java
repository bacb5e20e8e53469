package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.wirebench.results.RunRecord;

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
              new Report.Cell(r.verdict().label(), r.verdict().style())));
    }
    return List.of(
        new Report.Heading(1, "Then and now"),
        Report.Text.plain(
            (run.pairs() != null
                    ? "Ratios of costs measured as interleaved pairs, 99% intervals over forks"
                        + " (next section: how, and every target); load figures from the"
                        + " scenarios. WFS study: "
                    : "Ratios of times from JMH's per-iteration scores (the same ratios as in the"
                        + " sections below), 99% Welch intervals on the log scale. WFS study: ")
                + ThenAndNow.WFS_STUDY
                + ". SOAP study: "
                + ThenAndNow.SOAP_STUDY
                + ". Backend study: "
                + ThenAndNow.FINDING_STUDY
                + ". Raster study: "
                + RasterRows.STUDY
                + ". This run: "
                + run.env().machine()
                + ". "
                + ThenAndNow.CONVENTION),
        new Report.Table(List.of("study", "claim", "then", "now", "verdict"), rows, 5));
  }
}
