package org.wirebench.server.load.wire;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.server.JvmProfile;
import org.wirebench.server.ServerProcess;
import org.wirebench.server.load.scenario.Scenario.Point;
import org.wirebench.server.load.scenario.SelfRunningScenario.CannotRunException;

/**
 * One run of the wire scenario from the host's side: the namespaces and the veth pair, the server
 * JVM in its namespace, the client JVM in the other ({@link WireClient}, which sets each link and
 * measures), their results put together in plan order. Everything is torn down on the way out,
 * whatever the way ({@link NetnsPair} for a JVM that dies; the two JVMs end with this one).
 */
final class WireRun {
  /** The longest wait for an idle server; tests of the mechanics set 0. */
  static volatile long idleWaitS = ServerIdle.MAX_WAIT_S;

  private final WireScenario scenario;
  private final List<WirePlan.Cell> cells;
  private final List<Integer> users;
  private final ScenarioSettings settings;
  private final JvmProfile profile;
  private final Path java;
  private final HostCheck host;
  private final PrintStream log;

  WireRun(
      WireScenario scenario,
      List<WirePlan.Cell> cells,
      List<Integer> users,
      ScenarioSettings settings,
      JvmProfile profile,
      Path java,
      HostCheck host,
      PrintStream log) {
    this.scenario = scenario;
    this.cells = cells;
    this.users = users;
    this.settings = settings;
    this.profile = profile;
    this.java = java;
    this.host = host;
    this.log = log;
  }

  /** The plan, one line a link, as printed before the run and kept in the results. */
  static List<String> plan(List<WirePlan.Cell> cells, List<Integer> users, ScenarioSettings s) {
    List<String> lines = new ArrayList<>();
    lines.add(
        String.format(
            Locale.ROOT,
            "wire plan (%s): %d cells × (receive, decode, end to end%s) = %d points; one client"
                + " warms on %d+ answers, then times %d",
            s.mode(),
            cells.size(),
            users.stream().map(n -> ", " + WirePlan.usersMeasure(n)).reduce("", String::concat),
            cells.size() * (3 + users.size()),
            s.warmupRequests(),
            s.requests()));
    for (Link link : cells.stream().map(WirePlan.Cell::link).distinct().toList()) {
      lines.add(
          "  "
              + link.spec()
              + ": "
              + String.join(
                  ", ",
                  cells.stream()
                      .filter(c -> c.link().equals(link))
                      .map(WirePlan.Cell::shape)
                      .toList()));
    }
    return lines;
  }

