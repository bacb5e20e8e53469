package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each kind of path that is no file is named for what it is, without opening it. */
class PathKindTest {
  @TempDir Path tmp;

  @Test
  void eachKindIsNamed() throws Exception {
    Path file = Files.writeString(tmp.resolve("f.csv"), "x");
    assertNull(PathKind.notAFile(file));
    assertEquals("is a file", PathKind.of(file));
    assertEquals(tmp + " is a folder, not a file", PathKind.notAFile(tmp));
    Path missing = tmp.resolve("none");
    assertEquals(missing + " does not exist", PathKind.notAFile(missing));
    Path dangling = Files.createSymbolicLink(tmp.resolve("dangling"), missing);
    assertEquals(dangling + " is a link to nothing, not a file", PathKind.notAFile(dangling));
    Path link = Files.createSymbolicLink(tmp.resolve("link"), file);
    assertNull(PathKind.notAFile(link), "a link to a file is the file");
    Assumptions.assumeTrue(Files.exists(Path.of("/dev/null")), "a Unix host");
    assertEquals(
        "/dev/null is a character device, not a file", PathKind.notAFile(Path.of("/dev/null")));
    Path socket = tmp.resolve("s.sock");
    try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      s.bind(UnixDomainSocketAddress.of(socket));
      assertEquals(socket + " is a socket, not a file", PathKind.notAFile(socket));
    }
    Path fifo = tmp.resolve("p");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo is available");
    // read without opening: opening a FIFO with no writer would block this test for ever
    assertEquals(fifo + " is a FIFO (named pipe), not a file", PathKind.notAFile(fifo));
  }
}
