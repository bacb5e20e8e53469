package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.wirebench.bench.report.ThenAndNowTest;

/**
 * A reader that closes standard output ({@code wirebench ... | head -1}) took what it wanted: the
 * command exits with its own code and says nothing, as a Unix filter does, for every kind of output
 * a command writes (bytes, a writer over System.out, picocli's writer, its help). They exited 1
 * after all their work, "cannot write to standard output". A full disk still fails (ExitCodesTest).
 */
class ClosedOutputTest {

  /** Exit code and standard error of {@code args} run with standard output's reader gone. */
  private static String[] runWithReaderGone(String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(WirebenchCli.class.getName());
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).start();
    // the read end closed before the command writes anything: its first write meets EPIPE
    p.getInputStream().close();
    p.getOutputStream().close();
    String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), String.join(" ", args));
    return new String[] {Integer.toString(p.exitValue()), stderr};
  }

  @Test
  void aReaderThatLeftIsNoFailureOfTheCommand() throws Exception {
    Path runs = ThenAndNowTest.runs().resolve("compare");
    String[][] commands = {
      {"encode", "--dataset", "osm_places", "--format", "gml2", "--count", "2000"},
      {"wms-requests", "--count", "2000"},
      {"schema", "--dataset", "osm_places", "--format", "gml2"},
      {"compare", runs.resolve("warm-base1").toString(), runs.resolve("warm-base2").toString()},
      {"--help"},
    };
    for (String[] args : commands) {
      String[] result = runWithReaderGone(args);
      assertEquals("0", result[0], args[0] + ": " + result[1]);
      assertEquals("", result[1], args[0]);
    }
  }

  /**
   * A full disk is still a failure, for picocli's writer (compare) as for bytes written to
   * System.out (encode): the standard output the mains install is the one picocli writes through.
   */
  @Test
  void aFullDiskStillFailsEveryKindOfOutput() throws Exception {
    Path runs = ThenAndNowTest.runs().resolve("compare");
    String[][] commands = {
      {"encode", "--dataset", "osm_places", "--format", "gml2", "--count", "2000"},
      {"compare", runs.resolve("warm-base1").toString(), runs.resolve("warm-base2").toString()},
    };
    for (String[] args : commands) {
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.add("-cp");
      command.add(System.getProperty("java.class.path"));
      command.add(WirebenchCli.class.getName());
      command.addAll(List.of(args));
      Process p = new ProcessBuilder(command).redirectOutput(new java.io.File("/dev/full")).start();
      String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(120, TimeUnit.SECONDS), args[0]);
      assertEquals(1, p.exitValue(), args[0] + ": " + stderr);
      assertTrue(stderr.contains("cannot write to standard output"), stderr);
    }
  }

  /**
   * A command that writes as it works stops at the first write standard output fails, not at the
   * end of its work: encode of 100,000 features and wms-requests of 100,000 rows wrote on into a
   * System.out that had failed (PrintStream swallows it) until all was encoded, for no reader. In
   * this JVM no reader is known to have left, so it is a failure to write, exit 1 naming it (under
   * a main, a reader that left: exit 0, quietly, above).
   */
  @Test
  void aCommandWritingAsItWorksStopsAtTheFirstFailedWrite() {
    String[][] commands = {
      {"encode", "--dataset", "osm_places", "--format", "gml2", "--count", "100000"},
      {"wms-requests", "--count", "100000"},
    };
    PrintStream stdout = System.out;
    for (String[] args : commands) {
      int[] writes = {0};
      OutputStream gone =
          new OutputStream() {
            @Override
            public void write(int b) throws IOException {
              write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
              writes[0]++;
              throw new IOException("Broken pipe");
            }
          };
      CliRunner cli = new CliRunner();
      int exit;
      try {
        System.setOut(new PrintStream(gone, true));
        exit = cli.run(args);
      } finally {
        System.setOut(stdout);
      }
      assertEquals(1, exit, args[0] + ": " + cli.err());
      assertTrue(cli.err().contains("cannot write to standard output"), cli::err);
      assertTrue(writes[0] <= 2, args[0] + " wrote " + writes[0] + " times after its reader left");
    }
  }

  /** A command's own failure keeps its code: a regression is still exit 1, the reader gone. */
  @Test
  void theCommandsOwnCodeIsKept() throws Exception {
    Path runs = ThenAndNowTest.runs().resolve("compare");
    String[] result =
        runWithReaderGone(
            "compare",
            runs.resolve("warm-base1").toString(),
            runs.resolve("warm-planted").toString());
    assertEquals("1", result[0], result[1]);
    assertEquals("", result[1]);
  }
}
