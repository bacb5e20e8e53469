package org.wirebench.formats.geo;

import org.wirebench.formats.registry.Registry;

/** The registered datasets: the four built-ins and any a consumer adds through ServiceLoader. */
public final class Datasets {
  private static final class Holder {
    static final Registry<Dataset> REGISTRY =
        Registry.load(Dataset.class, "dataset", Dataset::name);
  }

  private Datasets() {}

  /**
   * The features each generated dataset holds, and so the most a count asks of a dataset ({@code
   * encode --count}, a benchmark's {@code -p count}): {@link Dataset#take} cuts a count to the
   * dataset's size without a word, so a bound above this would ask every built-in dataset for
   * features it does not have.
   */
  public static final int GENERATED_SIZE = 1_000_000;

  public static Registry<Dataset> registry() {
    return Holder.REGISTRY;
  }

  /** The named dataset; an unknown name fails with the list of valid ones. */
  public static Dataset get(String name) {
    return registry().get(name);
  }
}
