package org.wirebench.formats.finding;

import org.wirebench.formats.registry.Registry;

/** The registered backend formats. */
public final class BackendFormats {
  private static final class Holder {
    static final Registry<BackendFormat> REGISTRY =
        Registry.load(BackendFormat.class, "backend format", BackendFormat::name);
  }

  private BackendFormats() {}

  public static Registry<BackendFormat> registry() {
    return Holder.REGISTRY;
  }

  public static BackendFormat get(String name) {
    return registry().get(name);
  }
}
