package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.bench.report.Comparison.Kind;
import org.wirebench.bench.report.Comparison.Listed;
import org.wirebench.bench.report.Comparison.Row;
import org.wirebench.bench.report.Comparison.Subject;
import org.wirebench.bench.report.Comparison.Verdict;
import org.wirebench.results.JmhResult;
import org.wirebench.results.OtherWork;
import org.wirebench.results.RunRecord;
import org.wirebench.results.UnreadableRunException;

/**
 * The JMH benchmarks of two runs compared: each benchmark (by name and parameters) both measured,
 * by the ratio NEW / BASE of its cost with its interval over the iterations.
 */
final class JmhComparison {
  final List<Row> rows = new ArrayList<>();
  final List<Listed> unmatched = new ArrayList<>();
  final List<Listed> missingInNew = new ArrayList<>();

  /**
   * @param machines the calibrations compared, null when either run has none or they differ
   */
  JmhComparison(
      RunRecord base, RunRecord now, Machines machines, double threshold, double confidence)
      throws UnreadableRunException {
    Map<String, JmhResult> before = new LinkedHashMap<>();
    base.benchmarks().forEach(b -> before.put(b.key(), b));
    for (JmhResult b : now.benchmarks()) {
      JmhResult a = before.remove(b.key());
      Subject s = subject(b);
      if (a == null) {
        unmatched.add(new Listed(s, "only in NEW: " + b.key()));
        continue;
      }
      a = sameMeasure(base, now, a, b);
      if (!usable(a.samples()) || !usable(b.samples())) {
        rows.add(
            new Row(
                s, b.unit(), a.score(), b.score(), Double.NaN, Double.NaN, null, Verdict.INVALID));
        continue;
      }
      Ratio r = Ratio.of(a.samples(), b.samples(), confidence);
      if (a.forks() < 2 || b.forks() < 2) {
        // one fork's iterations show nothing of how the next JVM compiles the same code: in quick
        // runs a same-build pair was called 1.1-2.4x slower with tight intervals. No interval, no
        // verdict; the pairs carry the quick suite's comparisons
        r = new Ratio(r.ratio(), Double.NaN, Double.NaN, confidence);
      }
      if (b.higherIsBetter()) {
        r = new Ratio(1 / r.ratio(), 1 / r.high(), 1 / r.low(), confidence);
      }
      rows.add(
          new Row(
              s,
              b.unit(),
              a.score(),
              b.score(),
              Ratio.geoMean(a.samples()),
              Ratio.geoMean(b.samples()),
              r,
              Comparison.absolute(r, machines, OtherWork.Step.BENCHMARKS, threshold)));
    }
    before.values().forEach(a -> missingInNew.add(new Listed(subject(a), a.key())));
  }

  /**
   * BASE's result in NEW's unit: a time per operation in ns/op and one in us/op are the same
   * measure, converted; a throughput against a time, or an average against a single shot, are not
   * (their ratio would read as a regression or a gain of the size of a unit), so they are refused.
   */
  private static JmhResult sameMeasure(RunRecord base, RunRecord now, JmhResult a, JmhResult b)
      throws UnreadableRunException {
    if (!a.mode().equals(b.mode())) {
      throw new UnreadableRunException(
          b.key()
              + " was measured in mode "
              + a.mode()
              + " in "
              + base.folder()
              + " and in mode "
              + b.mode()
              + " in "
              + now.folder()
              + ": not the same measure, no ratio can be taken");
    }
    // both units were checked when read (JmhUnits): any two of one mode convert
    return a.inUnit(b.unit(), base.folder().resolve(JmhResult.FILE));
  }

  private static Subject subject(JmhResult b) {
    return new Subject(
        Kind.JMH, b.name(), b.params().isEmpty() ? "" : b.params().toString(), b.params());
  }

  /** Scores a ratio can be taken of: at least one, every one finite and above zero. */
  private static boolean usable(double[] samples) {
    if (samples.length == 0) {
      return false;
    }
    for (double x : samples) {
      if (!(x > 0) || Double.isInfinite(x)) {
        return false;
      }
    }
    return true;
  }
}
