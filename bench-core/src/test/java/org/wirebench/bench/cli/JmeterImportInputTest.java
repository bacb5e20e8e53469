package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;

/**
 * jmeter-import's refusals of a JTL name the JTL and its line, before anything is written: never an
 * internal temporary file of the new folder, never what the file system said of a folder.
 */
class JmeterImportInputTest {
  private static final String HEADER =
      "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
          + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

  private static final Path DRIVER =
      ThenAndNowTest.runs()
          .getParent()
          .getParent()
          .getParent()
          .resolve("jmh-results/20261124-105251-vm-c977865-quick-jdk17");

  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  private int importInto(Path jtl, Path out) throws Exception {
    Path run = Files.createDirectories(tmp.resolve("run"));
    if (!Files.exists(run.resolve("load-wfs.json"))) {
      Files.copy(DRIVER.resolve("load-wfs.json"), run.resolve("load-wfs.json"));
    }
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

  /** grpThreads 0 was refused only once the new folder's file was written, naming that file. */
  @Test
  void aThreadCountOfNoneIsRefusedByItsLineBeforeAnythingIsWritten() throws Exception {
    Path jtl =
        Files.write(
            tmp.resolve("zero.csv"),
            List.of(
                HEADER,
                "1700000000000,10,osm_mainroads/gml32/4,200,OK,t 1-1,text,true,,1000,100,0,0,"
                    + "http://x/,5,0,1"));
    Path out = tmp.resolve("new");
    assertEquals(2, importInto(jtl, out), cli::err);
    String err = cli.err().strip();
    assertTrue(err.startsWith("wirebench jmeter-import: " + jtl + " line 2: grpThreads 0"), err);
    assertFalse(err.contains("\n"), err);
    assertFalse(Files.exists(out), "nothing written");
    // nor the folders above --out that the check of its folder once made and left empty
    Path fresh = tmp.resolve("fresh");
    assertEquals(2, importInto(jtl, fresh.resolve("a/new")), cli::err);
    assertFalse(Files.exists(fresh), "folders left by a refused import");
  }

  /**
   * A header JMeter never writes: a column named twice (the first was read, the second ignored
   * without a word: here elapsed 10 was read, not 900), a column without a name, a column the
   * import needs missing. Each refused in one line naming the header's fault, exit 2, nothing
   * written.
   */
  @Test
  void aHeaderNamingAColumnTwiceOrNoneIsRefused() throws Exception {
    String sample =
        "1700000000000,10,osm_mainroads/gml32/4,200,OK,t 1-1,text,true,,1000,100,4,4,"
            + "http://x/,5,0,1";
    java.util.Map<String, String[]> cases = new java.util.LinkedHashMap<>();
    cases.put(
        "names column elapsed twice (columns 2 and 18)",
        new String[] {HEADER + ",elapsed", sample + ",900"});
    cases.put(
        "names column label twice (columns 3 and 6)",
        new String[] {HEADER.replace("threadName", "label"), sample});
    cases.put(
        "has no name for column 5", new String[] {HEADER.replace("responseMessage", ""), sample});
    cases.put("has no name for column 18", new String[] {HEADER + ",", sample + ","});
    cases.put(
        "no column grpThreads",
        new String[] {HEADER.replace("grpThreads", "groupThreads"), sample});
    int i = 0;
    for (var c : cases.entrySet()) {
      Path jtl = Files.write(tmp.resolve("odd" + i + ".csv"), List.of(c.getValue()));
      Path out = tmp.resolve("new" + i++);
      assertEquals(2, importInto(jtl, out), c.getKey() + ": " + cli.err());
      String err = cli.err().strip();
      assertTrue(err.contains(c.getKey()), err);
      assertFalse(err.contains("\n"), err);
      assertFalse(Files.exists(out), "nothing written");
    }
  }

  /**
   * A --jtl or --plan that is no file is named for what it is: a FIFO was "no such file or folder",
   * which sent the user looking for a missing file.
   */
  @Test
  void aJtlOrPlanThatIsNoFileSaysWhatItIs() throws Exception {
    Path fifo = tmp.resolve("results.jtl");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo is available");
    String hint = ": give the CSV file JMeter wrote, or its folder";
    assertEquals(2, importInto(fifo, tmp.resolve("new")), cli::err);
    assertEquals(
        "wirebench jmeter-import: --jtl " + fifo + " is a FIFO (named pipe), not a file" + hint,
        cli.err().strip());
    assertEquals(2, importInto(Path.of("/dev/null"), tmp.resolve("new")), cli::err);
    assertEquals(
        "wirebench jmeter-import: --jtl /dev/null is a character device, not a file" + hint,
        cli.err().strip());
    Path missing = tmp.resolve("none.jtl");
    assertEquals(2, importInto(missing, tmp.resolve("new")), cli::err);
    assertEquals(
        "wirebench jmeter-import: --jtl " + missing + " does not exist" + hint, cli.err().strip());
    Path run = tmp.resolve("run");
    assertEquals(
        2,
        cli.run(
            "jmeter-import",
            "--jtl",
            fifo.toString(),
            "--scenario",
            "wfs",
            "--plan",
            fifo.toString(),
            "--run",
            run.toString(),
            "--out",
            tmp.resolve("new").toString()),
        cli::err);
    assertEquals(
        "wirebench jmeter-import: --plan "
            + fifo
            + " is a FIFO (named pipe), not a file: give the .jmx that ran",
        cli.err().strip());
    assertFalse(Files.exists(tmp.resolve("new")), "nothing written");
  }

  /** A folder named like a JTL is no JTL: the newest file is taken, or none is found. */
  @Test
  void aFolderNamedLikeAJtlIsNotTakenForOne() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("results"));
    Files.createDirectory(dir.resolve("x.csv"));
    assertEquals(2, importInto(dir, tmp.resolve("new")), cli::err);
    assertEquals(
        "wirebench jmeter-import: --jtl " + dir + ": no *.csv or *.jtl in it", cli.err().strip());
  }
}
