package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.wirebench.bench.pair.ClaimVerdict;
import org.wirebench.bench.pair.Claims;
import org.wirebench.bench.pair.PairedRatio;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.PairedRuns.Claim;
import org.wirebench.results.PairedRuns.Group;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.RunRecord;

/**
 * Every claim and target the run measured as a pair (pairs.json): ratio, interval, forks and pairs
 * it took, verdict, and why each group stopped; nothing for runs without pairs.
 */
public final class PairedSection implements ReportSection {
  @Override
  public String name() {
    return "pairs";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    PairedRuns pairs = run.pairs();
    if (pairs == null) {
      return List.of();
    }
    PairedRuns.Settings s = pairs.settings();
    List<Report.Block> out = new ArrayList<>();
    out.add(new Report.Heading(1, "Claims measured as pairs"));
    out.add(
        Report.Text.plain(
            Scores.format(
                "Each group's variants ran in one forked JVM, interleaved: every round timed each"
                    + " variant for about %d ms%s, in an order shuffled anew each round, after"
                    + " %s. Cost = the CPU time of the benchmark thread plus"
                    + " the collector's pauses (what other processes take from the fork is not"
                    + " counted). A ratio is A ÷ B (how many times B's cost A's is); its %.0f%%"
                    + " interval is Student's t over the forks'%s. Forks were added"
                    + " until every claim of the group was decided within ±%.0f%% (at least %d,"
                    + " at most %d forks) or the group's share of the %d s budget was spent."
                    + " Each claim is answered first: holds (the whole interval at or above the"
                    + " claimed size, less the band), does not hold (wholly below it), or"
                    + " inconclusive; then which way it misses: smaller than claimed, no"
                    + " difference (inside ±%.0f%%, two one-sided tests) or reversed — or, when the"
                    + " interval crosses one of these edges, the regions it covers and the edge."
                    + " Targets (at most a bound): "
                    + ClaimVerdict.Answer.MET.label()
                    + " (the whole interval at or below it), "
                    + ClaimVerdict.Answer.MISSED.label()
                    + " (wholly above it), "
                    + ClaimVerdict.Answer.INCONCLUSIVE.label()
                    + " (the interval holds the bound) or "
                    + ClaimVerdict.Answer.NO_INTERVAL.label()
                    + " (one fork).",
                s.batchMs(),
                pairs.groups().stream().anyMatch(g -> !fewerRounds(g, s.rounds()).isEmpty())
                    ? " (a benchmark cycling through a sample of unlike calls: whole samples, in"
                        + " fewer rounds, as its group's line below says)"
                    : "",
                s.warmupMs() != null
                    ? s.warmupMs() + " ms of warm-up a variant"
                    : "its group's warm-up a variant (each group's line below: what its variants"
                        + " were measured to need)",
                100 * s.confidence(),
                estimate(s),
                100 * s.targetHalfWidth(),
                s.minForks(),
                s.maxForks(),
                s.budgetMs() / 1000,
                100 * (pairs.claims().isEmpty() ? 0.1 : pairs.claims().get(0).band()))));
    List<List<Report.Cell>> rows = new ArrayList<>();
    for (Claim c : pairs.claims()) {
      PairedRatio r = PairedClaims.ratio(pairs, c);
      ClaimVerdict v = ClaimVerdict.judge(c, r);
      rows.add(
          List.of(
              Report.Cell.of(c.study()),
              Report.Cell.of(c.text()),
              Report.Cell.of(c.a() + " ÷ " + c.b()),
              Report.Cell.of(ClaimVerdict.claimed(c)),
              Report.Cell.of(PairedClaims.now(r) + PairedClaims.modes(pairs, c)),
              new Report.Cell(v.label(), PairedClaims.verdict(v).style())));
    }
    out.add(
        new Report.Table(
            List.of("study", "claim", "A ÷ B", "claimed", "measured", "verdict"), rows, 3));
    List<String> groups = new ArrayList<>();
    for (Group g : pairs.groups()) {
      groups.add(
          Scores.format(
              "%s: %d variants%s, %d forks, stopped: %s, %.0f s%s",
              groupName(g.id()),
              g.variants().size(),
              g.warmupMs() == null ? "" : Scores.format(" warmed %d ms each", g.warmupMs()),
              g.forks().size(),
              g.stopped(),
              g.elapsedMs() / 1000.0,
              fewerRounds(g, s.rounds())));
    }
    RunEnvironment.Calibration c = run.env().calibration();
    if (c != null && c.groups() == null) {
      groups.add(
          Scores.format(
              "calibration (%s): %.1f µs an operation, the median of %d forks",
              c.workload(), Calibrations.medianNs(c) / 1000, c.nsPerOp().size()));
    } else if (c != null) {
      Calibrations.Drift d = Calibrations.drift(c);
      groups.add(
          Scores.format(
              "calibration (%s): %.1f µs an operation, the median of %d forks in %d groups (fork"
                  + " medians %.1f–%.1f µs; the first quarter of the forks %.1f µs, the last"
                  + " %.1f µs)",
              c.workload(),
              Calibrations.medianNs(c) / 1000,
              c.nsPerOp().size(),
              c.groups().stream().distinct().count(),
              d.lowestNs() / 1000,
              d.highestNs() / 1000,
              d.firstQuarterNs() / 1000,
              d.lastQuarterNs() / 1000));
    }
    out.add(new Report.Bullets(groups));
    return out;
  }

  /**
   * "; 5 rounds a fork, not 20: ..." for a group whose forks timed fewer rounds than the settings'
   * (a variant's batches were whole cycles of a sample: TimedBatches), else "". pairs.json does not
   * say which variants cycle, and a group may mix them with variants of alike calls, so no batch
   * size is named as a sample's.
   */
  /**
   * What the interval is taken over, after "the forks'": a run before the trim (format version 1
   * and 2) took each fork's plain mean.
   */
  static String estimate(PairedRuns.Settings s) {
    return s.trim() == 0
        ? " mean log ratios"
        : Scores.format(
            " estimates, each the mean of its rounds' log ratios less the %.0f%% lowest and the"
                + " %.0f%% highest",
            100 * s.trim(), 100 * s.trim());
  }

  static String fewerRounds(Group g, int rounds) {
    int least = Integer.MAX_VALUE;
    int most = 0;
    for (PairedRuns.Fork f : g.forks()) {
      int n = f.nsPerOp().isEmpty() ? 0 : f.nsPerOp().get(0).length;
      least = Math.min(least, n);
      most = Math.max(most, n);
    }
    if (most == 0 || (least == rounds && most == rounds)) {
      return "";
    }
    return Scores.format(
        "; %s rounds a fork, not %d: a variant cycling through a sample timed whole samples a"
            + " batch",
        least == most ? Integer.toString(least) : least + "–" + most, rounds);
  }

  /**
   * A group as the report names it: the A/A group of the reference workload, whose id in pairs.json
   * is "calibration" (kept, so old runs read), is not the calibration of the bullet below it (the
   * reference workload timed in every group's forks, env.json), so it is named for what it is.
   */
  static String groupName(String id) {
    return id.equals(Claims.CALIBRATION) ? "reference A/A" : id;
  }
}
