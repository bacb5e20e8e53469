package org.wirebench.bench.pair;

import java.util.Set;
import java.util.TreeSet;
import org.wirebench.results.PairedRuns;

/**
 * A slowdown planted on purpose in one variant of a paired run, to check that {@code compare} sees
 * it (docs/measuring.md, the planted-10% trials; scripts/planted-trials.sh).
 */
public final class PlantedSlowdown {
  private PlantedSlowdown() {}

  /**
   * {@code -Dwirebench.plant=ID:N}: variant ID runs every Nth operation twice, a slowdown of 1/N
   * planted on purpose to check that the method sees it (docs/measuring.md). The flag is among the
   * fork's JVM arguments, which pairs.json records.
   */
  public static final String PROPERTY = "wirebench.plant";

  /**
   * Why this JVM's {@value #PROPERTY} cannot run with {@code plan}, or null when it can (or is
   * unset): a value that is not ID:N with N 1..2147483647 (a variant id alone, N forgotten,
   * included: the raster ids hold a colon), an ID no group of the plan has (nothing would be
   * planted: a "planted" trial would be an A/A one), or an ID that, in any group holding it, cycles
   * through a sample (its doubled call would take the next of its sample and leave its batches no
   * longer whole) or names a benchmark that is not found. Every group holding the ID is checked, as
   * the forks plant it in every one.
   */
  public static String refused(String plant, Claims.Plan plan) {
    if (plant == null) {
      return null;
    }
    String prefix = "-D" + PROPERTY;
    int colon = plant.lastIndexOf(':');
    if (colon < 1
        || !plant.substring(colon + 1).matches("[1-9][0-9]{0,9}")
        || Long.parseLong(plant.substring(colon + 1)) > Integer.MAX_VALUE) {
      return prefix + " takes VARIANT:N (N 1..2147483647), was '" + plant + "'";
    }
    String id = plant.substring(0, colon);
    Set<String> ids = new TreeSet<>();
    boolean found = false;
    for (Claims.GroupPlan g : plan.groups()) {
      for (PairedRuns.Variant v : g.variants()) {
        ids.add(v.id());
        if (!v.id().equals(id)) {
          continue;
        }
        found = true;
        String benchmark = g.classes().get(v.id());
        try {
          if (BenchmarkInvoker.cycleOf(benchmark) > 1) {
            return prefix
                + ": "
                + id
                + " cycles through a sample; a doubled call would take the next of it and leave"
                + " its batches no longer whole";
          }
        } catch (ClassNotFoundException | RuntimeException e) {
          return prefix + ": " + id + "'s benchmark " + benchmark + " is not found";
        }
      }
    }
    if (found) {
      return null;
    }
    if (ids.contains(plant)) {
      return prefix + " takes VARIANT:N (N 1..2147483647), was '" + plant + "': N is missing";
    }
    return prefix
        + ": no group of this run has a variant '"
        + id
        + "' (the variants: "
        + String.join(", ", ids)
        + ")";
  }

  /** The operation with every {@code n}th call made twice. */
  static BenchmarkInvoker.Op planted(BenchmarkInvoker.Op op, int n) {
    if (n < 1) {
      throw new IllegalArgumentException(PROPERTY + ": N must be 1 or more, was " + n);
    }
    int[] calls = {0};
    return () -> {
      if (++calls[0] % n == 0) {
        op.call();
      }
      return op.call();
    };
  }
}
