package org.wirebench.formats.geo;

import org.wirebench.formats.registry.Registry;

/** The registered datasets: the four built-ins and any a consumer adds through ServiceLoader. */
public final class Datasets {
  private static final class Holder {
    static final Registry<Dataset> REGISTRY =
        Registry.load(Dataset.class, "dataset", Dataset::name);
  }

  private Datasets() {}

  public static Registry<Dataset> registry() {
    return Holder.REGISTRY;
  }

  /** The named dataset; an unknown name fails with the list of valid ones. */
  public static Dataset get(String name) {
    return registry().get(name);
  }
}
