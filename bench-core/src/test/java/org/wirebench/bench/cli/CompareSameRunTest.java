package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;

/**
 * compare of one run with itself — the same folder twice, another spelling of it, a link to it, or
 * a copy of it — is refused in one line, exit 2, before any output: it exited 0 with "0 regressed",
 * every number agreeing with itself, a green CI job whose BASE and NEW named one run.
 */
class CompareSameRunTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  private static Path run() {
    return ThenAndNowTest.runs().resolve("compare").resolve("base1");
  }

  private void refused(String base, String now, String why) {
    assertEquals(2, cli.run("compare", base, now), cli::err);
    assertTrue(cli.err().contains("are one run (" + why), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertEquals("", cli.out());
  }

  @Test
  void oneFolderGivenTwiceIsRefused() throws IOException {
    Path run = run();
    refused(run.toString(), run.toString(), "the same folder");
    refused(run.toString(), run.resolve(".").toString(), "the same folder");
    Path link = Files.createSymbolicLink(tmp.resolve("link"), run.toAbsolutePath());
    refused(run.toString(), link.toString(), "the same folder");
  }

  @Test
  void aCopyOfTheRunIsRefused() throws IOException {
    Path copy = Files.createDirectory(tmp.resolve("base1"));
    try (Stream<Path> files = Files.list(run())) {
      for (Path f : files.toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    refused(run().toString(), copy.toString(), "a copy: the same env.json");
  }

  @Test
  void twoRunsAreCompared() {
    Path runs = ThenAndNowTest.runs().resolve("compare");
    for (List<String> pair : List.of(List.of("base1", "base2"))) {
      int code = cli.run("compare", runs.resolve(pair.get(0)) + "", runs.resolve(pair.get(1)) + "");
      assertTrue(code == 0 || code == 1, cli::err);
    }
  }
}
