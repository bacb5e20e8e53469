package org.wirebench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code pairs.json}: the claims a run measured as pairs. The variants of a group run in one forked
 * JVM, interleaved: every round times each variant once, for a fixed number of operations, in an
 * order shuffled anew each round (randomized multiple interleaved trials), so that what the machine
 * does to one variant in a round it does to the others; a claim's ratio is taken round by round.
 * Every fork's per-round times are kept, so that a later reader recomputes every interval.
 *
 * @param formatVersion {@value #FORMAT_VERSION}
 * @param settings how the groups were sampled
 * @param groups every group measured, in the order run
 * @param claims what each pair of variants was measured for, with the bounds the verdicts use
 */
public record PairedRuns(
    int formatVersion, Settings settings, List<Group> groups, List<Claim> claims) {

  /**
   * 4: each group says how long its variants were warmed ({@link Group#warmupMs}), the settings no
   * longer do; 3: the settings say how much of a fork's rounds its estimate trims ({@link
   * Settings#trimShare}); 2: a claim's kind may be NO_DIFFERENCE. Version 1 and 2 files read as
   * untrimmed. A field a version does not have is left out when written, not written as null: the
   * scripts that read pairs.json (scripts/pair-replay.py) take a key that is there for the field.
   */
  public static final int FORMAT_VERSION = 4;

  public static final String FILE = "pairs.json";

  /**
   * @param warmupMs every group's warm-up ({@link Group#warmupMs}) in files before version 4; null
   *     from version 4, where each group records its own
   * @param batchMs the time one variant runs in a round (the operation count per variant is set
   *     from it at the end of the warm-up and kept for the fork)
   * @param rounds measured rounds per fork
   * @param minForks forks before a group may stop
   * @param maxForks forks after which a group stops whatever its intervals
   * @param budgetMs the whole step's time; each group gets a share by its weight
   * @param confidence of every interval, e.g. 0.99
   * @param targetHalfWidth a group stops early only when each claim is decided and its interval is
   *     within this share of its ratio (0.10: ±10%)
   * @param forkJvmArgs the JVM arguments every fork ran with
   * @param trimShare a fork's estimate of a ratio is the mean of its rounds' log ratios once this
   *     share of the rounds is left out at each end (0.2: of 20 rounds the 4 lowest and the 4
   *     highest), 0 ≤ share &lt; 0.5; null in files before version 3, which took the plain mean
   */
  public record Settings(
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer warmupMs,
      int batchMs,
      int rounds,
      int minForks,
      int maxForks,
      long budgetMs,
      double confidence,
      double targetHalfWidth,
      List<String> forkJvmArgs,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double trimShare) {

    /** {@link #trimShare}, 0 for a file before version 3. */
    public double trim() {
      return trimShare == null ? 0 : trimShare;
    }
  }

  /**
   * @param id e.g. "wfs-osm_mainroads"
   * @param variants measured in one JVM
   * @param forks in the order run
   * @param stopped why sampling stopped: "decided" (every claim decided within the target width),
   *     "budget" (the group's share of time was spent), "max-forks"
   * @param elapsedMs wall time the group took, forks started included
   * @param warmupMs per variant, ms on the cost clock: a fork runs the group's variants interleaved
   *     until each has spent this long (and for at least 3 rounds) before the first measured round;
   *     null in files before version 4, whose groups all took {@link Settings#warmupMs}
   */
  public record Group(
      String id,
      List<Variant> variants,
      List<Fork> forks,
      String stopped,
      long elapsedMs,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer warmupMs) {

    public int index(String variant) {
      for (int i = 0; i < variants.size(); i++) {
        if (variants.get(i).id().equals(variant)) {
          return i;
        }
      }
      return -1;
    }
  }

  /**
   * @param id unique within its group, e.g. "gml32"
   * @param benchmark "Class.method" as JMH names it (simple class name)
   * @param params the benchmark's {@code @Param} values
   */
  public record Variant(String id, String benchmark, Map<String, String> params) {}

  /**
   * @param seed of the fork's round order
   * @param opsPerBatch per variant, the operations one round times
   * @param nsPerOp per variant (the group's order), per measured round: the cost of one operation,
   *     ns — the CPU time of the thread that ran the batch plus the collector's pauses meanwhile,
   *     over the batch's operations; what the ratios are taken of
   * @param wallNsPerOp the same rounds in wall time, kept to show what the CPU clock removes
   */
  public record Fork(
      long seed, int[] opsPerBatch, List<double[]> nsPerOp, List<double[]> wallNsPerOp) {}

  /**
   * A claim about the time ratio {@code a / b} of two variants of one group ("b is so many times
   * faster than a").
   *
   * @param id stable across runs, e.g. "soap-cxf-adb-ints-100"
   * @param study "WFS", "SOAP", "Backend", "Raster" or "target"
   * @param text what was claimed, in words
   * @param then the study's figure, in words
   * @param claimed the claimed ratio a / b; 1 for a claim of direction only ("a is slower")
   * @param band the equivalence band: a ratio within [1/(1+band), 1+band] is "no difference"
   * @param kind AT_LEAST (a study's claim: a / b is at least {@code claimed}), AT_MOST (a target: a
   *     / b stays at or below {@code claimed}) or NO_DIFFERENCE (a / b within the band: the A/A
   *     check; version 1 files recorded it as AT_LEAST 1)
   */
  public record Claim(
      String id,
      String study,
      String text,
      String then,
      String group,
      String a,
      String b,
      double claimed,
      double band,
      Kind kind) {}

  public enum Kind {
    AT_LEAST,
    AT_MOST,
    NO_DIFFERENCE
  }

  public Group group(String id) {
    for (Group g : groups) {
      if (g.id().equals(id)) {
        return g;
      }
    }
    return null;
  }

  public void write(Path file) throws IOException {
    ResultFiles.JSON.writeValue(file.toFile(), this);
  }

  /** How long the group's variants were warmed, ms of cost each, in any version's file. */
  public int warmupMs(Group g) {
    return g.warmupMs() != null ? g.warmupMs() : settings.warmupMs();
  }

  public static PairedRuns read(Path file) throws IOException {
    PairedRuns r =
        ResultFiles.bind(file, ResultFiles.readVersioned(file, FORMAT_VERSION), PairedRuns.class);
    r.check(file);
    return r;
  }

  /**
   * Refuses a file whose values a ratio would be taken of blindly: a missing list or id, a group,
   * variant or claim id given twice (the second would be ignored: its forks never read, or a claim
   * counted twice), a claim naming what the file does not hold, a fork that does not time every
   * variant in equal rounds, a cost that is not a time.
   */
  private void check(Path file) throws IOException {
    if (settings == null || groups == null || claims == null) {
      throw new UnreadableRunException(file + ": settings, groups or claims missing");
    }
    if (groups.isEmpty() || claims.isEmpty()) {
      // the suite writes pairs.json only when it measured claims, each in a group
      throw new UnreadableRunException(
          file
              + ": no "
              + (groups.isEmpty() ? "groups" : "claims")
              + ": pairs that measured nothing");
    }
    if ((formatVersion >= 3) != (settings.trimShare() != null)) {
      // a version 3 file without it would read as untrimmed, its intervals silently not the run's
      throw new UnreadableRunException(
          file
              + ": format version "
              + formatVersion
              + (formatVersion >= 3 ? " needs settings.trimShare" : " has no settings.trimShare"));
    }
    double trim = settings.trim();
    if (!(trim >= 0 && trim < 0.5)) {
      throw new UnreadableRunException(
          file + ": trimShare " + trim + " is not in [0, 0.5): a fork would keep no round");
    }
    double confidence = settings.confidence();
    if (!(Figures.isPositive(confidence) && confidence < 1)) {
      throw new UnreadableRunException(file + ": confidence " + confidence + " is not in (0, 1)");
    }
    Fields f = Fields.of(file);
    Fields sf = f.in("settings");
    // version 4 keeps each group's warm-up in the group: one in two places could disagree
    if (formatVersion >= 4) {
      sf.absent("warmupMs", settings.warmupMs(), formatVersion);
    } else {
      sf.atLeast("warmupMs", sf.present("warmupMs", settings.warmupMs()), 0);
    }
    sf.atLeast("batchMs", settings.batchMs(), 1);
    sf.atLeast("rounds", settings.rounds(), 1);
    sf.atLeast("minForks", settings.minForks(), 1);
    sf.atLeast("maxForks", settings.maxForks(), settings.minForks());
    sf.atLeast("budgetMs", settings.budgetMs(), 1);
    sf.positive("targetHalfWidth", settings.targetHalfWidth());
    sf.present("forkJvmArgs", settings.forkJvmArgs());
    Set<String> groupIds = new HashSet<>();
    for (Group g : groups) {
      if (g == null || g.id() == null || g.variants() == null || g.forks() == null) {
        throw new UnreadableRunException(file + ": a group without its id, variants or forks");
      }
      if (!groupIds.add(g.id())) {
        throw new UnreadableRunException(file + ": group " + g.id() + " appears twice");
      }
      if (g.variants().isEmpty() || g.forks().isEmpty()) {
        // every group runs its minimum of forks: an empty one is a truncated file
        throw new UnreadableRunException(
            file + ": group " + g.id() + " has no " + (g.forks().isEmpty() ? "forks" : "variants"));
      }
      Fields gf = f.in("group " + g.id());
      if (formatVersion >= 4) {
        gf.atLeast("warmupMs", gf.present("warmupMs", g.warmupMs()), 0);
      } else {
        gf.absent("warmupMs", g.warmupMs(), formatVersion);
      }
      gf.oneOf("stopped", g.stopped(), STOPPED);
      gf.atLeast("elapsedMs", g.elapsedMs(), 1);
      gf.atMost("forks", g.forks().size(), settings.maxForks());
      Set<String> variantIds = new HashSet<>();
      for (Variant v : g.variants()) {
        if (v == null || v.id() == null) {
          throw new UnreadableRunException(
              file + ": group " + g.id() + " has a variant without id");
        }
        if (!variantIds.add(v.id())) {
          throw new UnreadableRunException(
              file + ": group " + g.id() + " names variant " + v.id() + " twice");
        }
        Fields vf = gf.in("variant " + v.id());
        vf.text("benchmark", v.benchmark());
        vf.present("params", v.params());
      }
      for (Fork fork : g.forks()) {
        checkFork(file, g, fork);
        for (int ops : fork.opsPerBatch()) {
          gf.atLeast("opsPerBatch", ops, 1);
        }
      }
    }
    Set<String> claimIds = new HashSet<>();
    for (Claim c : claims) {
      if (c == null || c.id() == null || c.kind() == null) {
        throw new UnreadableRunException(file + ": a claim without its id or kind");
      }
      if (!claimIds.add(c.id())) {
        throw new UnreadableRunException(file + ": claim " + c.id() + " appears twice");
      }
      // the verdicts divide by both: a bound of 0 or below, or a band of none, reads as a verdict
      String not = Figures.notPositive(c.claimed(), "not above 0");
      if (not != null) {
        throw new UnreadableRunException(
            file + ": claim " + c.id() + " has claimed ratio " + c.claimed() + ", " + not);
      }
      not = Figures.notPositive(c.band(), "not above 0");
      if (not != null) {
        throw new UnreadableRunException(
            file + ": claim " + c.id() + " has band " + c.band() + ", " + not);
      }
      Fields cf = f.in("claim " + c.id());
      cf.text("study", c.study());
      cf.present("text", c.text());
      cf.present("then", c.then());
      if (formatVersion < 2 && c.kind() == Kind.NO_DIFFERENCE) {
        // version 1 recorded the A/A check as AT_LEAST 1: its verdict rules differ
        throw cf.refuse("kind", "is NO_DIFFERENCE, which format version 1 did not have");
      }
      if (c.a() != null && c.a().equals(c.b())) {
        throw cf.refuse("b", "is " + c.b() + ", the same variant as a: a ratio of 1 by definition");
      }
      Group g = c.group() == null ? null : group(c.group());
      if (g == null || c.a() == null || c.b() == null || g.index(c.a()) < 0 || g.index(c.b()) < 0) {
        throw new UnreadableRunException(
            file + ": claim " + c.id() + " names a group or variant the file does not hold");
      }
    }
    // a group is run for its claims: one no claim names is a file whose claims were cut
    Set<String> named = new HashSet<>();
    claims.forEach(c -> named.add(c.group()));
    for (Group g : groups) {
      if (!named.contains(g.id())) {
        throw f.in("group " + g.id())
            .refuse("id", "is named by no claim: a group measured for none");
      }
    }
  }

  /** Why a group stopped sampling, as the pair runner writes it. */
  static final List<String> STOPPED = List.of("decided", "budget", "max-forks");

  /** Per variant, equal rounds of costs that are times (finite, above zero), in both clocks. */
  private static void checkFork(Path file, Group g, Fork f) throws IOException {
    int n = g.variants().size();
    if (f == null
        || f.nsPerOp() == null
        || f.nsPerOp().size() != n
        || f.wallNsPerOp() == null
        || f.wallNsPerOp().size() != n
        || f.opsPerBatch() == null
        || f.opsPerBatch().length != n) {
      throw new UnreadableRunException(
          file + ": a fork of group " + g.id() + " does not time every variant");
    }
    int rounds = f.nsPerOp().get(0) == null ? 0 : f.nsPerOp().get(0).length;
    for (List<double[]> clock : List.of(f.nsPerOp(), f.wallNsPerOp())) {
      for (double[] costs : clock) {
        if (costs == null || costs.length != rounds || rounds == 0) {
          throw new UnreadableRunException(
              file + ": a fork of group " + g.id() + " times its variants in unequal rounds");
        }
        for (double x : costs) {
          if (!isTime(x)) {
            throw new UnreadableRunException(
                file + ": group " + g.id() + " holds a cost of " + x + " ns, not a time");
          }
        }
      }
    }
  }

  /**
   * A cost per operation a round can have measured: from {@link #MIN_NS} (below it, a subnormal
   * such as 5e-324 makes a ratio x / y infinite) to {@link #MAX_NS}; NaN, zero, negative and
   * infinite are not. A range inside {@link Figures}' (which every other figure is held to): a
   * round's cost is also a time some round could have taken.
   */
  public static boolean isTime(double ns) {
    return ns >= MIN_NS && ns <= MAX_NS;
  }

  /** The smallest cost per operation read as a time: a femtosecond, ns. */
  public static final double MIN_NS = 1e-6;

  /** The largest: a day per operation, far beyond any round of a paired run, ns. */
  public static final double MAX_NS = 86_400e9;
}
