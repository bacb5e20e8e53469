package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What profile prints when it is done: the files to open, not only their folder. */
class ProfileCommandTest {
  @Test
  void printsTheReportAndEveryFlameGraph() {
    Path folder = Path.of("/runs/20261125-profile");
    String out =
        captured(
            () ->
                ProfileCommand.printPaths(
                    folder,
                    List.of(
                        "profile/a/flame-cpu-forward.html", "profile/a/flame-alloc-reverse.html")));
    assertEquals(
        "results: /runs/20261125-profile\n"
            + "report: /runs/20261125-profile/report.html\n"
            + "flame graph: /runs/20261125-profile/profile/a/flame-cpu-forward.html\n"
            + "flame graph: /runs/20261125-profile/profile/a/flame-alloc-reverse.html\n",
        out.replace(System.lineSeparator(), "\n"));
  }

  @Test
  void saysSoWhenNoGraphWasWritten() {
    String out = captured(() -> ProfileCommand.printPaths(Path.of("/runs/x"), List.of()));
    assertEquals(
        "results: /runs/x\nreport: /runs/x/report.html\n"
            + "flame graph: none written (the profiler produced no output)\n",
        out.replace(System.lineSeparator(), "\n"));
  }

  private static String captured(Runnable r) {
    PrintStream stdout = System.out;
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(b, true, StandardCharsets.UTF_8));
      r.run();
    } finally {
      System.setOut(stdout);
    }
    return b.toString(StandardCharsets.UTF_8);
  }
}
