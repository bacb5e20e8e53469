package org.wirebench.server.load.wire;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.WireCell;
import org.wirebench.server.ParentWatch;
import org.wirebench.server.load.LoadDriver;
import org.wirebench.server.load.LoadPlan;
import org.wirebench.server.load.scenario.SelfRunningScenario.CannotRunException;

/**
 * The driver's JVM inside the client namespace ({@code ip netns exec wbw-PID-cli java ...
 * WireClient JOB}): checks each request shape and warms the server over the bare link, waits for
 * the server to be idle, then sets each link in turn and measures its cells through a {@link
 * DelayRelay}; writes what it measured where the job says. One JVM for every link, so its JIT warms
 * once. Ends with the scenario's JVM (its stdin is that JVM's pipe).
 */
public final class WireClient {
  /** Exit code for a host that refused the link (tc): the scenario then exits 2. */
  static final int CANNOT_RUN = 3;

  /**
   * What the client JVM does.
   *
   * @param server the server's base URI in its namespace
   * @param serverPid the server JVM, whose CPU time says when it is idle and what each cell's
   *     answers cost it
   * @param idleWaitS how long to wait at most for it to be idle
   * @param veth the pair between the namespaces, shaped per link
   * @param cells every cell, links outermost
   * @param result where the points go (a load-wire.json without the server's details)
   * @param hlog where their histograms go
   */
  public record Job(
      String server,
      long serverPid,
      long idleWaitS,
      Veth veth,
      List<WirePlan.Cell> cells,
      List<Integer> users,
      ScenarioSettings settings,
      String result,
      String hlog) {}

  static final ObjectMapper JSON =
      new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private WireClient() {}

  public static void main(String[] args) {
    ParentWatch.exitWhenEnded(System.in, "wire client");
    int code;
    try {
      if (args.length != 1) {
        throw new IllegalArgumentException("usage: WireClient JOB.json");
      }
      run(JSON.readValue(Path.of(args[0]).toFile(), Job.class), Shell.system(), System.err);
      code = 0;
    } catch (CannotRunException e) {
      System.err.println("wire client: " + e.getMessage());
      code = CANNOT_RUN;
    } catch (Exception e) {
      System.err.println("wire client: " + (e.getMessage() == null ? e : e.getMessage()));
      code = 1;
    }
    System.exit(code);
  }

  static void run(Job job, Shell shell, PrintStream log) throws Exception {
    String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    URI server = URI.create(job.server());
    Map<String, WirePlan.Cell> shapes = new LinkedHashMap<>();
    job.cells().forEach(c -> shapes.putIfAbsent(c.shape(), c));
    log.printf(Locale.ROOT, "wire: warming the server over the bare link%n");
    for (WirePlan.Cell cell : shapes.values()) {
      warm(server, cell, job.settings());
    }
    String idle = ServerIdle.await(job.serverPid(), job.idleWaitS());
    log.println("wire: server " + idle);
    List<ScenarioResult.PointResult> points = new ArrayList<>();
    List<WireCell> wireCells = new ArrayList<>();
    List<Map<String, Object>> links = new ArrayList<>();
    try (PrintStream hlogOut = new PrintStream(Files.newOutputStream(Path.of(job.hlog())))) {
      HistogramLogWriter hlog = new HistogramLogWriter(hlogOut);
      boolean shaped = false;
      long startNs = System.nanoTime();
      int done = 0;
      for (Link link : job.cells().stream().map(WirePlan.Cell::link).distinct().toList()) {
        if (shaped) {
          job.veth().unshape(shell); // a new bucket a link: its counters are that link's alone
        }
        job.veth().shape(shell, link);
        shaped = true;
        log.printf(Locale.ROOT, "wire: link %s (%s)%n", link.spec(), link.label());
        Map<String, Object> relayInfo;
        try (DelayRelay relay =
            DelayRelay.start(
                new InetSocketAddress("127.0.0.1", 0),
                new InetSocketAddress(server.getHost(), server.getPort()),
                link.oneWayNs(),
                Link.RELAY_QUEUE_BYTES)) {
          URI base = URI.create("http://127.0.0.1:" + relay.address().getPort() + "/");
          CellMeasure m =
              new CellMeasure(base, job.serverPid(), job.veth(), shell, job.settings(), log);
          for (WirePlan.Cell cell : job.cells()) {
            if (!cell.link().equals(link)) {
              continue;
            }
            long cellStart = System.nanoTime();
            CellMeasure.Measured r = m.measure(cell, job.users());
            done++;
            log.println(
                progress(
                    done,
                    job.cells().size(),
                    cell.id(),
                    (System.nanoTime() - cellStart) / 1_000_000,
                    (System.nanoTime() - startNs) / 1_000_000));
            for (int i = 0; i < r.points().size(); i++) {
              Histogram h = r.histograms().get(i).copy();
              h.setTag(r.points().get(i).id() + "#1");
              h.setStartTimeStamp(0);
              hlog.outputIntervalHistogram(h);
            }
            points.addAll(r.points());
            wireCells.add(r.cell());
          }
          relayInfo = relayInfo(relay, link);
        }
        Map<String, Object> l = new LinkedHashMap<>();
        l.put("link", link.spec());
        l.put("label", link.label());
        l.put("qdisc", "tc qdisc replace dev VETH root " + String.join(" ", link.tbf()));
        l.put("sent", job.veth().sent(shell));
        l.put("relay", relayInfo);
        links.add(l);
      }
      if (hlogOut.checkError()) {
        throw new IOException("cannot write " + job.hlog());
      }
    }
    Map<String, Object> client = new LinkedHashMap<>();
    client.put("serverBeforeLinks", idle);
    client.put("links", links);
    new ScenarioResult(
            ScenarioResult.FORMAT_VERSION,
            "wire",
            job.settings(),
            started,
            Map.of(),
            client,
            new WireScenario().table(),
            points,
            wireCells)
        .write(Path.of(job.result()));
  }