  ScenarioResult run(List<Point> points, HistogramLogWriter hlog) throws Exception {
    String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    List<String> plan = plan(cells, users, settings);
    Path work = Files.createTempDirectory("wirebench-wire-");
    Map<String, Object> server = new LinkedHashMap<>();
    Map<String, Object> client = new LinkedHashMap<>();
    ScenarioResult measured;
    List<EncodableHistogram> histograms = new ArrayList<>();
    try (NetnsPair pair =
        NetnsPair.create(host.shell(), ProcessHandle.current().pid(), work, log)) {
      Veth veth = pair.veth();
      // the kernel's refusal of a bucket is news before any JVM starts: exit 2
      veth.shape(host.shell(), cells.get(0).link());
      veth.unshape(host.shell());
      plan.forEach(log::println);
      boolean coded = cells.stream().anyMatch(c -> c.encoding() != WireEncoding.IDENTITY);
      List<String> serveArgs =
          List.of("--host", NetnsPair.SERVER_ADDRESS, coded ? "--gzip" : "--no-gzip");
      try (ServerProcess process =
          ServerProcess.start(NetnsPair.exec(pair.serverNs), java, profile, serveArgs)) {
        server.put("url", process.uri().toString());
        server.put("started", "by the wire scenario, in network namespace " + pair.serverNs);
        server.put("jvmProfile", profile.cliName());
        server.put("jvmFlags", profile.flags());
        server.put("droppedStudyFlags", profile.dropped());
        server.put("java", java == null ? "same as the load driver" : java.toString());
        server.put("command", process.command());
        log.printf(Locale.ROOT, "wire: server %s in %s%n", process.uri(), pair.serverNs);
        Path result = work.resolve("result.json");
        Path hlogPart = work.resolve("result.hlog");
        List<String> cmd =
            clientJvm(
                pair,
                new WireClient.Job(
                    process.uri().toString(),
                    process.pid(),
                    idleWaitS,
                    veth,
                    cells,
                    users,
                    settings,
                    result.toString(),
                    hlogPart.toString()),
                work);
        measured = ScenarioResult.read(result);
        client.put("driver", "wirebench wire client (Jetty HttpClient), in " + pair.clientNs);
        client.put("javaVersion", Runtime.version().toString());
        client.put("javaVendor", System.getProperty("java.vendor"));
        client.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        client.put("command", cmd);
        client.put(
            "veth",
            pair.serverDev
                + " ("
                + NetnsPair.SERVER_ADDRESS
                + ") to "
                + pair.clientDev
                + " ("
                + NetnsPair.CLIENT_ADDRESS
                + ")");
        client.put("plan", plan);
        client.putAll(measured.client());
        try (HistogramLogReader reader = new HistogramLogReader(hlogPart.toFile())) {
          for (EncodableHistogram h = reader.nextIntervalHistogram();
              h != null;
              h = reader.nextIntervalHistogram()) {
            histograms.add(h);
          }
        }
      }
    } finally {
      deleteTree(work);
    }
    Map<String, ScenarioResult.PointResult> byId = new LinkedHashMap<>();
    measured.points().forEach(p -> byId.put(p.id(), p));
    List<ScenarioResult.PointResult> ordered = new ArrayList<>();
    for (Point p : points) {
      ScenarioResult.PointResult r = byId.get(p.id());
      if (r == null) {
        throw new IOException("wire: point " + p.id() + " was not measured");
      }
      ordered.add(r);
    }
    if (hlog != null) {
      histograms.forEach(h -> hlog.outputIntervalHistogram((Histogram) h));
    }
    return new ScenarioResult(
        ScenarioResult.FORMAT_VERSION,
        scenario.name(),
        settings,
        started,
        server,
        client,
        scenario.table(),
        ordered,
        measured.wireCells());
  }

  /**
   * Runs the client JVM inside the client namespace and waits for it.
   *
   * @return its command line, for the record
   */
  private List<String> clientJvm(NetnsPair pair, WireClient.Job job, Path work) throws Exception {
    Path jobFile = work.resolve("job.json");
    WireClient.JSON.writeValue(jobFile.toFile(), job);
    List<String> cmd = new ArrayList<>(NetnsPair.exec(pair.clientNs));
    cmd.add(
        java == null
            ? Path.of(System.getProperty("java.home"), "bin", "java").toString()
            : java.toString());
    cmd.add("-XX:+UseParallelGC"); // as the load driver's JVM
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), WireClient.class.getName()));
    cmd.add(jobFile.toString());
    Process p =
        new ProcessBuilder(cmd)
            .redirectInput(ProcessBuilder.Redirect.PIPE) // never written: it ends with this JVM
            .redirectOutput(ProcessBuilder.Redirect.INHERIT)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    try {
      int code = p.waitFor();
      if (code == WireClient.CANNOT_RUN) {
        throw new CannotRunException("the wire scenario's client could not set its link (above)");
      }
      if (code != 0) {
        throw new IOException("wire: the client JVM failed (exit " + code + "; its reason above)");
      }
    } finally {
      if (p.isAlive()) {
        p.destroy();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
          p.destroyForcibly().waitFor();
        }
      }
    }
    return cmd.subList(0, cmd.size() - 1);
  }

  /** Removes the scratch folder, if the clean-up process has not already. */
  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path f : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    }
  }
}
