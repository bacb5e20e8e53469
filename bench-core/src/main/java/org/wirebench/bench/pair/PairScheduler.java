package org.wirebench.bench.pair;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongSupplier;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.PairedRuns.Claim;
import org.wirebench.results.PairedRuns.Fork;
import org.wirebench.results.PairedRuns.Group;
import org.wirebench.results.PairedRuns.Settings;

/**
 * Which group gets the next fork. First every group gets its {@code minForks}, round by round
 * (every group's first fork in the plan's order, then every group's second, ...): a group's forks
 * run back to back sat in one stretch of a shared VM, and the interval over them missed how the
 * machine moved over the step's minutes (docs/measuring.md, "A group's forks spread over the
 * step"); then the rest of the budget goes one fork at a time to the groups that are still open (a
 * claim's answer or finer verdict undecided, or its interval wider than the target), as long as a
 * fork of that group (its mean so far) still fits in what is left. Groups with a claim whose
 * interval is wider than the target come first: an undecided claim whose interval is already within
 * the target sits at an edge (the truth near the bound: GML 3.2 / GML 2 on osm_places at 1.21
 * [1.19, 1.24] against 1.2), which more forks decide only slowly, while a wide claim narrows with
 * every fork (docs/measuring.md, "Adaptive budget"). Then by how open a group is ({@link Openness};
 * in the first tier, how open its wide claims are): first those where a claim's answer (holds /
 * does not hold, met / missed) is undecided — what the user asks —, then those where only a finer
 * verdict is (which way a claim that does not hold misses), then those only wider than the target.
 * Within each, groups whose forks disagree come first — an open claim (in the first tier, a wide
 * one) with a variant whose fork medians form two modes ({@link ForkModes}): there the interval is
 * wide because the forks draw from two speeds, and only more forks weigh them; a group at the
 * band's edge gains less from one fork more. Then the one with the fewest forks. So the budget is
 * spent where a verdict is still open, not on groups in the order they happen to come: a group
 * decided at its minimum gives all of its time to the others.
 */
final class PairScheduler {
  /** One forked JVM measuring every variant of a group. */
  interface Forker {
    Fork fork(Claims.GroupPlan plan) throws IOException, InterruptedException;
  }

  /** How open a group is, most open first: the order the free forks go in within a width tier. */
  enum Openness {
    /** a claim's answer (or a target's) is undecided */
    ANSWER,
    /** every answer is decided, a finer verdict is not */
    FINER,
    /** every verdict is decided, an interval is wider than the target */
    WIDTH,
    CLOSED
  }

  private final Settings settings;
  private final LongSupplier nanoClock;
  private final Forker forker;
  private final PrintStream log;

  PairScheduler(Settings settings, LongSupplier nanoClock, Forker forker, PrintStream log) {
    this.settings = settings;
    this.nanoClock = nanoClock;
    this.forker = forker;
    this.log = log;
  }

  private final class State {
    final Claims.GroupPlan plan;
    final List<Claim> claims;
    final List<Fork> forks = new ArrayList<>();
    long elapsedNs;
    String stopped;
    Openness openness = Openness.CLOSED;
    boolean wide;
    boolean forksDisagree;

    State(Claims.GroupPlan plan, List<Claim> claims) {
      this.plan = plan;
      this.claims = claims;
    }

    void addFork() throws IOException, InterruptedException {
      long t = nanoClock.getAsLong();
      forks.add(forker.fork(plan));
      elapsedNs += nanoClock.getAsLong() - t;
      log.printf(
          Locale.ROOT,
          "pairs: %s fork %d (%.0f s)%s%s%n",
          plan.id(),
          forks.size(),
          elapsedNs / 1e9,
          summary(group(), claims),
          modes(group(), claims));
    }

    /** Why this group takes no more forks, or null while it may. */
    void judge() {
      Group g = group();
      List<Claim> wideClaims = wide(g, claims);
      wide = !wideClaims.isEmpty();
      // in the wide tier a group ranks by how open its wide claims are, and by whether their forks
      // disagree: a narrow claim at its bound beside a wide one whose answer is decided put it
      // before a group whose wide claim was still undecided (replayed on two commits' runs: 2.86 →
      // 2.55 and 2.20 → 1.78 claims wider than the target a run, the same answers;
      // docs/measuring.md), and a narrow claim's two modes put it before a group whose wide claim
      // was as open: a narrow claim sits at an edge, which one fork more decides only slowly
      List<Claim> ranking = wide ? wideClaims : claims;
      openness = openness(g, ranking);
      stopped =
          forks.size() >= settings.maxForks()
              ? "max-forks"
              : openness == Openness.CLOSED ? "decided" : null;
      forksDisagree = stopped == null && twoModes(g, ranking);
    }

