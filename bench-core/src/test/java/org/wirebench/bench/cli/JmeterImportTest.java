package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;
import org.wirebench.results.JmeterResult;
import org.wirebench.results.RunRecord;

/**
 * {@code jmeter-import}: a JTL of an exported plan read into a results folder beside the driver's
 * points and judged against them (agree within 15%, a failed sample fails the import with exit 1),
 * and what cannot be read or does not belong refused with exit 2.
 */
class JmeterImportTest {
  private static final String HEADER =
      "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
          + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

  /** A quick run of 2026-11-24 whose wfs point osm_mainroads/gml32/4 made 2,106.5 req/s, steady. */
  private static final Path DRIVER =
      ThenAndNowTest.runs()
          .getParent()
          .getParent()
          .getParent()
          .resolve("jmh-results/20261124-105251-vm-c977865-quick-jdk17");

  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  /** jmeter-import of {@code jtl} into {@code run}, no warm-up dropped: its exit code. */
  private int importInto(Path run, Path jtl) {
    return cli.run(
        "jmeter-import",
        "--jtl",
        jtl.toString(),
        "--scenario",
        "wfs",
        "--warmup",
        "0s",
        "--run",
        run.toString());
  }

  /** A driver-only folder: the run's load-wfs.json and nothing else (as load --out leaves it). */
  private Path driverFolder() throws Exception {
    Path run = Files.createDirectories(tmp.resolve("run"));
    Files.copy(DRIVER.resolve("load-wfs.json"), run.resolve("load-wfs.json"));
    return run;
  }

  /** Samples of {@code label} at {@code perSecond} for 5 s, 4 threads; failing ones as told. */
  private Path jtl(String label, double perSecond, int failures) throws Exception {
    List<String> lines = new ArrayList<>(List.of(HEADER));
    int n = (int) (perSecond * 5);
    for (int i = 0; i < n; i++) {
      long start = 1_700_000_000_000L + (long) (i * 1000 / perSecond);
      boolean ok = i >= failures;
      lines.add(
          start
              + ",1,"
              + label
              + ","
              + (ok ? "200" : "500")
              + ",OK,"
              + label
              + " 1-1,text,"
              + ok
              + ",,1000,100,4,4,http://h/x,1,0,0");
    }
    return Files.write(tmp.resolve("wfs.csv"), lines);
  }

  @Test
  void readsJmeterBesideTheDriverAndJudgesEachPoint() throws Exception {
    Path run = driverFolder();
    Path jtl = jtl("osm_mainroads/gml32/4", 2100, 0);
    assertEquals(0, importInto(run, jtl));
    JmeterResult r = JmeterResult.read(run.resolve("jmeter-wfs.json"));
    assertEquals(10_500, r.points().get(0).samples());
    assertEquals(2100, r.points().get(0).throughput(), 1);
    // env.json was written for the driver-only folder, so the report reads it as a run
    assertEquals(1, RunRecord.read(run).jmeter().size());
    String md = Files.readString(run.resolve("report.md"));
    assertTrue(md.contains("## JMeter beside the driver: wfs"), md);
    assertTrue(md.contains("| osm_mainroads/gml32/4 | 4 | 2,100 | 2,107 | 1.00 |"), md);
    assertTrue(md.contains("agree"), md);
  }

  /** An import never replaces one already in the run (it once did, silently). */
  @Test
  void aSecondImportOfTheScenarioIsRefused() throws Exception {
    Path run = driverFolder();
    assertEquals(0, importInto(run, jtl("osm_mainroads/gml32/4", 2100, 0)));
    byte[] first = Files.readAllBytes(run.resolve("jmeter-wfs.json"));
    assertEquals(2, importInto(run, jtl("osm_mainroads/gml32/4", 1500, 0)));
    assertArrayEquals(first, Files.readAllBytes(run.resolve("jmeter-wfs.json")));
    try (Stream<Path> files = Files.list(run)) {
      assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith("tmp-")));
    }
  }

  @Test
  void aFailedSampleFailsTheImportAndTheVerdict() throws Exception {
    Path run = driverFolder();
    Path jtl = jtl("osm_mainroads/gml32/4", 2100, 3);
    assertEquals(1, importInto(run, jtl));
    String md = Files.readString(run.resolve("report.md"));
    assertTrue(md.contains("3 failed samples: no comparison"), md);
  }

  @Test
  void aFarRateIsSaidToDiffer() throws Exception {
    Path run = driverFolder();
    Path jtl = jtl("osm_mainroads/gml32/4", 1500, 0);
    assertEquals(0, importInto(run, jtl));
    assertTrue(Files.readString(run.resolve("report.md")).contains("differ by -29%"));
  }

  @Test
  void refusesWhatDoesNotBelong() throws Exception {
    Path run = driverFolder();
    Path soapLabels = jtl("cxf-jaxb/ints/100", 100, 0);
    String[] base = {"jmeter-import", "--jtl", soapLabels.toString(), "--run", run.toString()};
    assertEquals(2, cli.run(concat(base, "--scenario", "wfs", "--warmup", "0s")), "labels of soap");
    assertEquals(2, cli.run(concat(base, "--scenario", "nope", "--warmup", "0s")));
    assertEquals(2, cli.run(concat(base, "--scenario", "wfs")), "neither --plan nor --warmup");
    assertEquals(
        2,
        cli.run(concat(base, "--scenario", "wfs", "--warmup", "0s", "--plan", "x.jmx")),
        "both --plan and --warmup");
    assertEquals(2, cli.run(concat(base, "--scenario", "wfs", "--plan", "missing.jmx")));
    assertEquals(2, cli.run(concat(base, "--scenario", "wfs", "--warmup", "0s", "--engines", "0")));
    Path xml = Files.writeString(tmp.resolve("x.jtl"), "<testResults/>");
    assertEquals(
        2,
        cli.run(
            "jmeter-import",
            "--jtl",
            xml.toString(),
            "--run",
            run.toString(),
            "--scenario",
            "wfs",
            "--warmup",
            "0s"));
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
