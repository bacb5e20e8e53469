package org.wirebench.server.load.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.Statistic;
import org.wirebench.results.WireCell;
import org.wirebench.server.Mains;
import org.wirebench.server.load.cli.LoadCommand;

/**
 * A real run through two network namespaces at one link, and a run killed with -9 leaving nothing
 * behind. Needs root and ip netns (CI here runs as root); skipped with the reason elsewhere.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WireNamespaceTest {
  @TempDir Path tmp;

  private final Shell shell = Shell.system();

  @BeforeEach
  void needsTheHost() {
    String why = HostCheck.system().refusal();
    if (why != null) {
      System.err.println("WireNamespaceTest skipped: " + why);
    }
    Assumptions.assumeTrue(why == null, "skipped: " + why);
    WireRun.idleWaitS = 0; // the mechanics, not the numbers: no wait for an idle server
  }

  @AfterEach
  void restore() {
    WireRun.idleWaitS = ServerIdle.MAX_WAIT_S;
  }

  private static boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  private List<String> namespacesOf(long pid) {
    return shell
        .run(List.of("ip", "netns", "list"))
        .output()
        .lines()
        .filter(l -> l.startsWith(NetnsPair.PREFIX + pid + "-"))
        .toList();
  }

  @Test
  void oneLinkThroughANamespacePair() throws Exception {
    Path out = tmp.resolve("run");
    int exit =
        Mains.execute(
            new LoadCommand(),
            new String[] {
              "--scenario",
              "wire",
              "--quick",
              "--wire-links",
              "100mbit/20ms",
              "--wire-formats",
              "geojson",
              "--wire-encodings",
              "identity",
              "--wire-users",
              "2",
              "--requests",
              "4",
              "--warmup-requests",
              "2",
              "--out",
              out.toString()
            });
    assertEquals(0, exit);
    ScenarioResult r = ScenarioResult.read(out.resolve("load-wire.json"));
    assertEquals("wire", r.scenario());
    assertEquals(0, r.errorCount());
    assertEquals(
        List.of("receive", "decode", "end-to-end", "2-users"),
        r.points().stream().map(p -> p.id().substring(p.id().lastIndexOf('/') + 1)).toList());
    ScenarioResult.PointResult receive = r.points().get(0);
    assertEquals(100.0, ((Number) receive.params().get("rateMbit")).doubleValue());
    assertEquals(20, ((Number) receive.params().get("rttMs")).intValue());
    assertEquals(4, receive.runs().get(0).requests());
    // no answer can come sooner than a round trip plus its bytes past the bucket's burst at the
    // rate: a link that was not shaped or not delayed fails here
    Link link = Link.parse("100mbit/20ms");
    double body = receive.meanResponseBytes();
    double floorMs = 20 + (body - Long.parseLong(link.tbf().get(4))) * 1000 / link.bytesPerSecond();
    assertTrue(
        receive.latency(Statistic.MIN) >= floorMs,
        "fastest answer "
            + receive.latency(Statistic.MIN)
            + " ms, under the link's "
            + floorMs
            + " ms");
    assertTrue(r.points().get(1).latency(Statistic.P50) > 0, "decode timed");
    assertTrue(r.points().get(3).throughput() > 0);
    @SuppressWarnings("unchecked")
    Map<String, Object> l = ((List<Map<String, Object>>) r.client().get("links")).get(0);
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Number>> sent = (Map<String, Map<String, Number>>) l.get("sent");
    assertTrue(sent.get("down").get("bytes").longValue() > 4 * body, "the bucket counted " + sent);
    // the cell's own measures, typed: bytes on the line and the server's CPU over its 4 answers
    assertEquals(1, r.wireCells().size(), r.wireCells()::toString);
    WireCell cell = r.wireCells().get(0);
    assertEquals(receive.id().substring(0, receive.id().lastIndexOf('/')), cell.id());
    assertEquals(4L, cell.answers());
    assertTrue(cell.linkBytesDownPerAnswer() > cell.codedBytes(), cell::toString);
    assertTrue(cell.serverCpuUsPerAnswer() > 0, cell::toString);
    assertNotNull(cell.serverThreadsEnded());
    assertFalse(l.containsKey("cells"), "the cells are typed, not in the client record");
    int histograms = 0;
    try (HistogramLogReader reader =
        new HistogramLogReader(out.resolve("load-wire.hlog").toFile())) {
      while (reader.nextIntervalHistogram() != null) {
        histograms++;
      }
    }
    assertEquals(4, histograms);
    long self = ProcessHandle.current().pid();
    assertEquals(List.of(), namespacesOf(self), "namespaces left after the run");
    assertFalse(
        shell.run(List.of("ip", "link", "show")).output().contains("wbw" + self),
        "a veth left after the run");
  }

  @Test
  void aRunKilledWithMinus9LeavesNoNamespaceAndNoProcess() throws Exception {
    Process run =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                LoadCommand.class.getName(),
                "--scenario",
                "wire",
                "--quick",
                "--wire-links",
                "10mbit/80ms",
                "--wire-counts",
                "5000",
                "--requests",
                "100")
            .redirectErrorStream(true)
            .start();
    List<Long> inside = new ArrayList<>();
    Path scratch = null;
    try {
      BufferedReader out =
          new BufferedReader(new InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8));
      String line;
      while ((line = out.readLine()) != null && !line.startsWith("wire: warming the server")) {
        // both JVMs are up once the client says it warms the server
      }
      assertNotNull(line, "the run ended before its client started");
      assertEquals(2, namespacesOf(run.pid()).size(), "the run's namespaces");
      for (String ns : namespacesOf(run.pid())) {
        shell
            .run(List.of("ip", "netns", "pids", ns.split("\\s")[0]))
            .output()
            .lines()
            .forEach(p -> inside.add(Long.parseLong(p.strip())));
      }
      assertEquals(2, inside.size(), "the server and client JVMs: " + inside);
      for (long p : inside) {
        String[] args = Files.readString(Path.of("/proc", "" + p, "cmdline")).split("\0");
        for (String a : args) {
          if (a.endsWith("job.json")) {
            scratch = Path.of(a).getParent(); // the client's job: in the run's scratch folder
          }
        }
      }
      assertNotNull(scratch, "the client JVM's job file");
      assertTrue(Files.isDirectory(scratch));
      Thread drain =
          new Thread(
              () -> {
                try {
                  out.lines().forEach(x -> {});
                } catch (java.io.UncheckedIOException e) {
                  // the run's output closes when it is killed
                }
              });
      drain.setDaemon(true);
      drain.start();
    } finally {
      run.destroyForcibly(); // SIGKILL: nothing of the run's JVM runs after it
      run.waitFor();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline
        && (!namespacesOf(run.pid()).isEmpty()
            || Files.exists(scratch)
            || inside.stream().anyMatch(WireNamespaceTest::alive))) {
      Thread.sleep(200);
    }
    assertEquals(List.of(), namespacesOf(run.pid()), "namespaces left by the killed run");
    assertFalse(Files.exists(scratch), "the killed run's scratch folder " + scratch);
    for (long p : inside) {
      assertFalse(alive(p), "process " + p + " outlived the killed run");
    }
  }
}
