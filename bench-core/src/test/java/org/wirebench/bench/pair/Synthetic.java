package org.wirebench.bench.pair;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.PairedRuns.Claim;
import org.wirebench.results.PairedRuns.Kind;

/** Paired groups with known ratios, for the statistics and verdict tests. */
public final class Synthetic {
  private Synthetic() {}

  /**
   * A group "g" of variants "a" and "b" whose forks have a / b equal to {@code forkRatios}, with
   * per-round noise of {@code roundSd} on the log scale around each fork's ratio (seeded).
   */
  public static PairedRuns.Group group(double[] forkRatios, double roundSd, long seed) {
    Random random = new Random(seed);
    List<PairedRuns.Fork> forks = new ArrayList<>();
    int rounds = 20;
    for (double ratio : forkRatios) {
      double[] a = new double[rounds];
      double[] b = new double[rounds];
      double[] noise = new double[rounds];
      double mean = 0;
      for (int r = 0; r < rounds; r++) {
        noise[r] = random.nextGaussian() * roundSd;
        mean += noise[r];
      }
      mean /= rounds;
      for (int r = 0; r < rounds; r++) {
        b[r] = 1000 * (1 + 0.2 * random.nextDouble()); // the machine's drift: both sides share it
        a[r] =
            b[r] * ratio * Math.exp(noise[r] - mean); // each fork's mean log ratio exactly ln ratio
      }
      forks.add(new PairedRuns.Fork(seed, new int[] {10, 10}, List.of(a, b), List.of(a, b)));
    }
    return new PairedRuns.Group(
        "g",
        List.of(
            new PairedRuns.Variant("a", "X.a", Map.of()),
            new PairedRuns.Variant("b", "X.b", Map.of())),
        forks,
        "decided",
        1000,
        100);
  }

  public static Claim claim(double claimed, Kind kind) {
    return new Claim("c", "T", "a test claim", "", "g", "a", "b", claimed, 0.10, kind);
  }

  /** 99% intervals over the forks' plain means of their rounds. */
  public static final PairedRuns.Settings UNTRIMMED =
      new PairedRuns.Settings(null, 20, 20, 3, 12, 60_000, 0.99, 0.10, List.of(), 0.0);

  /** {@code s} with another trim share: how a run before pairs.json version 3 would read as one. */
  public static PairedRuns.Settings withTrim(PairedRuns.Settings s, double share) {
    return with(s, s.warmupMs(), share);
  }

  /**
   * {@code s} as pairs.json version 4 keeps it: trimmed by {@code share}, no warm-up of its own.
   */
  public static PairedRuns.Settings asVersion4(PairedRuns.Settings s, double share) {
    return with(s, null, share);
  }

  /** {@code groups} each warmed for {@code warmupMs} of its id, as version 4 records it. */
  public static List<PairedRuns.Group> warmed(
      List<PairedRuns.Group> groups, java.util.function.ToIntFunction<String> warmupMs) {
    return groups.stream()
        .map(
            g ->
                new PairedRuns.Group(
                    g.id(),
                    g.variants(),
                    g.forks(),
                    g.stopped(),
                    g.elapsedMs(),
                    warmupMs.applyAsInt(g.id())))
        .toList();
  }

  private static PairedRuns.Settings with(PairedRuns.Settings s, Integer warmupMs, double share) {
    return new PairedRuns.Settings(
        warmupMs,
        s.batchMs(),
        s.rounds(),
        s.minForks(),
        s.maxForks(),
        s.budgetMs(),
        s.confidence(),
        s.targetHalfWidth(),
        s.forkJvmArgs(),
        share);
  }

  public static PairedRuns runs(PairedRuns.Group g, Claim c) {
    return new PairedRuns(PairedRuns.FORMAT_VERSION, UNTRIMMED, List.of(g), List.of(c));
  }
}
