package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * serve weighs its options against the heap of the JVM that serves: what it cannot hold is refused
 * before the server starts, exit 2, one line. Before, a 256 MiB server took {@code --raster-upscale
 * 4} (1.2 GiB of pixels, its first map an OutOfMemoryError) and a body limit whose two bodies are
 * more than its heap, and served.
 */
class ServeMemoryTest {
  @TempDir Path tmp;

  private static final long MIB = 1L << 20;

  @Test
  void whatTheHeapHoldsIsTaken() {
    assertNull(ServeMemory.problem(1, 16 * MIB, 128 * MIB));
    assertNull(ServeMemory.problem(2, 16 * MIB, 512 * MIB));
    assertNull(ServeMemory.problem(4, 16 * MIB, 2048 * MIB));
  }

  @Test
  void aServerOfA256MibHeapRefusesWhatItCannotHold() throws Exception {
    refused(
        List.of("--raster-upscale", "4"),
        "--raster-upscale 4 draws from 1.2 GiB of Blue Marble's pixels, more than this JVM's heap"
            + " of ");
    refused(
        List.of("--max-body-bytes", "200000000"),
        "--max-body-bytes 200000000: the server keeps room for two bodies at the limit, 381 MiB,"
            + " more than this JVM's heap of ");
  }

  private void refused(List<String> options, String says) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(ServerProcess.currentJava().toString());
    cmd.add("-Xmx256m");
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path")));
    cmd.add(ServeCommand.class.getName());
    cmd.addAll(List.of("--port", "0"));
    cmd.addAll(options);
    Path out = tmp.resolve("out");
    Path err = tmp.resolve("err");
    Process p =
        new ProcessBuilder(cmd)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.PIPE)
            .start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      fail(options + ": served instead of refusing: " + Files.readString(out));
    }
    String stderr = Files.readString(err, StandardCharsets.UTF_8);
    assertEquals(2, p.exitValue(), options + ": " + stderr);
    assertEquals(1, stderr.strip().lines().count(), stderr);
    assertTrue(stderr.startsWith("wirebench serve: " + says), stderr);
  }
}
