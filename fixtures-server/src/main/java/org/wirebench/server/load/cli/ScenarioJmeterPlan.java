package org.wirebench.server.load.cli;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.server.JvmProfile;
import org.wirebench.server.ServerProcess;
import org.wirebench.server.load.JmeterPlan;
import org.wirebench.server.load.ResponseProbe;
import org.wirebench.server.load.scenario.Scenario;
import org.wirebench.server.load.scenario.ScenarioOptions;
import org.wirebench.server.load.scenario.ScenarioRunner;

/**
 * {@code load --scenario --jmeter-plan}: the points, as the runner would configure them, written as
 * a JMeter plan with the checks a live server's answers give.
 */
final class ScenarioJmeterPlan {
  private ScenarioJmeterPlan() {}

  /**
   * Writes the plan, probing the server at --server, else one started for the purpose (the plan
   * then points at 127.0.0.1:8080 unless told otherwise with -Jhost/-Jport).
   */
  static int write(
      LoadCommand cmd, Scenario scenario, List<Scenario.Point> points, ScenarioSettings settings)
      throws Exception {
    ScenarioOptions o = cmd.scenarioOptions;
    URI base = o.server == null ? URI.create("http://127.0.0.1:8080/") : o.server;
    List<JmeterPlan.Entry> entries = new java.util.ArrayList<>();
    if (o.server != null) {
      probe(points, settings, base, o.server, entries);
    } else {
      try (ServerProcess process =
          ServerProcess.start(
              o.java, JvmProfile.byName("default"), ScenarioServer.serveArgs(cmd.encoding()))) {
        probe(points, settings, base, process.uri(), entries);
      }
    }
    java.nio.file.Path jmx;
    try {
      jmx = JmeterPlan.write(scenario.name(), base, entries, o.jmeterPlan, o.jmeterEngines);
    } catch (IllegalArgumentException e) {
      throw cmd.bad("--jmeter-plan: " + e.getMessage());
    }
    // timestamps at each sample's start, as jmeter-import reads a JTL by default (JMeter's own
    // default writes its end)
    System.out.printf(
        Locale.ROOT,
        "%s scenario (%s): %d points, each answer checked, as a JMeter plan: %s (run: jmeter -n -t %s -Jhost=%s"
            + " -Jport=%d -Jsampleresult.timestamp.start=true -l results.jtl)%n",
        scenario.name(),
        settings.mode(),
        points.size(),
        jmx,
        jmx,
        base.getHost(),
        base.getPort());
    return 0;
  }

  private static void probe(
      List<Scenario.Point> points,
      ScenarioSettings settings,
      URI base,
      URI live,
      List<JmeterPlan.Entry> entries)
      throws Exception {
    for (Scenario.Point p : points) {
      ResponseProbe probe;
      try {
        probe = ResponseProbe.of(p.id(), p.plan().apply(live), p.validator());
      } catch (java.io.IOException e) {
        throw new java.io.IOException(
            "--jmeter-plan: " + live + " answered wrongly: " + e.getMessage(), e);
      }
      entries.add(
          new JmeterPlan.Entry(
              p.id(), ScenarioRunner.bounded(p.plan().apply(base), settings), probe));
    }
  }
}
