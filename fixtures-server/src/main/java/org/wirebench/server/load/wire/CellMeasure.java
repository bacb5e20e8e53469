package org.wirebench.server.load.wire;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.wirebench.results.ErrorKind;
import org.wirebench.results.LoadModel;
import org.wirebench.results.LoadResult;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioResult.PointResult;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.Statistic;
import org.wirebench.results.WireCell;
import org.wirebench.server.load.Latencies;
import org.wirebench.server.load.LoadDriver;
import org.wirebench.server.load.LoadPlan;
import org.wirebench.server.load.scenario.Scenario.Point;

/**
 * Measures one cell on the link it runs over: one client's answers (received, decoded, both), then
 * each concurrency through the load driver; and over the client's timed answers the link's own byte
 * counters (frames as the buckets count them: TCP/IP and HTTP heads included) and the server JVM's
 * CPU time ({@link ProcessCpu}).
 */
final class CellMeasure {
  /** What a cell gave: its points in plan order, their histograms (ns), and what else was seen. */
  record Measured(List<PointResult> points, List<Histogram> histograms, WireCell cell) {}

  /** The concurrent points' warm-up: one answer a user thrown away, no windows judged. */
  static final ScenarioResult.Warmup NOT_CHECKED = new ScenarioResult.Warmup(0, List.of(), false);

  private final URI base;
  private final long serverPid;
  private final Veth veth;
  private final Shell shell;
  private final ScenarioSettings settings;
  private final PrintStream log;

  /**
   * @param base the relay's URI (the server behind the link)
   * @param serverPid the server JVM, whose threads' CPU time is read over the timed answers
   * @param veth the link, whose buckets count the bytes on it
   */
  CellMeasure(
      URI base,
      long serverPid,
      Veth veth,
      Shell shell,
      ScenarioSettings settings,
      PrintStream log) {
    this.base = base;
    this.serverPid = serverPid;
    this.veth = veth;
    this.shell = shell;
    this.settings = settings;
    this.log = log;
  }

  Measured measure(WirePlan.Cell cell, List<Integer> users) throws Exception {
    List<Point> points = WirePlan.points(cell, users);
    List<PointResult> results = new ArrayList<>();
    List<Histogram> histograms = new ArrayList<>();
    WireCell measured;
    Link link = cell.link();
    Duration timeout;
    try (AnswerLoop loop = new AnswerLoop(base, cell)) {
      AnswerLoop.Answer first;
      try {
        first = loop.once();
      } catch (AnswerLoop.Wrong w) {
        throw new IOException(
            "wire point " + cell.id() + " failed its check before load: " + w.getMessage());
      }
      // ten times what the line itself needs, and never under a minute
      double lineS = (double) first.codedBytes() / link.bytesPerSecond() + link.rttMs() / 1000.0;
      timeout = Duration.ofMillis(Math.max(60_000, (long) (lineS * 10_000)));
      loop.timeout(timeout);
      ScenarioSettings.SteadyState ss = settings.steadyState();
      loop.warmDecoder(first.body(), Duration.ofMillis(ss == null ? 1000 : ss.maxMs() / 10));
      Sequential s = sequential(loop, ss);
      long answers = s.receive.getTotalCount();
      measured =
          new WireCell(
              cell.id(),
              answers,
              first.codedBytes(),
              answers == 0 ? null : s.down / answers,
              answers == 0 ? null : s.up / answers,
              s.firstByte.getValueAtPercentile(50) / 1e6,
              // the server's CPU in the window, all of it charged to the answers that came (a
              // request that failed was served too, so errors make the figure high, not low)
              answers == 0 ? null : s.serverCpu.cpuNs() / 1e3 / answers,
              s.serverCpu.threadsEnded());
      Histogram[] stages = {s.receive, s.decode, s.endToEnd};
      for (int i = 0; i < 3; i++) {
        Histogram h = stages[i];
        double throughput = h.getTotalCount() == 0 ? 0 : 1e9 / h.getMean();
        double meanBody = answers == 0 ? 0 : (double) s.bodyBytes / answers;
        LoadResult run =
            new LoadResult(
                LoadResult.FORMAT_VERSION,
                loop.uri().toString(),
                LoadModel.CLOSED,
                1,
                0,
                s.wallNs / 1_000_000,
                answers,
                throughput,
                throughput * meanBody,
                meanBody,
                Latencies.latencyMs(h),
                s.errors,
                s.warmupErrors);
        results.add(
            new PointResult(
                points.get(i).id(),
                points.get(i).params(),
                throughput,
                Latencies.latencyMs(h),
                meanBody,
                run.errorCount(),
                List.of(run),
                s.warmup));
        histograms.add(h);
      }
    }
    for (int i = 0; i < users.size(); i++) {
      Point p = points.get(3 + i);
      int n = users.get(i);
      LoadPlan plan =
          p.plan()
              .apply(base)
              .counted(n, Math.max(settings.requests(), 2L * n))
              .timeout(timeout.multipliedBy(n));
      if (settings.validateEvery() > 0) {
        plan.validate(settings.validateEvery(), p.validator());
      }
      LoadDriver driver = new LoadDriver(plan);
      LoadResult r = driver.run(null);
      Histogram h = driver.histogram().copy();
      driver
          .firstProblems()
          .forEach(
              (kind, why) -> log.println("  " + p.id() + ": first " + kind + " error: " + why));
      results.add(
          new PointResult(
              p.id(),
              p.params(),
              r.throughput(),
              Latencies.latencyMs(h),
              r.meanResponseBytes(),
              r.errorCount(),
              List.of(r),
              // windows of a slow line's answers would take minutes: not checked, so never
              // converged (a null would read as a run from before the check)
              NOT_CHECKED));
      histograms.add(h);
    }
    for (PointResult r : results) {
      log.printf(
          Locale.ROOT,
          "%-58s %9.2f /s  p50 %9.2f ms  p99 %9.2f ms  %,10.0f B  errors %d%s%n",
          r.id(),
          r.throughput(),
          r.latency(Statistic.P50),
          r.latency(Statistic.P99),
          r.meanResponseBytes(),
          r.errors(),
          r.warmup() == null || r.warmup().converged()
              ? ""
              : r.warmup() == NOT_CHECKED
                  ? "  (steadiness not checked)"
                  : "  NOT STEADY " + r.warmup().ratesPerSecond());
    }
    return new Measured(results, histograms, measured);
  }

