package org.wirebench.bench.report;

import java.util.List;
import org.wirebench.formats.registry.Registry;
import org.wirebench.results.RunRecord;

/**
 * One part of report.md and report.html, built from a run's records only (never from today's code:
 * a report of an old run must not change when an encoder does). Registered in {@code
 * META-INF/services}, in reading order: a new study adds one section class and one line there.
 */
public interface ReportSection {
  /** A short unique name (the registry's key). */
  String name();

  /** What this section says about the run; may say what the run did not measure. */
  List<Report.Block> build(RunRecord run);

  /** Every section, in reading order. */
  static List<ReportSection> all() {
    return List.copyOf(
        Registry.load(ReportSection.class, "report section", ReportSection::name).all());
  }
}
