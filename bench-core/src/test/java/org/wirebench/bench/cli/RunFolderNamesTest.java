package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;

/**
 * A run folder is told by the name it really has, not the name as typed: {@code /} has none (exit
 * 2, one line; before, a NullPointerException, exit 1), and {@code tmp-x/.} or a link of another
 * name to {@code tmp-x} is the incomplete run {@code tmp-x} (before, read as a run, and report
 * wrote its report into the incomplete folder).
 */
class RunFolderNamesTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  private void assertRefused(String expected, String... args) {
    assertEquals(2, cli.run(args), String.join(" ", args) + ": " + cli.err());
    assertTrue(cli.err().contains(expected), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
  }

  @Test
  void aPathWithNoNameIsNoResultsFolder() {
    assertRefused("/ is not a results folder", "report", "/");
    assertRefused("/ is not a results folder", "compare", "/", "/");
    assertRefused("/ is not a results folder", "export", "/", "--format", "bencher");
  }

  /**
   * A RUN that is no run's folder is named for what it is, with what to name instead: a typo was
   * "not a results folder", a run's report.html or the results root "not a wirebench run".
   */
  @Test
  void aPathThatIsNoRunSaysWhatToNameInstead() throws Exception {
    Path missing = tmp.resolve("20261127-nosuch");
    assertRefused(missing + " does not exist", "report", missing.toString());
    assertRefused(missing + " does not exist", "compare", base(), missing.toString());
    assertRefused(missing + " does not exist", "export", missing.toString(), "--format", "bencher");
    Path root = Files.createDirectories(tmp.resolve("results"));
    Path run = copyOfBase(root.resolve("20261127-000000-vm-abcdef0-quick-jdk17"));
    Path report = Files.writeString(run.resolve("report.md"), "# not read\n");
    assertRefused(
        report + " is a file of the run " + run + ": name the run's folder", "report", report + "");
    assertRefused("is a file of the run", "compare", base(), report.toString());
    assertRefused(
        root + " has no env.json: a folder of 1 run(s), not a run; name one of them, e.g. " + run,
        "report",
        root.toString());
    assertRefused("a folder of 1 run(s)", "compare", root.toString(), base());
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    assertRefused(empty + " has no env.json: not a wirebench run", "report", empty.toString());
  }

  private static String base() {
    return ThenAndNowTest.runs().resolve("compare/base1").toString();
  }

  private static Path copyOfBase(Path to) throws Exception {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(Path.of(base()))) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    }
    return to;
  }

  @Test
  void anIncompleteRunIsKnownByItsRealName() throws Exception {
    Path base = ThenAndNowTest.runs().resolve("compare/base1");
    Path incomplete = Files.createDirectories(tmp.resolve("tmp-looks-complete"));
    try (Stream<Path> files = Files.list(base)) {
      for (Path f : files.toList()) {
        Files.copy(f, incomplete.resolve(f.getFileName()));
      }
    }
    Path link = Files.createSymbolicLink(tmp.resolve("innocent"), incomplete);
    for (String given :
        List.of(incomplete + "/.", link.toString(), incomplete + "/../" + "tmp-looks-complete/.")) {
      assertRefused("is an incomplete run", "report", given);
      assertRefused("is an incomplete run", "compare", base.toString(), given);
      assertRefused("is an incomplete run", "export", given, "--format", "bencher");
    }
    try (Stream<Path> files = Files.list(incomplete)) {
      assertEquals(
          List.of("env.json", "jmh.json"),
          files.map(f -> f.getFileName().toString()).sorted().toList(),
          "no report written into it");
    }
  }
}