  /**
   * The shape's answer checked in full (schema, every feature), then sent by 4 users for the
   * settings' server warm-up, so no cell meets a cold server.
   */
  private static void warm(URI base, WirePlan.Cell cell, ScenarioSettings settings)
      throws Exception {
    LoadPlan check =
        cell.encoding()
            .configure(new LoadPlan(base.resolve(cell.query())))
            .users(1)
            .counted(0, 1)
            .timeout(Duration.ofMinutes(2))
            .validate(1, WirePlan.validator(cell));
    LoadDriver once = new LoadDriver(check);
    if (once.run(null).requests() != 1) {
      throw new IOException(
          "wire request " + cell.shape() + " failed its check before load: " + once.firstProblem());
    }
    if (settings.serverWarmupMs() > 0) {
      new LoadDriver(
              cell.encoding()
                  .configure(new LoadPlan(base.resolve(cell.query())))
                  .users(4)
                  .timed(Duration.ZERO, Duration.ofMillis(settings.serverWarmupMs())))
          .run(null);
    }
  }

  /** The relay's precision on this link: each chunk's lateness, µs. */
  private static Map<String, Object> relayInfo(DelayRelay relay, Link link) {
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("oneWayDelayMs", link.oneWayNs() / 1e6);
    info.put("connections", relay.connections());
    info.put("bytes", relay.bytes());
    info.put("latenessUs", percentilesUs(relay.lateness()));
    info.put("behindUs", percentilesUs(relay.behind()));
    return info;
  }

  private static Map<String, Object> percentilesUs(Histogram h) {
    Map<String, Object> us = new LinkedHashMap<>();
    us.put("chunks", h.getTotalCount());
    us.put("p50", h.getValueAtPercentile(50) / 1e3);
    us.put("p90", h.getValueAtPercentile(90) / 1e3);
    us.put("p99", h.getValueAtPercentile(99) / 1e3);
    us.put("p99.9", h.getValueAtPercentile(99.9) / 1e3);
    us.put("max", h.getMaxValue() / 1e3);
    return us;
  }

  /**
   * One progress line as a cell ends, as the other scenarios print theirs: "cell k of n", its time,
   * the time elapsed and an ETA from the mean time of the cells run so far.
   */
  static String progress(int done, int cells, String cell, long tookMs, long elapsedMs) {
    long etaS = Math.round(elapsedMs / 1000.0 / done * (cells - done));
    return String.format(
        Locale.ROOT,
        "wire: cell %d of %d (%s) done in %ds; elapsed %ds, ETA %ds",
        done,
        cells,
        cell,
        Math.round(tookMs / 1000.0),
        Math.round(elapsedMs / 1000.0),
        etaS);
  }
}
