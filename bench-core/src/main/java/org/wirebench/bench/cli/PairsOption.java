package org.wirebench.bench.cli;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.wirebench.bench.pair.Claims;

/** {@code suite --pairs}: the claims it measures as interleaved pairs. */
final class PairsOption {
  private PairsOption() {}

  /**
   * The plan {@code --pairs} names: quick, full, none (null), or groups of the full plan — to
   * measure again the one claim a change is about, as often as it takes.
   */
  static Claims.Plan plan(String pairing) {
    Claims.Plan full = Claims.full();
    switch (pairing) {
      case "none":
        return null;
      case "quick":
        return Claims.quick();
      case "full":
        return full;
      default:
        break;
    }
    List<String> named = List.of(pairing.split(",", -1));
    Set<String> wanted = new LinkedHashSet<>(named);
    if (wanted.size() != named.size()) {
      // as every list option: a group named twice is a typo for another, never measured twice
      String twice =
          named.stream().filter(g -> named.indexOf(g) != named.lastIndexOf(g)).findFirst().get();
      throw new IllegalArgumentException("names " + twice + " twice");
    }
    Set<String> known = new LinkedHashSet<>();
    full.groups().forEach(g -> known.add(g.id()));
    for (String g : wanted) {
      if (!known.contains(g)) {
        throw new IllegalArgumentException(
            "takes quick, full, none or groups of "
                + String.join(", ", known)
                + "; was '"
                + g
                + "'");
      }
    }
    wanted.add(Claims.CALIBRATION);
    return new Claims.Plan(
        full.groups().stream().filter(g -> wanted.contains(g.id())).toList(),
        full.claims().stream().filter(c -> wanted.contains(c.group())).toList());
  }
}
