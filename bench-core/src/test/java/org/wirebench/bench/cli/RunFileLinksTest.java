package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;
import org.wirebench.results.OwnFiles;

/**
 * Every command that reads a run folder (report, compare, export) reads only the run's own regular
 * files: a link in the folder, to a copy of the very file it replaces or to anything else, is
 * refused in one line naming it, exit 2, as jmeter-import refuses to copy one. Before, report and
 * compare read through such links (a report or a verdict of files that are not the run's, exit 0),
 * and a file of any size was read whole.
 */
class RunFileLinksTest {
  private static final Path QUICK =
      ThenAndNowTest.runs()
          .getParent()
          .getParent()
          .getParent()
          .resolve("jmh-results/20261127-105909-vm-0341360-quick-jdk17");

  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  private Path copyOfRun(String name) throws Exception {
    Path run = Files.createDirectory(tmp.resolve(name));
    try (Stream<Path> files = Files.list(QUICK)) {
      for (Path f : files.toList()) {
        Files.copy(f, run.resolve(f.getFileName()));
      }
    }
    return run;
  }

  /** One line, exit 2, naming {@code file}. */
  private void refused(Path file, String why, String... args) {
    assertEquals(2, cli.run(args), () -> String.join(" ", args) + ": " + cli.err());
    String err = cli.err().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.contains(file + " " + why), err);
    assertFalse(err.matches(".*(java\\.|Exception).*"), err);
  }

  /** {@code file} moved out of its run and a link to it put in its place. */
  private Path linkOut(Path file) throws Exception {
    Path outside = Files.createDirectories(tmp.resolve("outside")).resolve(file.getFileName());
    Files.move(file, outside);
    return Files.createSymbolicLink(file, outside);
  }

  @Test
  void aResultsFileThatIsALinkIsRefusedByEveryReader() throws Exception {
    Path base = copyOfRun("base");
    for (String name :
        List.of(
            "env.json",
            "jmh.json",
            "pairs.json",
            "load-wfs.json",
            "sizes.json",
            "fidelity.json",
            "fidelity-codecs.json")) {
      Path run = copyOfRun("run-" + name);
      Path link = linkOut(run.resolve(name));
      String why = "is a link, not a file of the run";
      refused(link, why, "report", run.toString(), "--out", tmp.resolve("out-" + name).toString());
      assertFalse(Files.exists(tmp.resolve("out-" + name).resolve("report.md")));
      refused(link, why, "compare", base.toString(), run.toString());
      refused(link, why, "export", run.toString(), "--format", "bencher");
    }
  }

  @Test
  void aReportThatIsALinkIsNeitherReadNorTakenAsUpToDate() throws Exception {
    Path run = copyOfRun("run");
    Path link = linkOut(run.resolve("report.md"));
    byte[] before = Files.readAllBytes(link);
    // the same bytes as the run's report: was "up to date", exit 0
    refused(link, "is a link, not a file of the run", "report", run.toString());
    assertArrayEquals(before, Files.readAllBytes(link.toRealPath()));
    assertTrue(Files.isSymbolicLink(link), "the link is left as it was");
  }

  @Test
  void aFlameGraphThatIsALinkIsRefused() throws Exception {
    Path run = copyOfRun("run");
    Path graph = Files.createDirectories(tmp.resolve("elsewhere")).resolve("cpu.html");
    Files.writeString(graph, "<html></html>");
    Path link =
        Files.createSymbolicLink(
            Files.createDirectories(run.resolve("profile")).resolve("cpu.html"), graph);
    refused(link, "is a link", "report", run.toString(), "--out", tmp.resolve("out").toString());
  }

  @Test
  void aFileLargerThanAnyRunWritesIsRefusedUnread() throws Exception {
    Path run = copyOfRun("run");
    Path jmh = run.resolve("jmh.json");
    byte[] json = Files.readAllBytes(jmh);
    // the same results, then blanks past the bound: valid JSON, read whole before
    try (OutputStream out = Files.newOutputStream(jmh)) {
      out.write(json);
      byte[] blanks = " ".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
      for (long n = json.length; n <= OwnFiles.MAX_BYTES; n += blanks.length) {
        out.write(blanks);
      }
    }
    refused(
        jmh,
        "is " + Files.size(jmh) + " bytes, larger than any file a run writes",
        "report",
        run.toString(),
        "--out",
        tmp.resolve("out").toString());
  }
}
