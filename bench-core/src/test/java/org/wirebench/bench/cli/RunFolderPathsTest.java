package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * Every output option is checked where the system will write, not where the path reads as text:
 * {@code link/..} is the link target's parent, a link to nothing is where its target will be made,
 * and a run folder is every kind a run leaves (a finished run, a driver-only load --out folder, a
 * tmp- run still being written). A file reached by a hard link from a run is replaced by a new
 * file, never truncated, so the run keeps its bytes.
 */
class RunFolderPathsTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  /** A run folder: the committed test run's files. */
  private Path copyRun(String name) throws IOException {
    Path from = ThenAndNowTest.runs().resolve("compare/base1");
    Path run = Files.createDirectories(tmp.resolve(name));
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.toList()) {
        if (Files.isRegularFile(f)) {
          Files.copy(f, run.resolve(f.getFileName()));
        }
      }
    }
    return run;
  }

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

  /** Every writing command, each with its output at {@code at + "/" + name}. */
  private static List<String[]> writers(String at, String other) {
    String dead = "http://127.0.0.1:9/";
    List<String[]> c = new ArrayList<>();
    c.add(new String[] {"encode", "--dataset", "osm_places", "--format", "gml2", "--out", at});
    c.add(new String[] {"finding", "--items", "1", "--out", at});
    c.add(new String[] {"wms-requests", "--count", "1", "--out", at});
    c.add(new String[] {"compare", other, other, "--out", at, "--replace"});
    c.add(new String[] {"export", other, "--format", "bencher", "--out", at, "--replace"});
    c.add(
        new String[] {
          "load", "--target", dead, "--warmup", "0s", "--duration", "1s", "--json", at
        });
    c.add(
        new String[] {
          "load", "--target", dead, "--warmup", "0s", "--duration", "1s", "--hlog", at
        });
    return c;
  }

  private void assertRefused(Path run, List<String[]> commands) throws IOException {
    Map<String, byte[]> before = snapshot(run);
    for (String[] c : commands) {
      String line = String.join(" ", c);
      assertEquals(2, cli.run(c), line + ": " + cli.err());
      assertTrue(cli.err().contains("is in the run folder " + run.toRealPath()), line + cli.err());
      assertEquals(1, cli.err().strip().lines().count(), cli::err);
      assertSame(before, snapshot(run));
    }
  }

  @Test
  void aDotDotAfterALinkIsTakenWhereTheLinkLeads() throws Exception {
    Path run = copyRun("run");
    Files.createDirectories(run.resolve("profile"));
    Path outside = Files.createDirectories(tmp.resolve("outside"));
    Files.createSymbolicLink(outside.resolve("L"), run.resolve("profile"));
    String other = ThenAndNowTest.runs().resolve("compare/base1").toString();
    List<String[]> commands = new ArrayList<>(writers(outside + "/L/../env.json", other));
    commands.addAll(writers(outside + "/L/../new.txt", other));
    commands.add(new String[] {"report", other, "--out", outside + "/L/.."});
    commands.add(
        new String[] {
          "load", "--scenario", "wfs", "--server", "http://127.0.0.1:9/", "--out", outside + "/L/.."
        });
    assertRefused(run.resolve("profile").resolve("..").toRealPath(), commands);
    try (Stream<Path> files = Files.list(outside)) {
      assertEquals(1, files.count(), "nothing written beside the link either");
    }
  }

  @Test
  void aLinkToNothingIsTakenWhereItsTargetWouldBeMade() throws Exception {
    Path run = copyRun("run");
    Path outside = Files.createDirectories(tmp.resolve("outside"));
    Path dangling = Files.createSymbolicLink(outside.resolve("d"), run.resolve("new.txt"));
    String other = ThenAndNowTest.runs().resolve("compare/base1").toString();
    assertRefused(run, writers(dangling.toString(), other));
  }

  @Test
  void aLoadOutFolderAndARunBeingWrittenAreRunFolders() throws Exception {
    String other = ThenAndNowTest.runs().resolve("compare/base1").toString();
    Path loadOnly = Files.createDirectories(tmp.resolve("loadonly"));
    Path source =
        ThenAndNowTest.runs()
            .getParent()
            .getParent()
            .getParent()
            .resolve("jmh-results/20261124-105251-vm-c977865-quick-jdk17");
    try (Stream<Path> files = Files.list(source)) {
      for (Path f : files.toList()) {
        if (f.getFileName().toString().startsWith("load-")) {
          Files.copy(f, loadOnly.resolve(f.getFileName()));
        }
      }
    }
    String name;
    try (Stream<Path> files = Files.list(loadOnly)) {
      name = files.map(f -> f.getFileName().toString()).sorted().findFirst().orElseThrow();
    }
    List<String[]> commands = new ArrayList<>(writers(loadOnly + "/" + name, other));
    commands.addAll(writers(loadOnly + "/new.txt", other));
    commands.add(new String[] {"report", other, "--out", loadOnly.toString()});
    assertRefused(loadOnly.toRealPath(), commands);

    Path live = Files.createDirectories(tmp.resolve("tmp-live"));
    Files.writeString(live.resolve("wirebench-incomplete-run"), "a run writing this folder\n");
    Files.writeString(live.resolve("jmh.json"), "[]\n");
    commands = new ArrayList<>(writers(live + "/jmh.json", other));
    commands.add(new String[] {"report", other, "--out", live.toString()});
    commands.add(
        new String[] {
          "load", "--scenario", "wfs", "--server", "http://127.0.0.1:9/", "--out", live.toString()
        });
    assertRefused(live.toRealPath(), commands);
  }

  /**
   * A load --out folder is one holding the driver's results (a load-<scenario>.json that reads as
   * that scenario's, what jmeter-import --run takes), or their and their histograms' temporary
   * files while the driver writes them; a file of such a name that is not the driver's (another
   * tool's load-balancer.json, a load-wfs.json of its own), histograms alone, or folders of those
   * names make no run folder, and output may be written there. Before, any load-*.json or
   * load-*.hlog made the folder a run's and every output into it was refused.
   */
  @Test
  void aStrayLoadFileMakesNoRunFolder() throws Exception {
    String other = ThenAndNowTest.runs().resolve("compare/base1").toString();
    Path source =
        ThenAndNowTest.runs()
            .getParent()
            .getParent()
            .getParent()
            .resolve("jmh-results/20261124-105251-vm-c977865-quick-jdk17");
    int i = 0;
    for (String stray :
        List.of("load-balancer.json", "load-wfs.json", "load-wfs.hlog", "load-Notes.json")) {
      Path mine = Files.createDirectories(tmp.resolve("mine" + i++));
      if (stray.endsWith(".hlog")) {
        Files.copy(source.resolve(stray), mine.resolve(stray));
      } else {
        Files.writeString(mine.resolve(stray), "{\"scenario\": \"wfs\"}");
      }
      assertEquals(0, cli.run("report", other, "--out", mine.toString()), stray + cli.err());
      assertTrue(Files.isRegularFile(mine.resolve("report.md")), stray);
    }
    Path folders = Files.createDirectories(tmp.resolve("folders"));
    Files.createDirectories(folders.resolve("load-wfs.json"));
    Files.createDirectories(folders.resolve("load-wfs.hlog"));
    assertEquals(0, cli.run("report", other, "--out", folders.toString()), cli::err);

    List<String[]> report = new ArrayList<>();
    Path driver = Files.createDirectories(tmp.resolve("driver"));
    Files.copy(source.resolve("load-wfs.json"), driver.resolve("load-wfs.json"));
    report.add(new String[] {"report", other, "--out", driver.toString()});
    assertRefused(driver.toRealPath(), report);

    Path writing = Files.createDirectories(tmp.resolve("writing"));
    Files.writeString(writing.resolve("tmp-load-wfs.json.abc123"), "");
    Files.writeString(writing.resolve("tmp-load-wfs.hlog.def456"), "");
    report.set(0, new String[] {"report", other, "--out", writing.toString()});
    assertRefused(writing.toRealPath(), report);
  }

  /** A hard link to a run's file, written as --out: a new file takes the name, the run's stays. */
  @Test
  void aHardLinkToARunsFileKeepsTheRunsBytes() throws Exception {
    Path run = copyRun("run");
    Path outside = Files.createDirectories(tmp.resolve("outside"));
    Map<String, byte[]> before = snapshot(run);
    String[][] commands = {
      {"encode", "--dataset", "osm_places", "--format", "gml2", "--count", "1", "--out"},
      {"finding", "--items", "1", "--out"},
      {"wms-requests", "--count", "1", "--out"},
    };
    int i = 0;
    for (String[] c : commands) {
      Path alias = outside.resolve("alias" + i++);
      Files.createLink(alias, run.resolve("env.json"));
      String[] args = java.util.Arrays.copyOf(c, c.length + 1);
      args[c.length] = alias.toString();
      assertEquals(0, cli.run(args), cli::err);
      assertSame(before, snapshot(run));
      assertTrue(Files.size(alias) > 0);
      assertTrue(
          !java.util.Arrays.equals(before.get("env.json"), Files.readAllBytes(alias)),
          "the alias holds the new output");
    }
  }
}
