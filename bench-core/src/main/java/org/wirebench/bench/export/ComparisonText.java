package org.wirebench.bench.export;

import java.io.PrintWriter;
import java.util.Locale;
import org.wirebench.bench.report.Calibrations;
import org.wirebench.bench.report.Comparison;
import org.wirebench.bench.report.EnvironmentSection;
import org.wirebench.bench.report.Machines;
import org.wirebench.bench.report.Workloads;

/** compare's text output: the machines line, one row per result, the unmatched, a summary. */
final class ComparisonText {
  private ComparisonText() {}

  static void write(Comparison c, String threshold, PrintWriter out) {
    out.println(machines(c));
    out.println(LEGEND);
    out.printf(
        Locale.ROOT,
        "%-90s %12s %12s  %-26s %s%n",
        "benchmark / load point",
        "BASE gmean",
        "NEW gmean",
        "cost NEW/BASE [99% CI]",
        "verdict");
    for (Comparison.Row r : c.rows()) {
      out.printf(
          Locale.ROOT,
          "%-90s %12.4g %12.4g  %-26s %s%n",
          r.key().length() > 90 ? r.key().substring(0, 87) + "..." : r.key(),
          r.baseMean(),
          r.nowMean(),
          r.slowdown() == null ? noRatio(r.verdict()) : r.slowdown(),
          verdict(r.verdict()));
    }
    c.unmatched().forEach(u -> out.println("unmatched: " + u.text()));
    c.missingInNew().forEach(x -> out.println("missing in NEW: " + x.text()));
    out.println(summary(c, threshold));
  }

  /**
   * What the columns are: the geometric means the cost is the quotient of, not JMH's score (the
   * arithmetic mean of the iterations), so a reader can check the cost from what is printed.
   */
  static final String LEGEND =
      "BASE, NEW: geometric mean of the samples the interval is taken over (JMH: iterations, or"
          + " forks' geometric means, not JMH's arithmetic score; load: runs; pair: per-fork"
          + " ratios); cost = NEW/BASE of them, BASE/NEW for req/s and ops/s";

  /** What the two runs' calibrations say about their machines, one line. */
  static String machines(Comparison c) {
    Machines m = c.machines();
    if (m == null || (m.speed() == null && !m.differ())) {
      return "machines: not compared ("
          + (c.yardsticksDiffer()
              ? "the runs timed different reference workloads: " + c.yardsticks()
              : "a run without a calibration: one from before 2026-11-25, or run without pairs")
          + "); "
          + (m == null ? "absolute times judged as they are" : absolute(m));
    }
    String speed =
        m.speed() != null
            ? "the reference workload costs " + m.speed() + " NEW/BASE"
            : c.yardsticksDiffer()
                ? "no calibration to size it (the runs timed different reference workloads: "
                    + c.yardsticks()
                    + ")"
                : "no calibration to size it (a run from before 2026-11-25, or run without pairs)";
    String workloads = m.workloads() == null ? "" : "; " + workloads(m.workloads());
    if (m.differ()) {
      boolean together =
          m.hardware().isEmpty() && (m.speed() == null || !Calibrations.differ(m.speed()));
      return "machines DIFFER"
          + (m.hardware().isEmpty() ? "" : " (" + String.join(", ", m.hardware()) + ")")
          + ": "
          + speed
          + workloads
          + (together
              ? " (moved together while the reference workload did not: "
                  + (c.jvmDifferences().isEmpty()
                      ? ""
                      : "the runs' "
                          + String.join(" and ", c.jvmDifferences())
                          + " differ (see the warnings), which moves every workload alike, or ")
                  + (c.pairsAlone()
                      ? "a neighbour on the host (no other work shared either run's pairs step on"
                          + " this machine: env.json), whose memory traffic"
                      : "other work on the machine, whose memory traffic")
                  + " the pure-core reference does not feel, or a change common to every"
                  + " workload)"
              : "")
          + "; absolute times and rates are listed, not judged, and so are the pair variants"
          + " against the calibration; the claims' within-run ratios are judged";
    }
    return String.format(
            Locale.ROOT,
            "machines: the same speed within noise (reference workload %s NEW/BASE%s); ",
            m.speed(),
            workloads)
        + absolute(m);
  }

  /**
   * Whether absolute times are judged on machines that do not differ: all, all but the steps a run
   * shared with other work, or none when it shared every step.
   */
  private static String absolute(Machines m) {
    if (m.shared().isEmpty()) {
      return "absolute times judged";
    }
    if (m.shared().size() == org.wirebench.results.OtherWork.Step.values().length) {
      return "absolute times not judged: a run shared its machine with other work in every step"
          + " (see the warnings)";
    }
    return "absolute times judged, except in the "
        + EnvironmentSection.steps(m.shared())
        + ": a run shared its machine with other work there (see the warnings), so their absolute"
        + " figures are listed, not judged";
  }

  /**
   * "the suite's workloads cost 1.208 NEW/BASE together (the median of 37 ...)", and when they are
   * too few to count, that they were not counted: a median of one group's three variants 1.6 away
   * from 1 beside "the same speed within noise" read as weighed and found the same machine.
   */
  private static String workloads(Workloads w) {
    return String.format(
        Locale.ROOT,
        "the suite's workloads cost %.3f NEW/BASE together (the median of %d pair variant%s ÷ the"
            + " calibration in %d group%s, %d of them rose%s)",
        w.ratio(),
        w.variants(),
        w.variants() == 1 ? "" : "s",
        w.groups(),
        w.groups() == 1 ? "" : "s",
        w.rose(),
        w.enough()
            ? ""
            : String.format(
                Locale.ROOT,
                "; too few to say anything of the machines, which takes %d groups and %d"
                    + " variants",
                Calibrations.WORKLOADS_MIN_GROUPS,
                Calibrations.WORKLOADS_MIN_VARIANTS));
  }

  /** What stands in the ratio column of a row without a ratio. */
  static String noRatio(Comparison.Verdict v) {
    return v == Comparison.Verdict.NOT_STEADY ? "not steady" : "no ratio (NaN, 0 or failed)";
  }

  /** "regressed", "no change", "not steady" ... */
  static String verdict(Comparison.Verdict v) {
    return v.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  /** The closing line: how many of each verdict. */
  static String summary(Comparison c, String threshold) {
    return String.format(
        Locale.ROOT,
        "%d compared (threshold %s, 99%% intervals): %d regressed, %d improved, %d no change, %d"
            + " moved (a study claim's ratio: not a regression), %d without an interval, %d not judged (machines differ or a run shared its machine), %d not steady, %d could not"
            + " be compared; %d missing in NEW",
        c.rows().size(),
        threshold,
        c.count(Comparison.Verdict.REGRESSED),
        c.count(Comparison.Verdict.IMPROVED),
        c.count(Comparison.Verdict.NO_CHANGE),
        c.count(Comparison.Verdict.MOVED),
        c.count(Comparison.Verdict.UNKNOWN),
        c.count(Comparison.Verdict.NOT_JUDGED),
        c.count(Comparison.Verdict.NOT_STEADY),
        c.count(Comparison.Verdict.INVALID),
        c.missingInNew().size());
  }
}
