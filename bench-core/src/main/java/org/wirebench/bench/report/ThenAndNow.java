package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.results.JmhResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.Studies;
import org.wirebench.results.Study;

/**
 * Each study's published claims ({@link Studies}) beside this run's numbers, with a verdict: holds,
 * does not hold, or inconclusive (the 99% interval straddles the claim), or missing when the run
 * did not measure it; a claim measured as a pair says, under its answer, which way it misses
 * ({@link org.wirebench.bench.pair.ClaimVerdict}). Ratios of times come from JMH's per-iteration
 * scores ({@link Ratio}), or from pairs.json when the run measured its claims as pairs; load
 * figures from the scenarios ({@link LoadRows}). Every ratio is written A ÷ B in one direction: the
 * time of the side the study found slower ÷ the time of the side it found faster (for rates, the
 * faster's ÷ the slower's), so that above 1 is the study's direction and its figure is the claimed
 * ratio ({@link #CONVENTION}).
 */
public final class ThenAndNow {
  /** How every ratio of the claims is directed, for the section's text. */
  public static final String CONVENTION =
      Scores.format(
          "Every ratio is written A ÷ B, A the side the study found slower and B the faster: time"
              + " ÷ time, or for rates B's req/s ÷ A's. Above 1 is the study's direction, and its"
              + " figure is the claimed ratio (a tile cache +%s faster: direct ÷ tile-cache time"
              + " %.2f).",
          Studies.RASTER.quoted("gain-4326"),
          Studies.RASTER.claim("raster-direct-tilecache-EPSG:4326").bound());

  /** A claim's fate in this run. */
  public enum Verdict {
    HOLDS("holds", Report.Style.HOLDS),
    DOES_NOT_HOLD("does not hold", Report.Style.DOES_NOT_HOLD),
    INCONCLUSIVE("inconclusive", Report.Style.INCONCLUSIVE),
    NO_INTERVAL("inconclusive (no interval)", Report.Style.INCONCLUSIVE),
    MISSING("missing", Report.Style.MISSING),
    /** a number beside a number, no bound to judge */
    FIGURE("figure", Report.Style.PLAIN);

    private final String label;
    private final Report.Style style;

    Verdict(String label, Report.Style style) {
      this.label = label;
      this.style = style;
    }

    public String label() {
      return label;
    }

    public Report.Style style() {
      return style;
    }
  }

  /**
   * @param study which study
   * @param claim what it said
   * @param then its figure
   * @param now ours, with interval, or "missing ..."
   * @param verdict the answer
   * @param label what the row says of it: the verdict's label, or for a pair the answer with its
   *     finer verdict ("does not hold: no difference")
   */
  public record Row(
      String study, String claim, String then, String now, Verdict verdict, String label) {
    public Row(String study, String claim, String then, String now, Verdict verdict) {
      this(study, claim, then, now, verdict, verdict.label());
    }
  }

  private ThenAndNow() {}

  public static List<Row> rows(RunRecord run) {
    List<Row> rows = new ArrayList<>();
    for (Study study : Studies.all()) {
      if (run.pairs() != null) {
        // the claims as the run recorded them, with the bounds it was measured for
        rows.addAll(PairedClaims.rows(run.pairs(), study.name()));
      }
      for (Study.Claim c : study.claims()) {
        if (c.benchmark() != null && run.pairs() == null) {
          rows.add(atLeast(study.name(), c.text(), c.then(), measured(run, c.benchmark()), c));
        } else if (c.load() != null) {
          rows.add(LoadRows.row(run, study, c));
        }
      }
    }
    return rows;
  }

  /**
   * A time ratio of two JMH results as a claim row reads it: the ratio (the one {@link Scores}
   * computes for every section), and its text, "gml32 ÷ gml2 time 1.13× [1.05, 1.22] (99%, 1 fork ×
   * 4 iterations)".
   */
  record Measured(Ratio ratio, String text) {
    static Measured of(JmhResult a, JmhResult b, String nameA, String nameB, String what) {
      if (a == null || b == null) {
        return null;
      }
      Ratio r = Scores.ratioOf(a, b);
      return new Measured(
          r,
          Scores.format(
              "%s ÷ %s %s %s (%.0f%%, %s)",
              nameA,
              nameB,
              what,
              Scores.ratio(r),
              100 * r.confidence(),
              Scores.iterations(List.of(a, b))));
    }
  }

  /** The time ratio {@code param=a} ÷ {@code param=b} of one benchmark at the claim's params. */
  private static Measured measured(RunRecord run, Study.Benchmark m) {
    Map<String, String> pa = new HashMap<>(m.at());
    pa.put(m.param(), m.a());
    Map<String, String> pb = new HashMap<>(m.at());
    pb.put(m.param(), m.b());
    return Measured.of(
        run.find(m.benchmark(), pa), run.find(m.benchmark(), pb), m.a(), m.b(), "time");
  }

  /** The claim "ratio ≥ bound": holds when the whole 99% interval is at or above it. */
  static Row atLeast(String study, String claim, String then, Measured m, Study.Claim c) {
    if (m == null) {
      return new Row(study, claim, then, "missing (not in this run)", Verdict.MISSING);
    }
    Ratio r = m.ratio();
    double bound = c.bound();
    Verdict verdict =
        !r.hasInterval()
            ? Verdict.NO_INTERVAL
            : r.low() >= bound
                ? Verdict.HOLDS
                : r.high() < bound ? Verdict.DOES_NOT_HOLD : Verdict.INCONCLUSIVE;
    return new Row(study, claim, then, m.text(), verdict);
  }
}
