package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.wirebench.results.RunEnvironment;

/**
 * What differs between two runs' environments (JDK, JVMs, CPU, cores, JVM flags, library versions)
 * and may explain a difference in their results: warnings beside a comparison, never verdicts.
 */
final class EnvironmentDifferences {
  private EnvironmentDifferences() {}

  /** One warning line per difference, in this order. */
  static List<String> of(RunEnvironment a, RunEnvironment b) {
    List<String> warnings = new ArrayList<>();
    warn(warnings, "JDK", a.jdk(), b.jdk());
    warn(warnings, "forked JDK", a.forkedJdkMajor(), b.forkedJdkMajor());
    warn(warnings, "forked JVM", a.forkedJvm(), b.forkedJvm());
    warn(warnings, "CPU", a.cpuModel(), b.cpuModel());
    warn(warnings, "core count", a.cores(), b.cores());
    warn(
        warnings,
        "launcher JVM flags",
        withoutPaths(a.launcherJvmArgs()),
        withoutPaths(b.launcherJvmArgs()));
    warn(warnings, "forked JVM flags", forks(a.forkJvmArgs()), forks(b.forkJvmArgs()));
    warn(warnings, "server JVM flags", a.serverJvms(), b.serverJvms());
    libraries(warnings, a.libraries(), b.libraries());
    return warnings;
  }

  /**
   * What the two runs' recorded hardware differs in, "core count 2 vs 1", "CPU A vs B": a different
   * machine whatever its calibration says (one thread's speed does not see the cores).
   */
  static List<String> hardware(RunEnvironment a, RunEnvironment b) {
    List<String> differences = new ArrayList<>();
    difference(differences, "CPU", a.cpuModel(), b.cpuModel());
    difference(differences, "core count", a.cores(), b.cores());
    return differences;
  }

  private static void difference(List<String> differences, String what, Object x, Object y) {
    if (x != null && y != null && !Objects.equals(x, y)) {
      differences.add(what + " " + x + " vs " + y);
    }
  }

  /**
   * Only the libraries whose versions differ, "name: base → new", and those one run lacks: both
   * maps whole ran to a thousand characters, the one changed version lost among them.
   */
  private static void libraries(
      List<String> warnings, Map<String, String> base, Map<String, String> now) {
    if (base == null || now == null || base.equals(now)) {
      return;
    }
    List<String> changed = new ArrayList<>();
    for (String name : new TreeSet<>(base.keySet())) {
      String is = now.get(name);
      if (is == null) {
        changed.add(name + " " + base.get(name) + " only in BASE");
      } else if (!is.equals(base.get(name))) {
        changed.add(name + ": " + base.get(name) + " → " + is);
      }
    }
    for (String name : new TreeSet<>(now.keySet())) {
      if (!base.containsKey(name)) {
        changed.add(name + " " + now.get(name) + " only in NEW");
      }
    }
    warnings.add("the runs differ in library versions: " + String.join(", ", changed));
  }

  /** Only what both runs recorded is compared (version 1 env.json lacks some fields). */
  private static void warn(List<String> warnings, String what, Object x, Object y) {
    if (x != null && y != null && !Objects.equals(x, y)) {
      warnings.add("the runs differ in " + what + ": " + x + " vs " + y);
    }
  }

  private static List<List<String>> forks(List<List<String>> perFork) {
    return perFork == null
        ? null
        : perFork.stream().map(EnvironmentDifferences::withoutPaths).toList();
  }

  /** JVM arguments that only name where wirebench's own files are do not change performance. */
  private static List<String> withoutPaths(List<String> args) {
    return args == null ? null : args.stream().filter(a -> !a.startsWith("-Dwirebench.")).toList();
  }
}
