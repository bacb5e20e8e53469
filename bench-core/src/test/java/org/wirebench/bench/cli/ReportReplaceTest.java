package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;

/**
 * {@code report RUN --out DIR} treats a report already in DIR as compare and export treat an
 * existing --out FILE: refused before any work unless --replace (it was replaced silently); and
 * --replace where it replaces nothing of another report (no --out: RUN's own is never replaced) is
 * refused.
 */
class ReportReplaceTest {
  static final Path RUN =
      ThenAndNowTest.runs()
          .getParent()
          .getParent()
          .getParent()
          .resolve("jmh-results/20261124-105251-vm-c977865-quick-jdk17");

  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  @Test
  void anEarlierReportInOutIsReplacedOnlyWhenAsked() throws Exception {
    Path out = tmp.resolve("out");
    assertEquals(0, cli.run("report", RUN.toString(), "--out", out.toString()), cli::err);
    byte[] rendered = Files.readAllBytes(out.resolve("report.md"));
    Files.writeString(out.resolve("report.md"), "an earlier report");

    assertEquals(2, cli.run("report", RUN.toString(), "--out", out.toString()), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(
        cli.err()
            .contains(
                "--out "
                    + out
                    + " already holds report.html and report.md: choose another folder, or add"
                    + " --replace to replace them"),
        cli::err);
    assertEquals("an earlier report", Files.readString(out.resolve("report.md")), "untouched");

    assertEquals(
        0, cli.run("report", RUN.toString(), "--out", out.toString(), "--replace"), cli::err);
    assertArrayEquals(rendered, Files.readAllBytes(out.resolve("report.md")));
    // --replace into a folder without a report writes it, as compare --out FILE --replace does
    Path fresh = tmp.resolve("fresh");
    assertEquals(
        0, cli.run("report", RUN.toString(), "--out", fresh.toString(), "--replace"), cli::err);
    assertArrayEquals(rendered, Files.readAllBytes(fresh.resolve("report.md")));
  }

  /**
   * --replace over a report.html or report.md that is no file: a folder failed after the work (exit
   * 1, the other file already replaced), a FIFO was replaced by a file; both refused now, in one
   * line before any work, as compare's --out FILE is.
   */
  @Test
  void replaceOverWhatIsNoFileIsRefusedBeforeAnyWork() throws Exception {
    Path out = tmp.resolve("out");
    Files.createDirectories(out.resolve("report.html"));
    Files.writeString(out.resolve("report.md"), "an earlier report");
    assertEquals(
        2, cli.run("report", RUN.toString(), "--out", out.toString(), "--replace"), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(
        cli.err()
            .contains(
                "--out " + out + ": " + out.resolve("report.html") + " is a folder, not a file"),
        cli::err);
    assertEquals("an earlier report", Files.readString(out.resolve("report.md")), "untouched");
    assertTrue(Files.isDirectory(out.resolve("report.html")));

    Path fifo = tmp.resolve("fifo");
    Files.createDirectories(fifo);
    assumeTrue(
        new ProcessBuilder("mkfifo", fifo.resolve("report.md").toString()).start().waitFor() == 0,
        "mkfifo");
    assertEquals(
        2, cli.run("report", RUN.toString(), "--out", fifo.toString(), "--replace"), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(cli.err().contains("is a FIFO (named pipe), not a file"), cli::err);
    assertFalse(Files.isRegularFile(fifo.resolve("report.md")), "the FIFO stays");
    assertFalse(Files.exists(fifo.resolve("report.html")), "nothing written");
  }

  /**
   * A link to nothing named report.md takes its name: without --replace it was seen as free, and
   * the report failed after the work (exit 1, "FileAlreadyExistsException").
   */
  @Test
  void aLinkToNothingInOutIsAReportAlreadyThere() throws Exception {
    Path out = Files.createDirectories(tmp.resolve("out"));
    Path link = Files.createSymbolicLink(out.resolve("report.md"), tmp.resolve("nothing"));
    assertEquals(2, cli.run("report", RUN.toString(), "--out", out.toString()), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(cli.err().contains("--out " + out + " already holds report.md"), cli::err);
    assertTrue(Files.isSymbolicLink(link));
    assertFalse(Files.exists(out.resolve("report.html")), "nothing written");
  }

  @Test
  void replaceWithoutOutIsRefused() {
    assertEquals(2, cli.run("report", RUN.toString(), "--replace"), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(cli.err().contains("--replace has no effect with no --out"), cli::err);
  }

  /**
   * --replace whose second file cannot be written (here: a file-size limit that report.md's 32 KB
   * fits and report.html's 134 KB does not, as a full disk would stop it): the earlier pair stays,
   * and no temporary file. The old --replace renamed the new report.md over the earlier one before
   * it wrote report.html, leaving a report.md beside another report's report.html.
   */
  @Test
  void replaceThatCannotWriteTheSecondFileLeavesTheEarlierPair() throws Exception {
    Path out = Files.createDirectories(tmp.resolve("out"));
    Files.writeString(out.resolve("report.md"), "an earlier report.md");
    Files.writeString(out.resolve("report.html"), "an earlier report.html");
    long md = Files.size(RUN.resolve("report.md"));
    long html = Files.size(RUN.resolve("report.html"));
    // bash (not run as sh, so not in POSIX mode) counts ulimit -f in 1024 bytes: 40 KiB lie
    // between the two
    assumeTrue(md < 40 * 1024 && html > 40 * 1024, md + " and " + html + " bytes");
    Process p;
    try {
      p =
          new ProcessBuilder(
                  "bash",
                  "-c",
                  "ulimit -f 40 && exec \"$0\" \"$@\"",
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-XX:-UsePerfData",
                  "-cp",
                  System.getProperty("java.class.path"),
                  WirebenchCli.class.getName(),
                  "report",
                  RUN.toString(),
                  "--out",
                  out.toString(),
                  "--replace")
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
    } catch (java.io.IOException noBash) {
      assumeTrue(false, "no bash: " + noBash.getMessage());
      return;
    }
    String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    assertEquals(1, p.exitValue(), stderr);
    assertTrue(stderr.contains("File too large"), stderr);
    assertEquals("an earlier report.md", Files.readString(out.resolve("report.md")), stderr);
    assertEquals("an earlier report.html", Files.readString(out.resolve("report.html")));
    try (var left = Files.list(out)) {
      assertEquals(2, left.count(), "no temporary file left");
    }
  }
}