  /** One client's answers: warmed until steady, then {@code requests} timed. */
  private static final class Sequential {
    final Histogram firstByte = histogram();
    final Histogram receive = histogram();
    final Histogram decode = histogram();
    final Histogram endToEnd = histogram();
    final Map<ErrorKind, Long> errors = errorMap();
    final Map<ErrorKind, Long> warmupErrors = errorMap();
    ScenarioResult.Warmup warmup;
    long bodyBytes;
    long wallNs;
    long down;
    long up;
    ProcessCpu.Used serverCpu;
  }

  private Sequential sequential(AnswerLoop loop, ScenarioSettings.SteadyState ss) throws Exception {
    Sequential s = new Sequential();
    List<Double> rates = new ArrayList<>();
    long start = System.nanoTime();
    long maxNs = TimeUnit.MILLISECONDS.toNanos(ss == null ? 0 : ss.maxMs());
    long windowNs = TimeUnit.MILLISECONDS.toNanos(ss == null ? 0 : ss.windowMs());
    long inWindow = 0;
    long windowReceiveNs = 0;
    for (int i = 0; ; i++) {
      boolean enough = i >= settings.warmupRequests();
      if (enough && (ss == null || ss.steady(rates) || System.nanoTime() - start > maxNs)) {
        break;
      }
      try {
        AnswerLoop.Answer a = loop.once();
        // a window is the answers whose receive times add up to windowMs (one, on a slow line)
        inWindow++;
        windowReceiveNs += a.receiveNs();
        if (windowReceiveNs >= windowNs) {
          rates.add(Math.round(inWindow * 1e10 / windowReceiveNs) / 10.0);
          inWindow = 0;
          windowReceiveNs = 0;
        }
      } catch (AnswerLoop.Wrong w) {
        s.warmupErrors.merge(w.kind, 1L, Long::sum);
        log.println("  " + loop.uri() + " warm-up: " + w.kind + " error: " + w.getMessage());
        if (s.warmupErrors.values().stream().mapToLong(Long::longValue).sum() > 3) {
          throw new IOException("more than 3 errors while warming up: " + w.getMessage());
        }
      }
    }
    s.warmup =
        ss == null
            ? null
            : new ScenarioResult.Warmup(ss.windowMs(), List.copyOf(rates), ss.steady(rates));
    long[] before = counters();
    ProcessCpu.Threads cpuBefore = ProcessCpu.threads(serverPid);
    long t0 = System.nanoTime();
    for (long i = 0; i < settings.requests(); i++) {
      try {
        AnswerLoop.Answer a = loop.once();
        s.firstByte.recordValue(a.firstByteNs());
        s.receive.recordValue(a.receiveNs());
        s.decode.recordValue(a.decodeNs());
        s.endToEnd.recordValue(a.receiveNs() + a.decodeNs());
        s.bodyBytes += a.bodyBytes();
      } catch (AnswerLoop.Wrong w) {
        s.errors.merge(w.kind, 1L, Long::sum);
        log.println("  " + loop.uri() + ": " + w.kind + " error: " + w.getMessage());
      }
    }
    s.wallNs = System.nanoTime() - t0;
    s.serverCpu = ProcessCpu.between(cpuBefore, ProcessCpu.threads(serverPid));
    long[] after = counters();
    s.down = after[0] - before[0];
    s.up = after[1] - before[1];
    if (s.warmup != null && s.warmup.converged() && s.receive.getTotalCount() > 0) {
      s.warmup = s.warmup.measured(ss, 1e9 / s.receive.getMean());
    }
    return s;
  }

  /** Bytes each way on the line so far: the buckets' counts of frames sent, down then up. */
  private long[] counters() throws IOException {
    Map<String, Map<String, Long>> sent = veth.sent(shell);
    return new long[] {sent.get("down").get("bytes"), sent.get("up").get("bytes")};
  }

  private static Histogram histogram() {
    return new Histogram(TimeUnit.HOURS.toNanos(1), 3);
  }

  private static Map<ErrorKind, Long> errorMap() {
    Map<ErrorKind, Long> m = new EnumMap<>(ErrorKind.class);
    for (ErrorKind k : ErrorKind.values()) {
      m.put(k, 0L);
    }
    return m;
  }
}
