package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command stopped by SIGTERM (as by Ctrl-C: the shutdown hooks run) while it writes a run
 * folder's new files leaves none of them: it once left its tmp-load-wfs.json.* and .hlog.* files.
 */
class NewFilesStoppedTest {
  /** A stand-in for load --out: its files being written, for minutes. */
  public static final class Writer {
    public static void main(String[] args) throws Exception {
      NewFiles files = NewFiles.create(Path.of(args[0]), List.of("load-x.hlog", "load-x.json"));
      Files.writeString(files.temp("load-x.hlog"), "#[half a histogram log]\n");
      System.out.println("ready");
      System.out.flush();
      Thread.sleep(300_000);
    }
  }

  @Test
  void aStoppedWriterLeavesNoTemporaryFile(@TempDir Path folder) throws Exception {
    Process writer =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Writer.class.getName(),
                folder.toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("ready", out.readLine(), "the writer started");
      try (Stream<Path> written = Files.list(folder)) {
        assertEquals(2, written.count(), "its two temporary files");
      }
      writer.destroy(); // SIGTERM
      assertTrue(writer.waitFor(60, TimeUnit.SECONDS), "the writer ended");
      try (Stream<Path> left = Files.list(folder)) {
        assertEquals(List.of(), left.toList(), "nothing left of the stopped writer");
      }
    } finally {
      writer.destroyForcibly();
    }
  }
}
