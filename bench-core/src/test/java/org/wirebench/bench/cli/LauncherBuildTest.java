package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./wirebench} launcher builds its jar when it is missing or older than a source. It ran
 * {@code ./mvnw install}, so merely running a command published this checkout's jars into ~/.m2,
 * where another checkout's {@code -pl} build or a project from the archetype picked them up: it
 * packages bench-core and what it needs now, installing nothing. Run here on a copy of the launcher
 * beside a stand-in {@code mvnw} that records its arguments.
 */
class LauncherBuildTest {
  @Test
  void buildsTheJarWithoutInstallingIt(@TempDir Path tmp) throws Exception {
    Path bash = Path.of("/bin/bash");
    assumeTrue(Files.isExecutable(bash), "no bash");
    Path launcher = Files.copy(Path.of("..", "wirebench"), tmp.resolve("wirebench"));
    Path args = tmp.resolve("mvnw-args");
    Path mvnw = tmp.resolve("mvnw");
    Files.writeString(
        mvnw,
        "#!/bin/bash\n"
            + "echo \"$@\" > '"
            + args
            + "'\n"
            + "mkdir -p bench-core/target && : > bench-core/target/benchmarks.jar\n");
    Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwx------"));
    Process p =
        new ProcessBuilder(bash.toString(), launcher.toString(), "--version")
            .redirectErrorStream(true)
            .redirectOutput(tmp.resolve("out").toFile())
            .start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher did not end in 60 s");
    String out = Files.readString(tmp.resolve("out"));
    assertTrue(Files.exists(args), "the launcher did not build: " + out);
    List<String> words = List.of(Files.readString(args).trim().split("\\s+"));
    assertFalse(words.contains("install"), "it installs into ~/.m2: " + words);
    assertTrue(words.contains("package"), words.toString());
    assertTrue(out.contains(String.join(" ", words).replace(" -B", "")), out);
  }
}
