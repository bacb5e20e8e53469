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
 * A command stopped by SIGTERM (as by Ctrl-C: the shutdown hooks run) while it writes new files
 * leaves none of them: it once left its tmp-load-wfs.json.* and .hlog.* files, the --out folder it
 * had made for them, and (encode, finding, wms-requests, a report --out FILE) the tmp- file an
 * output replacing its name was written to.
 */
class NewFilesStoppedTest {
  /** A stand-in for load --out (create) or encode --out (replace): writing, for minutes. */
  public static final class Writer {
    public static void main(String[] args) throws Exception {
      Path out = Path.of(args[0]);
      if (args[1].equals("replace")) {
        NewFiles.replace(
            out.resolve("out.txt"),
            tmp -> {
              Files.writeString(tmp, "half an output\n");
              ready();
            });
        return;
      }
      NewFiles files = NewFiles.create(out, List.of("load-x.hlog", "load-x.json"));
      Files.writeString(files.temp("load-x.hlog"), "#[half a histogram log]\n");
      ready();
    }

    private static void ready() {
      System.out.println("ready");
      System.out.flush();
      try {
        Thread.sleep(300_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Starts the writer, waits for it, stops it with SIGTERM and lists what is left in {@code in}.
   */
  private static List<String> stopped(Path out, String mode, Path in) throws Exception {
    Process writer =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Writer.class.getName(),
                out.toString(),
                mode)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      BufferedReader lines =
          new BufferedReader(
              new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("ready", lines.readLine(), "the writer started");
      try (Stream<Path> written = Files.list(out)) {
        assertTrue(written.count() > 0, "its temporary files");
      }
      writer.destroy(); // SIGTERM
      assertTrue(writer.waitFor(60, TimeUnit.SECONDS), "the writer ended");
      try (Stream<Path> left = Files.list(in)) {
        return left.map(p -> p.getFileName().toString()).sorted().toList();
      }
    } finally {
      writer.destroyForcibly();
    }
  }

  @Test
  void aStoppedWriterLeavesNoTemporaryFile(@TempDir Path folder) throws Exception {
    assertEquals(List.of(), stopped(folder, "create", folder), "nothing left");
  }

  @Test
  void aStoppedWriterLeavesNoFolderItMade(@TempDir Path folder) throws Exception {
    Path out = folder.resolve("new/out");
    assertEquals(List.of(), stopped(out, "create", folder), "no folder made for the files left");
  }

  @Test
  void aStoppedReplacementLeavesNoTemporaryFile(@TempDir Path folder) throws Exception {
    assertEquals(List.of(), stopped(folder, "replace", folder), "no tmp- file left");
  }
}