    Group group() {
      return new Group(
          plan.id(),
          plan.variants(),
          List.copyOf(forks),
          stopped == null ? "" : stopped,
          elapsedNs / 1_000_000,
          plan.warmupMs());
    }
  }

  PairedRuns run(Claims.Plan plan) throws IOException, InterruptedException {
    long start = nanoClock.getAsLong();
    List<State> states = new ArrayList<>();
    for (Claims.GroupPlan g : plan.groups()) {
      states.add(
          new State(g, plan.claims().stream().filter(c -> c.group().equals(g.id())).toList()));
    }
    // the minimum forks round by round (each group's first in the plan's order, then each one's
    // second, ...) rather than a group's all at once: a group's forks then sample the whole step's
    // minutes of the machine, not one stretch of it, and the interval over them holds that drift
    for (int round = 0; round < settings.minForks(); round++) {
      for (State s : states) {
        s.addFork();
      }
    }
    for (State s : states) {
      s.judge();
    }
    while (true) {
      long leftNs = settings.budgetMs() * 1_000_000 - (nanoClock.getAsLong() - start);
      State next =
          states.stream()
              .filter(s -> s.stopped == null)
              .min(
                  Comparator.comparing((State s) -> !s.wide)
                      .thenComparing((State s) -> s.openness)
                      .thenComparing((State s) -> !s.forksDisagree)
                      .thenComparingInt(s -> s.forks.size()))
              .orElse(null);
      if (next == null) {
        break;
      }
      if (next.elapsedNs / next.forks.size() > leftNs) {
        next.stopped = "budget";
        continue;
      }
      next.addFork();
      next.judge();
    }
    List<Group> groups = new ArrayList<>();
    for (State s : states) {
      groups.add(s.group());
    }
    return new PairedRuns(PairedRuns.FORMAT_VERSION, settings, groups, plan.claims());
  }

  /** The most open of the group's claims. */
  private Openness openness(Group g, List<Claim> claims) {
    Openness most = Openness.CLOSED;
    for (Claim c : claims) {
      Openness o = openness(g, c);
      if (o.compareTo(most) < 0) {
        most = o;
      }
    }
    return most;
  }

  private Openness openness(Group g, Claim c) {
    PairedRatio r = PairedRatio.of(settings, g, c.a(), c.b());
    ClaimVerdict v = ClaimVerdict.judge(c, r);
    if (!v.decided()) {
      return Openness.ANSWER;
    }
    if (!v.fineDecided()) {
      return Openness.FINER;
    }
    return r.halfWidth() > settings.targetHalfWidth() ? Openness.WIDTH : Openness.CLOSED;
  }

  /** The group's claims whose interval is wider than the target (so they are open). */
  private List<Claim> wide(Group g, List<Claim> claims) {
    List<Claim> wide = new ArrayList<>();
    for (Claim c : claims) {
      if (PairedRatio.of(settings, g, c.a(), c.b()).halfWidth() > settings.targetHalfWidth()) {
        wide.add(c);
      }
    }
    return wide;
  }

  /** Inconclusive at either level, or decided with an interval wider than the target. */
  private boolean open(Group g, Claim c) {
    return openness(g, c) != Openness.CLOSED;
  }

  /** Whether an open claim of the group has a variant whose forks form two modes. */
  private boolean twoModes(Group g, List<Claim> claims) {
    for (Claim c : claims) {
      if (open(g, c) && !ForkModes.ofPair(g, c.a(), c.b()).isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /** "; two modes: gml2 196 µs in 1 of 5 forks, 248 µs in 4", once a variant. */
  private static String modes(Group g, List<Claim> claims) {
    StringBuilder s = new StringBuilder();
    Set<String> seen = new HashSet<>();
    for (Claim c : claims) {
      for (ForkModes.Named m : ForkModes.ofPair(g, c.a(), c.b())) {
        if (seen.add(m.variant())) {
          s.append("; two modes: ").append(m.variant()).append(' ').append(m.modes().describe());
        }
      }
    }
    return s.toString();
  }

  private String summary(Group g, List<Claim> claims) {
    StringBuilder s = new StringBuilder();
    for (Claim c : claims) {
      PairedRatio r = PairedRatio.of(settings, g, c.a(), c.b());
      s.append(
          String.format(
              Locale.ROOT,
              "; %s %.3f%s %s",
              c.id(),
              r.ratio(),
              r.hasInterval() ? String.format(Locale.ROOT, " ±%.1f%%", 100 * r.halfWidth()) : "",
              ClaimVerdict.judge(c, r).label()));
    }
    return s.toString();
  }
}
