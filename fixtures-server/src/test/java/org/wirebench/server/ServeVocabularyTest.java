package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * serve's durations carry their unit (--stop-timeout 10s); the millisecond options they replaced
 * still reach the same check for a release, with one line naming the new spelling; a client's share
 * of the heavy WFS queries is one of the places. Every case here is refused before a server starts.
 */
class ServeVocabularyTest {
  private String stderr = "";

  private int serve(String... args) {
    PrintStream before = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      // the safety net: a server that starts (an option taken that should be refused) never ends
      return org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
          java.time.Duration.ofSeconds(60), () -> Mains.execute(new ServeCommand(), args));
    } finally {
      System.setErr(before);
      stderr = captured.toString(StandardCharsets.UTF_8);
    }
  }

  private List<String> refusals() {
    return stderr.lines().filter(l -> !l.contains("is deprecated")).toList();
  }

  @Test
  void theOldMillisecondSpellingsReachTheSameValueAndSayTheNewOne() {
    assertEquals(2, serve("--port", "0", "--stop-timeout", "700000ms"));
    String now = refusals().get(0);
    assertTrue(now.contains("--stop-timeout must be 0s..10m, was 700000ms"), stderr);
    assertEquals(2, serve("--port", "0", "--stop-timeout-ms", "700000"));
    assertEquals(List.of(now), refusals(), stderr);
    assertTrue(
        stderr.contains("--stop-timeout-ms is deprecated")
            && stderr.contains("write --stop-timeout 700000ms"),
        stderr);

    assertEquals(2, serve("--port", "0", "--finding-timeout-ms", "0"));
    assertTrue(refusals().get(0).contains("--finding-timeout must be 1ms..10m, was 0ms"), stderr);
    assertTrue(stderr.contains("write --finding-timeout 0ms"), stderr);
  }

  @Test
  void outOfRangeOrUnitlessDurationsAreRefusedInOneLine() {
    for (String[] bad :
        new String[][] {
          {"--stop-timeout", "11m"},
          {"--stop-timeout", "10000"},
          {"--finding-timeout", "0s"},
          {"--finding-timeout", "1h"},
          {"--stop-timeout", "1s", "--stop-timeout-ms", "1000"},
        }) {
      String[] args = new String[bad.length + 2];
      args[0] = "--port";
      args[1] = "0";
      System.arraycopy(bad, 0, args, 2, bad.length);
      assertEquals(2, serve(args), String.join(" ", bad) + ": " + stderr);
      assertEquals(1, refusals().size(), stderr);
      assertTrue(refusals().get(0).contains(bad[0]), stderr);
    }
  }

  /**
   * A share of every heavy place (the old most, 3 a core) is refused as well as one beyond them: it
   * let one client hold every place, and every other client's heavy query got 503 at once.
   */
  @Test
  void aHeavyShareOfEveryPlaceOrMoreIsRefusedInOneLine() {
    int places = org.wirebench.server.wfs.WfsHandler.HEAVY_PLACES;
    assertEquals(3 * Runtime.getRuntime().availableProcessors(), places);
    int most = org.wirebench.server.wfs.WfsHandler.MAX_HEAVY_PER_CLIENT;
    assertEquals(places - 1, most);
    for (int bad : new int[] {0, places, places + 1}) {
      assertEquals(2, serve("--port", "0", "--heavy-per-client", "" + bad), stderr);
      assertEquals(1, refusals().size(), stderr);
      assertTrue(
          refusals()
              .get(0)
              .contains(
                  "--heavy-per-client must be 1.."
                      + most
                      + " on this machine (one fewer than its "
                      + places
                      + " heavy places, 3 a core: one is always left for another client), was "
                      + bad),
          stderr);
    }
  }
}
