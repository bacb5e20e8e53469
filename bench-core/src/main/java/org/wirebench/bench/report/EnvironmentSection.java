package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.wirebench.results.OtherWork;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.RunRecord;

/** Where and on what the run happened, from env.json (and how each load server JVM started). */
public final class EnvironmentSection implements ReportSection {
  @Override
  public String name() {
    return "environment";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    RunEnvironment env = run.env();
    List<String> items = new ArrayList<>();
    items.add("suite: " + env.suite() + ", started " + env.startedUtc());
    items.add("JDK: " + env.jdk() + " (" + env.vm() + "), forks on: " + env.forkedJvm());
    items.add("CPU: " + env.machine() + "; " + env.os());
    items.add("commit: " + env.commit() + (env.workingTreeDirty() ? " (dirty)" : ""));
    if (env.formatVersion() >= 5) {
      // a line older runs' committed reports do not have: they re-render byte for byte
      items.add("other work on the machine: " + otherWork(env));
    }
    if (env.libraries() != null && !env.libraries().isEmpty()) {
      List<String> libs = new ArrayList<>();
      env.libraries().forEach((k, v) -> libs.add(k.substring(k.indexOf(':') + 1) + " " + v));
      items.add("libraries: " + String.join(", ", libs));
    }
    run.load()
        .forEach((name, s) -> items.add("load scenario " + name + ": " + LoadSection.server(s)));
    return List.of(new Report.Heading(1, "The run"), new Report.Bullets(items));
  }

  /**
   * What else used the machine in each step, as shares of it ("benchmarks 1% (steal 0%), ..."), and
   * when a step shared it, what that means for its figures; or why it is not known.
   */
  static String otherWork(RunEnvironment env) {
    if (env.otherWork() == null) {
      return env.formatVersion() < 5
          ? "not recorded (env.json before version 5)"
          : "not recorded (a suite run where the kernel kept no /proc accounts, or load results"
              + " of a driver-only load --out folder, whose env.json jmeter-import wrote)";
    }
    List<String> steps = new ArrayList<>();
    for (OtherWork w : env.otherWork()) {
      steps.add(
          String.format(
              Locale.ROOT,
              "%s %.0f%% (steal %.0f%%)",
              w.step(),
              100 * w.othersShare(),
              100 * w.stealShare()));
    }
    Set<OtherWork.Step> busy = OtherWork.busySteps(env.otherWork());
    return String.join(", ", steps)
        + " of the machine's time"
        + (busy.isEmpty()
            ? ""
            : String.format(
                Locale.ROOT,
                "; the %s shared the machine (other work or steal %.0f%% of it or more): compare"
                    + " does not judge %s absolute figures against another run's",
                steps(busy),
                100 * OtherWork.BUSY_SHARE,
                busy.size() == 1 ? "its" : "their"));
  }

  /** "the load step", "the pairs and load steps", "the benchmarks, pairs and load steps". */
  public static String steps(Set<OtherWork.Step> steps) {
    List<String> names = steps.stream().map(OtherWork.Step::key).toList();
    String last = names.get(names.size() - 1);
    return names.size() == 1
        ? last + " step"
        : String.join(", ", names.subList(0, names.size() - 1)) + " and " + last + " steps";
  }
}
