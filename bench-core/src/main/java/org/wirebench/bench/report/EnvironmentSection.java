package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
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
    if (env.libraries() != null && !env.libraries().isEmpty()) {
      List<String> libs = new ArrayList<>();
      env.libraries().forEach((k, v) -> libs.add(k.substring(k.indexOf(':') + 1) + " " + v));
      items.add("libraries: " + String.join(", ", libs));
    }
    run.load()
        .forEach((name, s) -> items.add("load scenario " + name + ": " + LoadSection.server(s)));
    return List.of(new Report.Heading(1, "The run"), new Report.Bullets(items));
  }
}
