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

  /**
   * Nothing is written into a folder before all of it is read: an incomplete (tmp-) folder, a run's
   * folder one of whose files is unreadable, a folder with a suite's files but no env.json, and a
   * JTL with a value JMeter never writes (each once written into, or read, as it was).
   */
  @Test
  void nothingIsWrittenBeforeTheJtlAndTheWholeFolderAreRead() throws Exception {
    Path jtl = jtl("osm_mainroads/gml32/4", 2100, 0);

    Path incomplete = Files.createDirectories(tmp.resolve("tmp-run"));
    Files.copy(DRIVER.resolve("load-wfs.json"), incomplete.resolve("load-wfs.json"));
    assertEquals(2, importInto(incomplete, jtl), cli::err);
    assertTrue(cli.err().contains("incomplete run"), cli::err);
    assertOnly(incomplete, "load-wfs.json");

    Path run = Files.createDirectories(tmp.resolve("unreadable"));
    Files.copy(DRIVER.resolve("env.json"), run.resolve("env.json"));
    Files.copy(DRIVER.resolve("load-wfs.json"), run.resolve("load-wfs.json"));
    Files.writeString(run.resolve("sizes.json"), "{}");
    assertEquals(2, importInto(run, jtl), cli::err);
    assertOnly(run, "env.json", "load-wfs.json", "sizes.json");

    Path mixed = driverFolder();
    Files.copy(DRIVER.resolve("jmh.json"), mixed.resolve("jmh.json"));
    assertEquals(2, importInto(mixed, jtl), cli::err);
    assertTrue(cli.err().contains("holds jmh.json but no env.json"), cli::err);
    assertOnly(mixed, "jmh.json", "load-wfs.json");

    Path driver = Files.createDirectories(tmp.resolve("driver"));
    Files.copy(DRIVER.resolve("load-wfs.json"), driver.resolve("load-wfs.json"));
    List<String> lines = Files.readAllLines(jtl);
    lines.set(2, lines.get(2).replace(",text,true,", ",text,yes,"));
    Path yes = Files.write(tmp.resolve("yes.csv"), lines);
    assertEquals(2, importInto(driver, yes), cli::err);
    assertTrue(cli.err().contains("yes.csv line 3: success 'yes'"), cli::err);
    assertOnly(driver, "load-wfs.json");
  }

  private static void assertOnly(Path folder, String... names) throws Exception {
    try (Stream<Path> files = Files.list(folder)) {
      assertEquals(List.of(names), files.map(f -> f.getFileName().toString()).sorted().toList());
    }
  }
}
