package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run names the commit its code was built from, and refuses a build older than its checkout. */
class BuildCommitTest {
  private static final String A = "0e62f50" + "a".repeat(33);
  private static final String B = "c2c6ab1" + "b".repeat(33);

  @Test
  void thisBuildKnowsTheCommitItWasBuiltFrom() throws Exception {
    String head = git("rev-parse", "HEAD");
    Assumptions.assumeTrue(head != null, "built outside a git checkout: no commit to know");
    // before: no build-commit.properties, and a run took the checkout's HEAD at its end
    Optional<BuildCommit> build = BuildCommit.ofThisBuild();
    assertTrue(build.isPresent(), "no " + BuildCommit.RESOURCE + " in this build");
    assertEquals(head, build.get().id());
  }

  @Test
  void aCheckoutAtAnotherCommitThanTheBuildIsRefusedWithBoth(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("bench-core/src/main/java/org/wirebench"));
    String why = new BuildCommit(A, false).staleAgainst(dir, B).orElseThrow();
    assertTrue(why.contains("0e62f50") && why.contains("c2c6ab1") && why.contains("rebuild"), why);
    assertFalse(why.contains("\n"), why);
  }

  @Test
  void theSameCommitOrAnotherProjectsCheckoutIsNoReasonToRefuse(@TempDir Path dir)
      throws IOException {
    // the jar run from another project's checkout records its own commit and runs
    assertEquals(Optional.empty(), new BuildCommit(A, false).staleAgainst(dir, B));
    Files.createDirectories(dir.resolve("bench-core/src/main/java/org/wirebench"));
    assertEquals(Optional.empty(), new BuildCommit(A, true).staleAgainst(dir, A));
    assertEquals(Optional.empty(), new BuildCommit(A, false).staleAgainst(null, B));
    assertEquals(Optional.empty(), new BuildCommit(A, false).staleAgainst(dir, null));
  }

  @Test
  void theFileIsReadStrictly() throws IOException {
    assertEquals(
        Optional.of(new BuildCommit(A, true)), parse("git.commit.id=" + A + "\ngit.dirty=true\n"));
    assertEquals(Optional.empty(), parse("git.dirty=false\n"));
    assertEquals(Optional.empty(), parse("git.commit.id=0e62f50\n"));
    assertEquals(Optional.empty(), parse("git.commit.id=${git.commit.id.full}\n"));
    assertThrows(IllegalArgumentException.class, () -> new BuildCommit("HEAD", false));
  }

  private static Optional<BuildCommit> parse(String text) throws IOException {
    return BuildCommit.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)));
  }

  private static String git(String... args) throws Exception {
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
    } catch (IOException e) {
      return null;
    }
  }
}
