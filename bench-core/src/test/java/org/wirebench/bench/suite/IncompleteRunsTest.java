package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite's run folder, made under a {@code tmp-} name and renamed when complete, has the
 * permissions any new folder gets here, not createTempDirectory's owner-only 0700, which the
 * finished run kept: no other user (a web server showing report.html) could read it.
 */
class IncompleteRunsTest {
  @TempDir Path root;

  @Test
  void aRunFolderHasANewFoldersPermissionsAndIsListedUntilRenamed() throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    Path plain = Files.createDirectory(root.resolve("plain"));
    Set<PosixFilePermission> expected = Files.getPosixFilePermissions(plain);
    Files.delete(plain);
    // with a umask of 077 every new folder is owner-only and there is nothing to tell apart
    assumeTrue(expected.contains(PosixFilePermission.GROUP_READ), "umask leaves group read");

    Path run = IncompleteRuns.create(root);
    assertEquals(expected, Files.getPosixFilePermissions(run));
    assertEquals(List.of(run), IncompleteRuns.find(root));
  }
}
