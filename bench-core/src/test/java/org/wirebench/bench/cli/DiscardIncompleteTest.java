package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.suite.IncompleteRuns;

/**
 * discard-incomplete removes what a killed wirebench run left, recognised by the marker a run
 * writes first and by holding only files a run writes; another tool's tmp-* folder (in /tmp, say)
 * is named and kept, never removed with its files.
 */
class DiscardIncompleteTest {
  @TempDir Path root;

  private final CliRunner cli = new CliRunner();

  @Test
  void onlyAKilledRunsFolderIsRemoved() throws Exception {
    Path killed = IncompleteRuns.create(root);
    IncompleteRuns.release(killed); // what the killed process's end did
    Files.writeString(killed.resolve("jmh.json"), "[]");
    Files.writeString(killed.resolve("load-wfs.hlog"), "");
    Files.writeString(killed.resolve("tmp-load-wfs.json.x1"), "");
    Files.createDirectories(killed.resolve("profile/cpu"));
    Files.writeString(killed.resolve("profile/cpu/flame.html"), "");

    Path foreign = Files.createDirectories(root.resolve("tmp-notarun/sub"));
    Path precious = Files.writeString(foreign.resolve("precious.txt"), "keep me");
    Path marked = IncompleteRuns.create(root);
    IncompleteRuns.release(marked);
    Path alsoPrecious = Files.writeString(marked.resolve("notes.txt"), "keep me too");
    Path empty = Files.createDirectories(root.resolve("tmp-empty"));
    Path complete = Files.createDirectories(root.resolve("20260101-000000-x"));

    assertEquals(0, cli.run("discard-incomplete", root.toString()), cli::err);
    assertFalse(Files.exists(killed));
    assertTrue(Files.exists(precious));
    assertTrue(Files.exists(alsoPrecious));
    assertTrue(Files.exists(empty), "another tool's folder, perhaps about to be written");
    assertTrue(Files.exists(complete));
    String err = cli.err() + cli.out();
    assertTrue(err.contains("kept " + root.resolve("tmp-notarun")), err);
    assertTrue(err.contains("holds notes.txt, which no wirebench run writes"), err);
  }

  /**
   * A run still being written, by this process or by a suite in another shell, is kept: its marker
   * is locked until the run completes or its process ends. Before, discard-incomplete removed a
   * live run's folder from under it.
   */
  @Test
  void aRunStillBeingWrittenIsKeptUntilItsProcessEnds() throws Exception {
    Path ours = IncompleteRuns.create(root);
    Files.writeString(ours.resolve("jmh.json"), "[]");
    Path theirs = IncompleteRuns.create(root);
    IncompleteRuns.release(theirs);
    Process writer =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                MarkerLockHolder.class.getName(),
                theirs.resolve(IncompleteRuns.MARKER).toString())
            .redirectErrorStream(true)
            .start();
    try {
      String said =
          new java.io.BufferedReader(
                  new java.io.InputStreamReader(
                      writer.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))
              .readLine();
      assertEquals("locked", said);
      assertEquals(0, cli.run("discard-incomplete", root.toString()), cli::err);
      assertTrue(Files.exists(ours), "this process's run");
      assertTrue(Files.exists(theirs), "another process's run");
      String err = cli.err() + cli.out();
      assertTrue(err.contains("a run in this process is still writing it"), err);
      assertTrue(err.contains("a running wirebench run is still writing it"), err);
    } finally {
      writer.destroyForcibly().waitFor();
    }
    IncompleteRuns.release(ours);
    assertEquals(0, cli.run("discard-incomplete", root.toString()), cli::err);
    assertFalse(Files.exists(ours));
    assertFalse(Files.exists(theirs));
  }

  /**
   * A marked folder is removed only when it holds nothing but what a run writes, by name: its
   * results files (and their tmp- files while written), its reports, and flame graphs (*.html)
   * under profile/. Before, anything under profile/, any *.json and any tmp-* name was taken for a
   * run's and removed with it.
   */
  @Test
  void aFileNoRunWritesKeepsTheFolder() throws Exception {
    String[][] cases = {
      {"profile/precious.txt"},
      {"profile/sub/thesis.docx"},
      {"my-database-backup.json"},
      {"tmp-notes-keep-me"},
      {"tmp-jmh.json"},
      {"load-wfs.json.bak"},
    };
    for (String[] c : cases) {
      Path run = IncompleteRuns.create(root);
      IncompleteRuns.release(run);
      Files.writeString(run.resolve("jmh.json"), "[]");
      Files.createDirectories(run.resolve("profile/cpu"));
      Files.writeString(run.resolve("profile/cpu/flame-cpu-forward.html"), "");
      Path kept = run.resolve(c[0]);
      Files.createDirectories(kept.getParent());
      Files.writeString(kept, "keep me");
      assertEquals(0, cli.run("discard-incomplete", root.toString()), cli::err);
      assertTrue(Files.exists(kept), c[0]);
      assertTrue(Files.exists(run.resolve("jmh.json")), c[0]);
      assertTrue(cli.err().contains("which no wirebench run writes"), cli::err);
      IncompleteRuns.deleteOwn(run);
    }
    Path run = IncompleteRuns.create(root);
    IncompleteRuns.release(run);
    for (String n :
        new String[] {
          "env.json",
          "jmh.json",
          "pairs.json",
          "sizes.json",
          "fidelity.json",
          "fidelity-codecs.json",
          "load-wfs.json",
          "load-wfs.hlog",
          "jmeter-wfs.json",
          "report.md",
          "report.html",
          "tmp-load-wfs.json.x1",
          "tmp-report.md.a9"
        }) {
      Files.writeString(run.resolve(n), "");
    }
    Files.createDirectories(run.resolve("profile/alloc/geo.encode-gml32"));
    Files.writeString(run.resolve("profile/alloc/geo.encode-gml32/flame.html"), "");
    assertEquals(0, cli.run("discard-incomplete", root.toString()), cli::err);
    assertFalse(Files.exists(run), cli::err);
  }

  /**
   * A profile killed while it samples an event leaves that event's scores (jmh-alloc.json) and the
   * profiler's library beside its graphs: files of a run being written (RunFiles.workFile), so its
   * folder is removed. Before, jmh-alloc.json was no run's file to discard-incomplete, which kept
   * the folder for good.
   */
  @Test
  void aKilledProfilesWorkFilesAreARunsFiles() throws Exception {
    Path run = IncompleteRuns.create(root);
    IncompleteRuns.release(run);
    Files.writeString(run.resolve("jmh-alloc.json"), "");
    Files.writeString(run.resolve("libasyncProfiler.so"), "");
    Files.createDirectories(run.resolve("profile/alloc/geo.encode-gml32"));
    Files.writeString(run.resolve("profile/alloc/geo.encode-gml32/flame.html"), "");
    assertEquals(0, cli.run("discard-incomplete", root.toString()), cli::err);
    assertFalse(Files.exists(run), cli::err);
  }
}
