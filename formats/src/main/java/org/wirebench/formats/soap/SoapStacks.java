package org.wirebench.formats.soap;

import org.wirebench.formats.registry.Registry;

/** The registered SOAP stacks. */
public final class SoapStacks {
  private static final class Holder {
    static final Registry<SoapStack> REGISTRY =
        Registry.load(SoapStack.class, "stack", SoapStack::name);
  }

  private SoapStacks() {}

  public static Registry<SoapStack> registry() {
    return Holder.REGISTRY;
  }

  public static SoapStack get(String name) {
    return registry().get(name);
  }
}
