package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.wirebench.results.RunEnvironment;

/**
 * What differs between two runs' environments (JDK, JVMs, CPU, cores, JVM flags, library versions)
 * and may explain a difference in their results: warnings beside a comparison, never verdicts. Each
 * field is compared once; the hardware's differences are also told apart, as they make the runs'
 * machines different whatever their calibration says.
 *
 * @param hardware what the two runs' recorded hardware differs in, "core count 2 vs 1", "CPU A vs
 *     B": a different machine whatever its calibration says (one thread's speed does not see the
 *     cores)
 * @param jvms what the JVMs every pair variant and benchmark ran on differ in ("forked JVM flags
 *     [...] vs [...]"): a difference that moves every workload together, as another machine does
 * @param warnings one warning line per difference, hardware's among them
 */
record EnvironmentDifferences(List<String> hardware, List<String> jvms, List<String> warnings) {

  /** One field's values in the two runs. */
  private record Difference(String what, Object base, Object now) {}

  static EnvironmentDifferences of(RunEnvironment a, RunEnvironment b) {
    List<Difference> hardware = new ArrayList<>();
    differ(hardware, "CPU", a.cpuModel(), b.cpuModel());
    differ(hardware, "core count", a.cores(), b.cores());
    List<Difference> all = new ArrayList<>();
    differ(all, "JDK", a.jdk(), b.jdk());
    differ(all, "forked JDK", a.forkedJdkMajor(), b.forkedJdkMajor());
    differ(all, "forked JVM", a.forkedJvm(), b.forkedJvm());
    all.addAll(hardware);
    differ(
        all,
        "launcher JVM flags",
        withoutPaths(a.launcherJvmArgs()),
        withoutPaths(b.launcherJvmArgs()));
    differ(all, "forked JVM flags", forks(a.forkJvmArgs()), forks(b.forkJvmArgs()));
    differ(all, "server JVM flags", a.serverJvms(), b.serverJvms());
    List<String> warnings = new ArrayList<>();
    all.forEach(
        d -> warnings.add("the runs differ in " + d.what() + ": " + d.base() + " vs " + d.now()));
    libraries(warnings, a.libraries(), b.libraries());
    // both runs' forks on the launcher's java: its JDK, to the patch release, is theirs
    Set<String> jvmFields =
        RunEnvironment.SAME_JVM.equals(a.forkedJvm())
                && RunEnvironment.SAME_JVM.equals(b.forkedJvm())
            ? Set.of("JDK", "forked JVM flags")
            : Set.of("forked JDK", "forked JVM", "forked JVM flags");
    List<Difference> jvms = all.stream().filter(d -> jvmFields.contains(d.what())).toList();
    return new EnvironmentDifferences(
        hardware.stream().map(d -> d.what() + " " + d.base() + " vs " + d.now()).toList(),
        jvms.stream().map(d -> d.what()).toList(),
        List.copyOf(warnings));
  }

  /** Only what both runs recorded is compared (version 1 env.json lacks some fields). */
  private static void differ(List<Difference> out, String what, Object x, Object y) {
    if (x != null && y != null && !Objects.equals(x, y)) {
      out.add(new Difference(what, x, y));
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
