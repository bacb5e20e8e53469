package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server JVM that never says it serves (here a launcher that sleeps) is ended after the start's
 * wait and the start fails: it was waited for for ever, the run hanging without a word.
 */
class ServerStartWaitTest {
  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aServerThatNeverServesIsEndedAfterTheWait(@TempDir Path tmp) throws Exception {
    Path launcher = tmp.resolve("java");
    Files.writeString(launcher, "#!/bin/sh\nexec sleep 600\n");
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
    IOException x =
        assertThrows(
            IOException.class,
            () ->
                ServerProcess.start(
                    List.of(),
                    launcher,
                    JvmProfile.byName("default"),
                    List.of(),
                    Duration.ofSeconds(2)));
    assertTrue(x.getMessage().contains("did not say it served within 2s"), x.getMessage());
    assertTrue(
        ProcessHandle.current()
            .descendants()
            .noneMatch(h -> h.isAlive() && h.info().commandLine().orElse("").contains("sleep 600")),
        "the launcher was left running");
  }
}
