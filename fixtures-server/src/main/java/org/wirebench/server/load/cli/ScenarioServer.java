package org.wirebench.server.load.cli;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.server.CliTypes;
import org.wirebench.server.http.ContentCoding;
import org.wirebench.server.load.TargetUrls;
import org.wirebench.server.load.scenario.Scenario;
import org.wirebench.server.load.scenario.ScenarioOptions;
import org.wirebench.server.load.scenario.Scenarios;
import org.wirebench.server.load.scenario.SelfRunningScenario;

/**
 * The server a {@code load --scenario} run measures, other than one given as --server: the server
 * JVM it would start (its {@code serve} arguments), the suite's shared one standing for it ({@code
 * --shared-server}), and the wait for --server to accept connections.
 */
final class ScenarioServer {
  private ScenarioServer() {}

  /**
   * The arguments of {@code serve} for the server JVM that {@code load}, as parsed into {@code
   * load}, would start for its scenario (the suite starts that one itself and shares it, {@code
   * --shared-server}); null when it would start none: one URL, --server, --jmeter-plan, or a
   * scenario that sets up its own host.
   */
  static List<String> serverArgs(LoadCommand load) {
    ScenarioOptions o = load.scenarioOptions;
    if (load.mode.scenario == null
        || o.server != null
        || o.jmeterPlan != null
        || o.sharedServer != null
        || Scenarios.get(load.mode.scenario) instanceof SelfRunningScenario) {
      return null;
    }
    return serveArgs(load.encoding());
  }

  /**
   * The started server's arguments: compression off when nothing is asked for, so the scenario
   * measures the encoders alone whatever a client sends; on when --encoding asks for a coding.
   */
  static List<String> serveArgs(ContentCoding coding) {
    return List.of(coding == ContentCoding.IDENTITY ? "--no-compression" : "--compression");
  }

  /**
   * The server the suite started for its load step (--shared-server), as the result records it:
   * refused when this run would not start a server of its own (--server, --jmeter-plan, a
   * self-running scenario), or when it does not name its url and how it was started.
   */
  static Map<String, Object> shared(LoadCommand cmd, Scenario scenario) {
    ScenarioOptions o = cmd.scenarioOptions;
    if (o.server != null || o.jmeterPlan != null || scenario instanceof SelfRunningScenario) {
      throw cmd.bad(
          ScenarioOptions.SHARED_SERVER
              + " stands for the server this run would start; --server, --jmeter-plan and the "
              + scenario.name()
              + " scenario start none");
    }
    Map<String, Object> server;
    try {
      server =
          LoadCommand.JSON.readValue(
              o.sharedServer,
              new com.fasterxml.jackson.core.type.TypeReference<
                  LinkedHashMap<String, Object>>() {});
    } catch (java.io.IOException e) {
      throw cmd.bad(
          ScenarioOptions.SHARED_SERVER + " takes the server's description as a JSON object");
    }
    if (!(server.get("url") instanceof String url)
        || !url.startsWith("http://")
        || !(server.get("started") instanceof String)
        || !(server.get("command") instanceof List)) {
      throw cmd.bad(
          ScenarioOptions.SHARED_SERVER
              + " must name the server's url, how it started and its command");
    }
    try {
      URI.create(url);
    } catch (IllegalArgumentException e) {
      throw cmd.bad(ScenarioOptions.SHARED_SERVER + ": bad url " + url);
    }
    return server;
  }

  /** Waits until {@code base} accepts a TCP connection, or fails after {@code wait}. */
  static void await(URI base, Duration wait) throws Exception {
    int port = TargetUrls.port(base);
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      try (java.net.Socket s = new java.net.Socket()) {
        s.connect(new java.net.InetSocketAddress(base.getHost(), port), 1000);
        return;
      } catch (java.io.IOException e) {
        if (System.nanoTime() > deadline) {
          throw new java.io.IOException(
              base + " did not accept a connection within --server-wait " + CliTypes.format(wait),
              e);
        }
        Thread.sleep(200);
      }
    }
  }
}
