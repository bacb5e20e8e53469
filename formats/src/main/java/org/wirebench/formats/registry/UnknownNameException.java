package org.wirebench.formats.registry;

import java.util.Collection;
import java.util.List;

/** A name that no registered plug-in has; the message lists the ones that exist. */
public final class UnknownNameException extends IllegalArgumentException {
  private final List<String> validNames;

  public UnknownNameException(String kind, String name, Collection<String> validNames) {
    super("unknown " + kind + " '" + name + "'; valid: " + String.join(", ", validNames));
    this.validNames = List.copyOf(validNames);
  }

  public List<String> validNames() {
    return validNames;
  }
}
