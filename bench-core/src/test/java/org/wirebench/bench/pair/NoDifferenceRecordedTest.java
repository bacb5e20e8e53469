package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.wirebench.bench.pair.ClaimVerdict.Answer;
import org.wirebench.bench.pair.ClaimVerdict.Region;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.PairedRuns.Claim;

/**
 * "No difference" is the equivalence band decided by two one-sided tests at the interval's level
 * (docs/measuring.md, Decided verdicts): on every claim of every committed pairs.json, the
 * verdict's region is "no difference" alone exactly when both one-sided t-tests over the forks'
 * estimates (ln ratio ≤ −ln(1+β), and ≥ ln(1+β)) are rejected at (1 − confidence) / 2 each —
 * computed here from the t distribution's tail, not from the interval the verdict reads.
 */
class NoDifferenceRecordedTest {
  private static Path results() {
    String root = System.getProperty("wirebench.root");
    return Path.of(root == null ? ".." : root, "jmh-results");
  }

  /** Whether both one-sided tests reject a difference of the band or more. */
  private static boolean equivalent(double[] logMeans, double band, double confidence) {
    int n = logMeans.length;
    double m = 0;
    for (double x : logMeans) {
      m += x;
    }
    m /= n;
    double v = 0;
    for (double x : logMeans) {
      v += (x - m) * (x - m);
    }
    double se = Math.sqrt(v / (n - 1) / n);
    double edge = Math.log(1 + band);
    TDistribution t = TDistribution.of(n - 1);
    double alpha = (1 - confidence) / 2;
    double belowRejected = t.survivalProbability((m + edge) / se);
    double aboveRejected = t.survivalProbability((edge - m) / se);
    return belowRejected < alpha && aboveRejected < alpha;
  }

  @Test
  void noDifferenceIsBothOneSidedTestsOnEveryRecordedClaim() throws IOException {
    List<Path> folders;
    try (Stream<Path> s = Files.list(results())) {
      folders = s.filter(p -> Files.isRegularFile(p.resolve(PairedRuns.FILE))).sorted().toList();
    }
    Map<Integer, int[]> byVersion = new TreeMap<>();
    for (Path folder : folders) {
      PairedRuns runs = PairedRuns.read(folder.resolve(PairedRuns.FILE));
      int[] counts = byVersion.computeIfAbsent(runs.formatVersion(), v -> new int[2]);
      for (Claim c : runs.claims()) {
        if (c.kind() == PairedRuns.Kind.AT_MOST) {
          continue;
        }
        PairedRuns.Group g = runs.group(c.group());
        double[] means = PairedRatio.forkLogMeans(g, c.a(), c.b(), runs.settings().trim());
        if (means.length < 2) {
          continue;
        }
        ClaimVerdict v = ClaimVerdict.judge(c, PairedRatio.of(runs.settings(), g, c.a(), c.b()));
        boolean tost = equivalent(means, c.band(), runs.settings().confidence());
        String at = folder.getFileName() + " " + c.id() + ": " + v.label();
        assertEquals(tost, v.regions().equals(List.of(Region.NO_DIFFERENCE)), at);
        if (ClaimVerdict.claimsNoDifference(c)) {
          assertEquals(tost, v.answer() == Answer.HOLDS, at);
        }
        counts[tost ? 1 : 0]++;
      }
    }
    assertEquals(PairedRuns.FORMAT_VERSION, byVersion.size(), byVersion::toString);
    for (Map.Entry<Integer, int[]> e : byVersion.entrySet()) {
      // each version's runs hold claims shown equivalent and claims not
      assertTrue(e.getValue()[0] > 0 && e.getValue()[1] > 0, "version " + e.getKey());
    }
  }
}
