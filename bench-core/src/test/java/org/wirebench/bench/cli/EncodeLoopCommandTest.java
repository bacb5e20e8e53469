package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.server.Mains;
import picocli.CommandLine;

/**
 * The codec loop of {@code scripts/server-cpu-pair.sh --codec yes}: ready after validating, one
 * answer a {@code go} line, the end at the end of its input, and bad usage refused in one line.
 */
class EncodeLoopCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int loop(String input, String... args) {
    CommandLine cli =
        Mains.configure(
            new CommandLine(new EncodeLoopCommand(new BufferedReader(new StringReader(input)))));
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  @Test
  void answersEachGoLineWithItsEncodesAndEndsAtTheEndOfItsInput() {
    int exit =
        loop("go 200\ngo 50\n", "--dataset", "osm_places", "--codec", "geojson", "--threads", "2");
    assertEquals(0, exit, err::toString);
    List<String> lines = out.toString().lines().toList();
    assertEquals(3, lines.size(), out::toString);
    assertTrue(lines.get(0).matches("ready [1-9][0-9]*"), lines.get(0));
    for (String window : lines.subList(1, 3)) {
      String[] f = window.split(" ");
      assertEquals(2, f.length, window);
      assertTrue(Long.parseLong(f[0]) >= 2, "each of 2 workers encodes at least once: " + window);
      assertTrue(Long.parseLong(f[1]) > 0, "the workers' CPU time: " + window);
    }
    assertEquals("", err.toString());
  }

  @Test
  void aSameBytesFloorRunsAsTheBenchmarkRunsIt() {
    assertEquals(
        0, loop("go 20\n", "--dataset", "osm_places", "--codec", "geojson-floor"), err::toString);
    assertEquals(2, out.toString().lines().count(), out::toString);
  }

  @Test
  void aLineThatIsNotGoMillisExits2InOneLine() {
    for (String bad : List.of("stop", "go", "go 0", "go 3600001", "go -5", "go 1.5")) {
      out.getBuffer().setLength(0);
      err.getBuffer().setLength(0);
      assertEquals(2, loop(bad + "\ngo 10\n", "--dataset", "osm_places", "--codec", "gml2"), bad);
      assertEquals(1, out.toString().lines().count(), "only ready, no window: " + out);
      assertEquals(1, err.toString().lines().count(), err::toString);
      assertTrue(err.toString().contains("is not 'go MILLIS'"), err::toString);
    }
  }

  @Test
  void badArgumentsExit2InOneLineBeforeAnyWork() {
    List<List<String>> cases =
        List.of(
            List.of("--dataset", "nowhere", "--codec", "geojson"),
            List.of("--dataset", "osm_places", "--codec", "nope"),
            List.of("--dataset", "osm_places", "--codec", "geojson", "--count", "0"),
            List.of("--dataset", "osm_places", "--codec", "geojson", "--threads", "0"),
            List.of("--dataset", "osm_places", "--codec", "geojson", "--threads", "257"),
            List.of("--dataset", "osm_places"));
    for (List<String> args : cases) {
      StringWriter e = new StringWriter();
      StringWriter o = new StringWriter();
      CommandLine cli = WirebenchCli.commandLine();
      cli.setErr(new PrintWriter(e, true));
      cli.setOut(new PrintWriter(o, true));
      List<String> all = new java.util.ArrayList<>(List.of("encode-loop"));
      all.addAll(args);
      assertEquals(2, cli.execute(all.toArray(String[]::new)), args + ": " + e);
      assertEquals(1, e.toString().lines().count(), args + ": " + e);
      assertTrue(e.toString().startsWith("wirebench encode-loop: "), e::toString);
      assertFalse(e.toString().contains("Exception"), e::toString);
      assertEquals("", o.toString(), "nothing started: " + args);
    }
  }
}
