package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;

/**
 * A run folder is never changed in place: every output option of every command refuses, before any
 * work (exit 2, one line), a path in a run's folder (one holding env.json), with --replace or not,
 * through a link or not; two outputs naming one file are refused; and {@code report RUN} only
 * checks RUN's own report (adding one that is missing), never replacing it.
 */
class RunFolderOutputsTest {
  /** A committed quick run, copied under its own name so its report re-renders byte for byte. */
  private static final String RUN_NAME = "20261124-105251-vm-c977865-quick-jdk17";

  private static final Path COMMITTED =
      ThenAndNowTest.runs().getParent().getParent().getParent().resolve("jmh-results/" + RUN_NAME);

  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  private Path copyRun() throws IOException {
    return copyRun(RUN_NAME);
  }

  private Path copyRun(String name) throws IOException {
    Path run = Files.createDirectories(tmp.resolve("runs").resolve(name));
    try (Stream<Path> files = Files.list(COMMITTED)) {
      for (Path f : files.toList()) {
        Files.copy(f, run.resolve(f.getFileName()));
      }
    }
    return run;
  }

  /** Every file under {@code dir} with its bytes, by relative path. */
  private static Map<String, byte[]> snapshot(Path dir) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.sorted().toList()) {
        out.put(
            dir.relativize(f).toString(), Files.isRegularFile(f) ? Files.readAllBytes(f) : null);
      }
    }
    return out;
  }

  private static void assertSame(Map<String, byte[]> before, Map<String, byte[]> after) {
    assertEquals(before.keySet(), after.keySet());
    before.forEach((k, v) -> assertArrayEquals(v, after.get(k), k));
  }

  @Test
  void noOutputOptionWritesIntoARunFolder() throws Exception {
    Path run = copyRun();
    Path other = ThenAndNowTest.runs().resolve("compare/base1");
    Path link = Files.createSymbolicLink(tmp.resolve("link"), run);
    Map<String, byte[]> before = snapshot(run);
    String r = run.toString();
    String dead = "http://127.0.0.1:9/";
    List<String[]> commands = new ArrayList<>();
    commands.add(
        new String[] {
          "encode", "--dataset", "osm_places", "--format", "gml2", "--out", r + "/jmh.json"
        });
    commands.add(
        new String[] {
          "encode", "--dataset", "osm_places", "--format", "gml2", "--out", link + "/new.gml"
        });
    commands.add(new String[] {"finding", "--out", r + "/env.json"});
    commands.add(new String[] {"wms-requests", "--out", r + "/requests.txt"});
    commands.add(
        new String[] {"compare", other.toString(), other.toString(), "--out", r + "/compare.txt"});
    commands.add(
        new String[] {
          "compare", other.toString(), other.toString(), "--out", r + "/env.json", "--replace"
        });
    commands.add(
        new String[] {"export", r, "--format", "bencher", "--out", r + "/jmh.json", "--replace"});
    commands.add(new String[] {"report", other.toString(), "--out", r});
    commands.add(new String[] {"report", other.toString(), "--out", r + "/sub"});
    commands.add(new String[] {"suite", "--quick", "--load", "none", "--out", r});
    commands.add(
        new String[] {
          "load", "--target", dead, "--warmup", "0s", "--duration", "1s", "--json", r + "/env.json"
        });
    commands.add(
        new String[] {
          "load", "--target", dead, "--warmup", "0s", "--duration", "1s", "--hlog", r + "/x.hlog"
        });
    commands.add(new String[] {"load", "--scenario", "wfs", "--server", dead, "--out", r});
    commands.add(
        new String[] {
          "load", "--scenario", "wfs", "--server", dead, "--jmeter-plan", r + "/plans"
        });
    for (String[] c : commands) {
      assertEquals(2, cli.run(c), String.join(" ", c) + ": " + cli.err());
      assertTrue(
          cli.err().contains("is in the run folder"), String.join(" ", c) + ": " + cli.err());
      assertEquals(1, cli.err().strip().lines().count(), cli::err);
      assertSame(before, snapshot(run));
    }
  }

  @Test
  void twoOutputsNamingOneFileAreRefused() throws Exception {
    Path out = Files.createDirectories(tmp.resolve("out"));
    String dead = "http://127.0.0.1:9/";
    String same = out.resolve("same.json").toString();
    assertEquals(
        2,
        cli.run(
            "load",
            "--target",
            dead,
            "--warmup",
            "0s",
            "--duration",
            "1s",
            "--json",
            same,
            "--hlog",
            out + "/../out/same.json"),
        cli::err);
    assertTrue(cli.err().contains("--json and --hlog name the same file"), cli::err);
    assertEquals(
        2,
        cli.run(
            "load",
            "--scenario",
            "wfs",
            "--server",
            dead,
            "--out",
            out.toString(),
            "--json",
            out + "/load-wfs.json"),
        cli::err);
    assertTrue(cli.err().contains("--json and --out name the same file"), cli::err);
    try (Stream<Path> files = Files.list(out)) {
      assertEquals(0, files.count());
    }
  }

  /** report RUN: the run's own report the same bytes, or added when missing; never replaced. */
  @Test
  void reportChecksARunsOwnReportAndNeverReplacesIt() throws Exception {
    Path run = copyRun();
    Map<String, byte[]> before = snapshot(run);
    assertEquals(0, cli.run("report", run.toString()), cli::err);
    assertSame(before, snapshot(run));

    Path md = run.resolve("report.md");
    Files.writeString(md, "edited\n", java.nio.file.StandardOpenOption.APPEND);
    byte[] edited = Files.readAllBytes(md);
    assertEquals(2, cli.run("report", run.toString()), cli::err);
    assertTrue(cli.err().contains("never replaced"), cli::err);
    assertArrayEquals(edited, Files.readAllBytes(md));
    assertEquals(2, cli.run("report", run.toString(), "--out", run.toString()), cli::err);
    assertArrayEquals(edited, Files.readAllBytes(md));

    Files.write(md, before.get("report.md"));
    Files.delete(run.resolve("report.html"));
    assertEquals(0, cli.run("report", run.toString()), cli::err);
    assertSame(before, snapshot(run));
    try (Stream<Path> files = Files.list(run)) {
      assertFalse(files.anyMatch(f -> f.getFileName().toString().startsWith("tmp-")));
    }
  }

  /**
   * A copy of a run folder under another name holds the same run: its report, titled with the run's
   * id, is up to date (before: "differs", exit 2, as the report was rendered with the copy's name);
   * a missing one is added as the run's, and an edited one still differs.
   */
  @Test
  void aRenamedCopyIsCheckedAsTheRunItsReportNames() throws Exception {
    Path run = copyRun("renamed copy");
    Map<String, byte[]> before = snapshot(run);
    assertEquals(0, cli.run("report", run.toString()), cli::err);
    assertTrue(
        cli.out().contains("up to date (as run " + RUN_NAME + ", the id its report names"),
        cli::out);
    assertSame(before, snapshot(run));

    Files.delete(run.resolve("report.md"));
    assertEquals(0, cli.run("report", run.toString()), cli::err);
    assertSame(before, snapshot(run));

    Path html = run.resolve("report.html");
    Files.writeString(html, "edited\n", java.nio.file.StandardOpenOption.APPEND);
    assertEquals(2, cli.run("report", run.toString()), cli::err);
    assertTrue(cli.err().contains("never replaced"), cli::err);
    assertTrue(cli.err().contains("as run " + RUN_NAME), cli::err);
  }

  /**
   * One rule for a run's id: report COPY --out DIR of a copy under another name titles the report
   * as the run its own report names, the same bytes as the run's report, and says the folder's name
   * differs (before: titled with the copy's name). What a report says of its id is checked: two
   * ids, or a title no folder's name could be, are refused in one line, in place or --out.
   */
  @Test
  void aRenamedCopyIsReportedElsewhereAsTheRunItHolds() throws Exception {
    Path run = copyRun("renamed copy");
    Path out = tmp.resolve("out");
    assertEquals(0, cli.run("report", run.toString(), "--out", out.toString()), cli::err);
    for (String f : List.of("report.md", "report.html")) {
      assertArrayEquals(
          Files.readAllBytes(COMMITTED.resolve(f)), Files.readAllBytes(out.resolve(f)), f);
    }
    assertTrue(
        cli.out().contains("(as run " + RUN_NAME + ", the id its report names: the folder's name"),
        cli::out);

    // a folder of its own: out holds a report now, which report --out refuses to replace unasked
    Path again = tmp.resolve("again");
    Path html = run.resolve("report.html");
    Files.writeString(
        html, Files.readString(html).replace("<h1>wirebench: " + RUN_NAME, "<h1>wirebench: other"));
    for (String[] args :
        List.of(
            new String[] {"report", run.toString(), "--out", again.toString()},
            new String[] {"report", run.toString()})) {
      assertEquals(2, cli.run(args), cli::err);
      assertEquals(1, cli.err().strip().lines().count(), cli::err);
      assertTrue(
          cli.err()
              .contains("report.md is titled as run " + RUN_NAME + ", report.html as run other"),
          cli::err);
    }

    Files.delete(html);
    Path md = run.resolve("report.md");
    Files.writeString(
        md, Files.readString(md).replace("# wirebench: " + RUN_NAME, "# wirebench: ../elsewhere"));
    assertEquals(2, cli.run("report", run.toString(), "--out", again.toString()), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(cli.err().contains("its title '../elsewhere' is no run id (a path"), cli::err);
  }

  /**
   * A run's id is read back from its own report as the report wrote it, whatever character it
   * holds: a run whose folder's name holds a character report.md escapes (a tab, a line break, any
   * control character) or a backslash is its report's run, up to date. Before, report.md's title
   * was taken as written ("tab\\there" for the tab) and the run refused: "report.md is titled as
   * run tab\\there, report.html as run tab\there".
   */
  @Test
  void aRunWhoseIdHoldsAnEscapedCharacterIsItsReportsRun() throws Exception {
    for (String id :
        List.of(
            "tab\there",
            "line\nbreak",
            "cr\rhere",
            "bell\u0007here",
            "del\u007Fhere",
            "back\\tslash",
            "u\\u0009here",
            "end\\",
            "amp&lt;\"q\"")) {
      Path run = copyRun(id);
      Files.delete(run.resolve("report.md"));
      Files.delete(run.resolve("report.html"));
      assertEquals(0, cli.run("report", run.toString()), cli::err);
      Map<String, byte[]> written = snapshot(run);
      assertEquals(0, cli.run("report", run.toString()), cli::err);
      assertTrue(cli.out().contains("are up to date"), cli::out);
      assertFalse(cli.out().contains("(as run"), cli::out);
      assertSame(written, snapshot(run));
    }
  }
}
