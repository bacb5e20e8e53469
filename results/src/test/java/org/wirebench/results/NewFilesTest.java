package org.wirebench.results;

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
 * A published file has the permissions any new file gets here (the umask's), not the owner-only
 * ones of a temporary file: compare --out, export --out, load --out and jmeter-import wrote 0600
 * files, which another user — a CI step publishing compare.xml, a web server showing a run — could
 * not read.
 */
class NewFilesTest {
  @TempDir Path dir;

  private Set<PosixFilePermission> plainNewFile() throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    Path p = Files.createFile(dir.resolve("plain"));
    Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
    Files.delete(p);
    // with a umask of 077 every new file is owner-only and there is nothing to tell apart
    assumeTrue(perms.contains(PosixFilePermission.GROUP_READ), "umask leaves group read");
    return perms;
  }

  @Test
  void filesAddedToAFolderHaveANewFilesPermissions() throws IOException {
    Set<PosixFilePermission> expected = plainNewFile();
    Path run = dir.resolve("run");
    try (NewFiles files = NewFiles.create(run, List.of("load-wfs.json", "load-wfs.hlog"))) {
      Files.writeString(files.temp("load-wfs.json"), "{}");
      Files.writeString(files.temp("load-wfs.hlog"), "");
      files.publish();
    }
    assertEquals(expected, Files.getPosixFilePermissions(run.resolve("load-wfs.json")));
    assertEquals(expected, Files.getPosixFilePermissions(run.resolve("load-wfs.hlog")));
  }

  @Test
  void aReplacedFileHasANewFilesPermissions() throws IOException {
    Set<PosixFilePermission> expected = plainNewFile();
    Path out = dir.resolve("compare.xml");
    NewFiles.replace(out, p -> Files.writeString(p, "<testsuites/>"));
    assertEquals(expected, Files.getPosixFilePermissions(out));
    assertEquals("<testsuites/>", Files.readString(out));
  }
}
