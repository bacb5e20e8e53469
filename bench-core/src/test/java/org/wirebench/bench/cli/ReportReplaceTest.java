package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
  private static final Path RUN =
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

  @Test
  void replaceWithoutOutIsRefused() {
    assertEquals(2, cli.run("report", RUN.toString(), "--replace"), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(cli.err().contains("--replace has no effect with no --out"), cli::err);
  }
}
