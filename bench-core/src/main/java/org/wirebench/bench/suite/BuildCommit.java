package org.wirebench.bench.suite;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * The commit this build's classes were compiled from, as the build wrote it into {@value #RESOURCE}
 * ({@code git rev-parse HEAD} run in bench-core's folder: a git worktree's own HEAD). A run records
 * it as its commit — the code that ran — rather than the checkout's HEAD when the run ends: a jar
 * built before a {@code git pull} once ran the old code under the new commit's name.
 *
 * @param id the full commit id (40 hex digits)
 * @param dirty whether the working tree had uncommitted changes to tracked files when it was built
 */
public record BuildCommit(String id, boolean dirty) {
  static final String RESOURCE = "/org/wirebench/bench/build-commit.properties";

  public BuildCommit {
    if (!id.matches("[0-9a-f]{40}")) {
      throw new IllegalArgumentException("not a full commit id: '" + id + "'");
    }
  }

  /** This build's commit; empty when it was built outside a git checkout (a source archive). */
  public static Optional<BuildCommit> ofThisBuild() {
    try (InputStream in = BuildCommit.class.getResourceAsStream(RESOURCE)) {
      return in == null ? Optional.empty() : parse(in);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  static Optional<BuildCommit> parse(InputStream in) throws IOException {
    Properties p = new Properties();
    p.load(in);
    String id = p.getProperty("git.commit.id", "").trim();
    if (!id.matches("[0-9a-f]{40}")) {
      return Optional.empty();
    }
    return Optional.of(new BuildCommit(id, Boolean.parseBoolean(p.getProperty("git.dirty"))));
  }

  /**
   * Why a run must not start with this build in a wirebench checkout at {@code head}: it would run
   * this build's code under another commit's name. Empty when they agree, or when {@code checkout}
   * is not a wirebench checkout (the jar run from elsewhere records its own commit).
   *
   * @param checkout the top of the git checkout the run starts in, or null if none
   * @param head that checkout's HEAD commit id, or null if unknown
   */
  public Optional<String> staleAgainst(Path checkout, String head) {
    if (checkout == null
        || head == null
        || head.equals(id)
        || !Files.isDirectory(checkout.resolve("bench-core/src/main/java/org/wirebench"))) {
      return Optional.empty();
    }
    return Optional.of(
        "this build is of commit "
            + id.substring(0, 7)
            + " but the checkout is at "
            + (head.length() > 7 ? head.substring(0, 7) : head)
            + ": the run would time old code under the new commit's name; rebuild"
            + " (./mvnw -q -DskipTests package; ./wirebench rebuilds by itself)");
  }
}
