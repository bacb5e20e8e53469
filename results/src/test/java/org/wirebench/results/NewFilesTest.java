package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files published whole get the permissions any file the process creates gets (the umask's), not
 * the owner-only ones of a JDK temporary file, which they kept before: load-*.json, compare.xml,
 * export files and load --json were 0600 where report.html beside them was 0644.
 */
class NewFilesTest {
  @TempDir Path dir;

  private Set<PosixFilePermission> asCreated() throws Exception {
    return Files.getPosixFilePermissions(Files.createFile(dir.resolve("plain")));
  }

  @Test
  void aPublishedFileHasTheUmasksPermissions() throws Exception {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    Set<PosixFilePermission> expected = asCreated();
    // the test tells the two apart only where the umask leaves more than the owner's bits
    assumeTrue(expected.contains(PosixFilePermission.OTHERS_READ), "umask " + expected);
    try (NewFiles files = NewFiles.create(dir, List.of("load-x.json"))) {
      Files.writeString(files.temp("load-x.json"), "{}");
      files.publish();
    }
    assertEquals(expected, Files.getPosixFilePermissions(dir.resolve("load-x.json")));
    NewFiles.replace(dir.resolve("out.json"), f -> Files.writeString(f, "{}"));
    assertEquals(expected, Files.getPosixFilePermissions(dir.resolve("out.json")));
    try (var left = Files.list(dir)) {
      assertFalse(left.anyMatch(p -> p.getFileName().toString().startsWith(NewFiles.PREFIX)));
    }
  }

  /**
   * A link to nothing takes its name: link(2) fails on it when the files are published, after the
   * work (report --out, load --out); taken() saw the name as free.
   */
  @Test
  void aLinkToNothingTakesItsName() throws Exception {
    Files.createSymbolicLink(dir.resolve("load-x.json"), dir.resolve("nothing"));
    assertEquals(
        List.of("load-x.json"), NewFiles.taken(dir, List.of("load-x.hlog", "load-x.json")));
    assertThrows(
        java.nio.file.FileAlreadyExistsException.class,
        () -> NewFiles.create(dir, List.of("load-x.json")));
    assertFalse(Files.exists(dir.resolve("nothing")), "nothing made through the link");
  }

  /**
   * Files replaced as a set: when one cannot be written, none is replaced and no temporary file is
   * left (report --replace wrote report.md over the earlier one before report.html failed).
   */
  @Test
  void aSetIsReplacedWholeOrNotAtAll() throws Exception {
    Files.writeString(dir.resolve("a"), "earlier a");
    Files.writeString(dir.resolve("b"), "earlier b");
    java.util.Map<String, NewFiles.IoWriter> writers = new java.util.LinkedHashMap<>();
    writers.put("a", f -> Files.writeString(f, "new a"));
    writers.put(
        "b",
        f -> {
          Files.writeString(f, "half of b");
          throw new java.io.IOException("disk full");
        });
    assertThrows(java.io.IOException.class, () -> NewFiles.replace(dir, writers));
    assertEquals("earlier a", Files.readString(dir.resolve("a")));
    assertEquals("earlier b", Files.readString(dir.resolve("b")));
    try (var left = Files.list(dir)) {
      assertEquals(2, left.count(), "no temporary file left");
    }
    writers.put("b", f -> Files.writeString(f, "new b"));
    NewFiles.replace(dir, writers);
    assertEquals("new a", Files.readString(dir.resolve("a")));
    assertEquals("new b", Files.readString(dir.resolve("b")));
  }
}
