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
    Files.writeString(killed.resolve("jmh.json"), "[]");
    Files.writeString(killed.resolve("load-wfs.hlog"), "");
    Files.writeString(killed.resolve("tmp-load-wfs.json.x1"), "");
    Files.createDirectories(killed.resolve("profile/cpu"));
    Files.writeString(killed.resolve("profile/cpu/flame.html"), "");

    Path foreign = Files.createDirectories(root.resolve("tmp-notarun/sub"));
    Path precious = Files.writeString(foreign.resolve("precious.txt"), "keep me");
    Path marked = IncompleteRuns.create(root);
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
}
