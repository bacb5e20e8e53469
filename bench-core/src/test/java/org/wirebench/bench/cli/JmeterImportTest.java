package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;
import org.wirebench.results.JmeterResult;
import org.wirebench.results.RunRecord;

/**
 * {@code jmeter-import}: a JTL of an exported plan read beside the driver's points into a new run
 * folder and judged against them (agree within 15%, a failed sample fails the import with exit 1),
 * RUN left as it was, and what cannot be read or does not belong refused with exit 2.
 */
class JmeterImportTest {
  private static final String HEADER =
      "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
          + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

  /** A quick run of 2026-11-24 whose wfs point osm_mainroads/gml32/4 made 2,106.5 req/s, steady. */
  static final Path DRIVER =
      ThenAndNowTest.runs()
          .getParent()
          .getParent()
          .getParent()
          .resolve("jmh-results/20261124-105251-vm-c977865-quick-jdk17");

  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  /** jmeter-import of {@code jtl} with {@code run} into the new folder {@code out}: its exit. */
  private int importInto(Path run, Path jtl, Path out) {
    return cli.run(
        "jmeter-import",
        "--jtl",
        jtl.toString(),
        "--scenario",
        "wfs",
        "--warmup",
        "0s",
        "--run",
        run.toString(),
        "--out",
        out.toString());
  }

  /** A driver-only folder: the run's load-wfs.json and nothing else (as load --out leaves it). */
  private Path driverFolder() throws Exception {
    Path run = Files.createDirectories(tmp.resolve("run"));
    Files.copy(DRIVER.resolve("load-wfs.json"), run.resolve("load-wfs.json"));
    return run;
  }

  /** Samples of {@code label} at {@code perSecond} for 5 s, 4 threads; failing ones as told. */
  private Path jtl(String label, double perSecond, int failures) throws Exception {
    return jtl(tmp, label, perSecond, failures);
  }

  /** The same, as wfs.csv in {@code dir}. */
  static Path jtl(Path dir, String label, double perSecond, int failures) throws Exception {
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
    return Files.write(dir.resolve("wfs.csv"), lines);
  }

  @Test
  void readsJmeterBesideTheDriverAndJudgesEachPoint() throws Exception {
    Path run = driverFolder();
    Path jtl = jtl("osm_mainroads/gml32/4", 2100, 0);
    Path out = tmp.resolve("new");
    assertEquals(0, importInto(run, jtl, out), cli::err);
    JmeterResult r = JmeterResult.read(out.resolve("jmeter-wfs.json"));
    assertEquals(10_500, r.points().get(0).samples());
    assertEquals(2100, r.points().get(0).throughput(), 1);
    // env.json was written for the driver-only folder, so the report reads it as a run
    assertEquals(1, RunRecord.read(out).jmeter().size());
    assertOnly(run, "load-wfs.json");
    String md = Files.readString(out.resolve("report.md"));
    assertTrue(md.contains("## JMeter beside the driver: wfs"), md);
    assertTrue(md.contains("| osm_mainroads/gml32/4 | 4 | 2,100 | 2,107 | 1.00 |"), md);
    assertTrue(md.contains("agree"), md);
  }

  /**
   * An import never replaces one already in the run (it once did, silently): importing the scenario
   * again from the run an import made is refused, nothing written.
   */
  @Test
  void aSecondImportOfTheScenarioIsRefused() throws Exception {
    Path run = driverFolder();
    Path first = tmp.resolve("first");
    assertEquals(0, importInto(run, jtl("osm_mainroads/gml32/4", 2100, 0), first));
    Map<String, String> before = hashes(first);
    Path second = tmp.resolve("second");
    assertEquals(2, importInto(first, jtl("osm_mainroads/gml32/4", 1500, 0), second));
    assertTrue(cli.err().contains("already holds jmeter-wfs.json"), cli::err);
    assertEquals(before, hashes(first));
    assertFalse(Files.exists(second));
    assertNoTemporary(tmp);
  }

  @Test
  void aFailedSampleFailsTheImportAndTheVerdict() throws Exception {
    Path run = driverFolder();
    Path jtl = jtl("osm_mainroads/gml32/4", 2100, 3);
    Path out = tmp.resolve("new");
    assertEquals(1, importInto(run, jtl, out));
    String md = Files.readString(out.resolve("report.md"));
    assertTrue(md.contains("3 failed samples: no comparison"), md);
  }

