package org.wirebench.server.load.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.server.Mains;

/**
 * Options load accepted and then ignored or bent: a think-time spread with no think time or past
 * it, phases longer than the one bound the others had (1h), durations with spaces around them
 * (numbers with spaces were refused), a --wms-endpoint name given twice (the last kept silently),
 * with no name, or with a URL the other URL options refuse. Each is now refused in one line, exit
 * 2, before any work (the target is a port nothing listens on: a run that started would exit 1).
 */
class LoadOptionRulesTest {
  private String stderr = "";

  private int load(String... args) throws Exception {
    org.wirebench.server.OwnStderr own = new org.wirebench.server.OwnStderr();
    try {
      // the safety net: a load that starts (the old code's answer to --warmup 2h) runs for hours;
      // the capture in the timed thread, as OwnStderr captures its own thread's output
      return org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
          java.time.Duration.ofSeconds(60),
          () -> own.capture(() -> Mains.execute(new LoadCommand(), args)));
    } finally {
      stderr = own.text();
    }
  }

  private void refused(String expected, String... args) throws Exception {
    assertEquals(2, load(args), String.join(" ", args) + ": " + stderr);
    assertEquals(1, stderr.lines().count(), stderr);
    assertTrue(stderr.contains(expected), String.join(" ", args) + ": " + stderr);
    assertFalse(stderr.contains("Exception") || stderr.contains("Usage:"), stderr);
  }

  private static String[] target(String... more) {
    List<String> a = new ArrayList<>(List.of("--target", "http://127.0.0.1:1/"));
    a.addAll(List.of(more));
    return a.toArray(String[]::new);
  }

  /**
   * The open model (--rate) sends on a schedule: a think time was never taken and a ramp-up only
   * lengthened the warm-up (the old code ran, here to exit 1 on the refused port).
   */
  @Test
  void theClosedModelsUserOptionsAreRefusedWithARate() throws Exception {
    String[][] closed = {
      {"--think-time", "100ms"},
      {"--think-time", "100ms", "--think-deviation", "10ms"},
      {"--ramp-up", "1s"},
      {"--think-time-ms", "100"},
    };
    for (String[] c : closed) {
      List<String> args =
          new ArrayList<>(List.of("--rate", "50", "--warmup", "0s", "--duration", "1s"));
      args.addAll(List.of(c));
      refused(c[0] + " has no effect with --rate", target(args.toArray(String[]::new)));
    }
    // the closed model takes them, and a --rate of 0 is the closed model
    assertEquals(
        1,
        load(target("--rate", "0", "--think-time", "1ms", "--warmup", "0s", "--duration", "1ms")),
        stderr);
  }

  @Test
  void aThinkTimeSpreadNeedsAThinkTimeAtLeastAsLarge() throws Exception {
    refused(
        "--think-deviation must be 0ms..--think-time (0s), was 1s",
        target("--think-deviation", "1s"));
    refused(
        "--think-deviation must be 0ms..--think-time (100ms), was 200ms",
        target("--think-time", "100ms", "--think-deviation", "200ms"));
  }

  @Test
  void everyPhaseHasTheSameUpperBound() throws Exception {
    refused("--warmup must be 0s..1h, was 2h", target("--warmup", "2h"));
    refused("--duration must be 1ms..1h, was 61m", target("--duration", "61m"));
    refused("--ramp-up must be 0s..1h, was 2h", target("--ramp-up", "2h"));
    refused("--timeout must be 1ms..1h, was 2h", target("--timeout", "2h"));
  }

  @Test
  void aDurationWithSpacesIsRefusedAsANumberWithSpacesIs() throws Exception {
    refused("' 1s' is not a duration", target("--duration", " 1s"));
    refused("'1s ' is not a duration", target("--warmup", "1s "));
    refused("' 5' is not a whole number", target("--users", " 5"));
    refused(
        "' 5s' is not a duration",
        "--scenario",
        "wfs",
        "--server",
        "http://127.0.0.1:1/",
        "--server-wait",
        " 5s");
  }

  @Test
  void aWmsEndpointNamesEachWmsOnceWithAUrlTheDriverSends() throws Exception {
    String[] base = {"--scenario", "wms", "--server", "http://127.0.0.1:1/"};
    refused(
        "--wms-endpoint names x twice",
        cat(base, "--wms-endpoint", "x=http://127.0.0.1:1/a", "--wms-endpoint", "x=http://h/b"));
    refused("a name before the '='", cat(base, "--wms-endpoint", "=http://127.0.0.1:1/a"));
    refused("a name before the '='", cat(base, "--wms-endpoint", "http://127.0.0.1:1/a"));
    refused(
        "--wms-endpoint x: port 99999 is not 1..65535",
        cat(base, "--wms-endpoint", "x=http://127.0.0.1:99999/a"));
    refused(
        "--wms-endpoint x: credentials in the URL",
        cat(base, "--wms-endpoint", "x=http://u:p@127.0.0.1:1/a"));
  }

  private static String[] cat(String[] a, String... b) {
    List<String> all = new ArrayList<>(List.of(a));
    all.addAll(List.of(b));
    return all.toArray(String[]::new);
  }
}