  @Test
  void aFarRateIsSaidToDiffer() throws Exception {
    Path run = driverFolder();
    Path jtl = jtl("osm_mainroads/gml32/4", 1500, 0);
    Path out = tmp.resolve("new");
    assertEquals(0, importInto(run, jtl, out));
    assertTrue(Files.readString(out.resolve("report.md")).contains("differ by -29%"));
  }

  @Test
  void refusesWhatDoesNotBelong() throws Exception {
    Path run = driverFolder();
    Path soapLabels = jtl("cxf-jaxb/ints/100", 100, 0);
    String[] base = {
      "jmeter-import",
      "--jtl",
      soapLabels.toString(),
      "--run",
      run.toString(),
      "--out",
      tmp.resolve("new").toString()
    };
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
            "--out",
            tmp.resolve("new").toString(),
            "--scenario",
            "wfs",
            "--warmup",
            "0s"));
    assertOnly(run, "load-wfs.json");
    assertFalse(Files.exists(tmp.resolve("new")));
    assertNoTemporary(tmp);
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

    Path incomplete = Files.createDirectories(tmp.resolve("incomplete/tmp-run"));
    Files.copy(DRIVER.resolve("load-wfs.json"), incomplete.resolve("load-wfs.json"));
    Path out = tmp.resolve("new");
    assertEquals(2, importInto(incomplete, jtl, out), cli::err);
    assertTrue(cli.err().contains("incomplete run"), cli::err);
    assertOnly(incomplete, "load-wfs.json");

    Path run = Files.createDirectories(tmp.resolve("unreadable"));
    Files.copy(DRIVER.resolve("env.json"), run.resolve("env.json"));
    Files.copy(DRIVER.resolve("load-wfs.json"), run.resolve("load-wfs.json"));
    Files.writeString(run.resolve("sizes.json"), "{}");
    assertEquals(2, importInto(run, jtl, out), cli::err);
    assertOnly(run, "env.json", "load-wfs.json", "sizes.json");

    Path mixed = driverFolder();
    Files.copy(DRIVER.resolve("jmh.json"), mixed.resolve("jmh.json"));
    assertEquals(2, importInto(mixed, jtl, out), cli::err);
    assertTrue(cli.err().contains("holds jmh.json but no env.json"), cli::err);
    assertOnly(mixed, "jmh.json", "load-wfs.json");

    Path driver = Files.createDirectories(tmp.resolve("driver"));
    Files.copy(DRIVER.resolve("load-wfs.json"), driver.resolve("load-wfs.json"));
    List<String> lines = Files.readAllLines(jtl);
    lines.set(2, lines.get(2).replace(",text,true,", ",text,yes,"));
    Path yes = Files.write(tmp.resolve("yes.csv"), lines);
    assertEquals(2, importInto(driver, yes, out), cli::err);
    assertTrue(cli.err().contains("yes.csv line 3: success 'yes'"), cli::err);
    assertOnly(driver, "load-wfs.json");
    assertFalse(Files.exists(out));
    assertNoTemporary(tmp);
  }

  /**
   * RUN is only read: a suite run's every file (a sub-folder's too) hashes the same after the
   * import, and the new folder is a run holding RUN's files byte for byte, JMeter's, and a report
   * with JMeter's rows (the import once wrote jmeter-wfs.json into RUN and rewrote its reports).
   */
  @Test
  void theRunIsLeftByteForByteAndTheNewFolderIsARun() throws Exception {
    Path run = tmp.resolve("runs").resolve(DRIVER.getFileName().toString());
    copyTree(DRIVER, run);
    Files.createDirectories(run.resolve("profile/cpu"));
    Files.writeString(run.resolve("profile/cpu/flame.html"), "<html></html>\n");
    Map<String, String> before = hashes(run);
    Path out = tmp.resolve("runs").resolve("with-jmeter");
    assertEquals(0, importInto(run, jtl("osm_mainroads/gml32/4", 2100, 0), out), cli::err);
    assertEquals(before, hashes(run));

    Map<String, String> made = hashes(out);
    Map<String, String> expected = new TreeMap<>(before);
    expected.remove("report.md");
    expected.remove("report.html");
    Map<String, String> copied = new TreeMap<>(made);
    copied.keySet().removeAll(List.of("report.md", "report.html", "jmeter-wfs.json"));
    assertEquals(expected, copied);
    assertTrue(made.containsKey("jmeter-wfs.json"), made::toString);

    assertEquals(1, RunRecord.read(out).jmeter().size());
    String md = Files.readString(out.resolve("report.md"));
    assertTrue(md.contains("## JMeter beside the driver: wfs"), md);
    assertTrue(md.contains("| osm_mainroads/gml32/4 | 4 | 2,100 | 2,107 | 1.00 |"), md);
    assertFalse(Files.readString(run.resolve("report.md")).contains("JMeter beside the driver"));
    assertNoTemporary(tmp.resolve("runs"));
  }

  /** RUN given as a link to its folder: the folder it names is copied, not the link alone. */
  @Test
  void aRunGivenAsALinkIsCopiedAsWhatItHolds() throws Exception {
    Path run = driverFolder();
    Path link = Files.createSymbolicLink(tmp.resolve("link"), run);
    Path out = tmp.resolve("new");
    assertEquals(0, importInto(link, jtl("osm_mainroads/gml32/4", 2100, 0), out), cli::err);
    assertOnly(out, "env.json", "jmeter-wfs.json", "load-wfs.json", "report.html", "report.md");
    assertOnly(run, "load-wfs.json");
  }

  /**
   * No --out, an --out that exists, one inside a run (or inside RUN when it is a load --out folder
   * without env.json) or named as an incomplete run: refused, exit 2, nothing written.
   */
  @Test
  void refusesAnOutThatIsNotANewFolderOutsideRuns() throws Exception {
    Path run = driverFolder();
    Path jtl = jtl("osm_mainroads/gml32/4", 2100, 0);
    Map<String, String> before = hashes(run);
    String[] noOut = {
      "jmeter-import",
      "--jtl",
      jtl.toString(),
      "--scenario",
      "wfs",
      "--warmup",
      "0s",
      "--run",
      run.toString()
    };
    assertEquals(2, cli.run(noOut), cli::err);
    assertTrue(cli.err().contains("Missing required option: '--out=NEW'"), cli::err);

    Path exists = Files.createDirectories(tmp.resolve("exists"));
    assertEquals(2, importInto(run, jtl, exists), cli::err);
    assertTrue(cli.err().contains("exists"), cli::err);
    assertOnly(exists);

    Path suiteRun = tmp.resolve("suite");
    copyTree(DRIVER, suiteRun);
    Map<String, String> suiteBefore = hashes(suiteRun);
    assertEquals(2, importInto(run, jtl, suiteRun.resolve("new")), cli::err);
    assertTrue(cli.err().contains("is in the run folder"), cli::err);
    assertEquals(suiteBefore, hashes(suiteRun));

    // a load --out folder is a run folder too
    assertEquals(2, importInto(run, jtl, run.resolve("new")), cli::err);
    assertTrue(cli.err().contains("is in the run folder " + run.toRealPath()), cli::err);
    assertEquals(2, importInto(run, jtl, tmp.resolve("tmp-new")), cli::err);
    assertTrue(cli.err().contains("incomplete run"), cli::err);

    assertEquals(before, hashes(run));
    assertNoTemporary(tmp);
  }

  /** A failure while the new folder is being built removes it: no NEW, no tmp- folder. */
  @Test
  void aFailureWhileBuildingLeavesNothing() throws Exception {
    Path run = driverFolder();
    // a dangling link, which no reader of the run follows, fails the copy of RUN's files
    Files.createDirectories(run.resolve("profile"));
    Files.createSymbolicLink(run.resolve("profile/gone.html"), tmp.resolve("nowhere"));
    Path out = tmp.resolve("new");
    int exit = importInto(run, jtl("osm_mainroads/gml32/4", 2100, 0), out);
    assertTrue(exit == 1 || exit == 2, exit + " " + cli.err());
    assertFalse(Files.exists(out));
    assertNoTemporary(tmp);
    assertOnly(run, "load-wfs.json", "profile");
  }

  /** Every file under {@code folder} by its relative path, with its content's SHA-256. */
  private static Map<String, String> hashes(Path folder) throws Exception {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f));
        out.put(folder.relativize(f).toString(), HexFormat.of().formatHex(digest));
      }
    }
    return out;
  }

  private static void copyTree(Path from, Path to) throws Exception {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.sorted().toList()) {
        Path t = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(t);
        } else {
          Files.copy(f, t);
        }
      }
    }
  }

  /** No tmp- file or folder left in {@code folder}. */
  private static void assertNoTemporary(Path folder) throws Exception {
    try (Stream<Path> files = Files.list(folder)) {
      List<String> left =
          files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("tmp-")).toList();
      assertEquals(List.of(), left);
    }
  }

  private static void assertOnly(Path folder, String... names) throws Exception {
    try (Stream<Path> files = Files.list(folder)) {
      assertEquals(List.of(names), files.map(f -> f.getFileName().toString()).sorted().toList());
    }
  }
}
