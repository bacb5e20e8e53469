package org.wirebench.server.load;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.wirebench.server.DeadPort;
import org.wirebench.server.FixtureServer;

/**
 * The progress line a second shows each phase's own counts: during the warm-up (15 s by default)
 * the answers and errors of the warm-up, which are thrown away. It showed the measured counts in
 * every phase, "warm-up 14.3s 0 ok (+0/s) errors 0", as if the server answered nothing and a
 * refused port were fine.
 */
class LoadProgressTest {
  private static final Pattern LINE =
      Pattern.compile(
          "(warm-up|measure) +[0-9.]+s  ([0-9,]+) ok \\(\\+[0-9,]+/s\\)  errors (\\d+)");

  /** The progress lines of a run of {@code plan}. */
  private static List<Matcher> progress(LoadPlan plan) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      new LoadDriver(plan).run(out);
    }
    return bytes
        .toString(StandardCharsets.UTF_8)
        .lines()
        .map(LINE::matcher)
        .filter(Matcher::lookingAt)
        .toList();
  }

  private static long number(String digits) {
    return Long.parseLong(digits.replace(",", ""));
  }

  @Test
  void aWarmUpLineCountsTheWarmUpsAnswers() throws Exception {
    try (FixtureServer server = new FixtureServer(FixtureServer.Settings.defaults()).start()) {
      List<Matcher> lines =
          progress(
              new LoadPlan(server.uri().resolve("/static/100"))
                  .users(2)
                  .timed(Duration.ofMillis(2500), Duration.ofMillis(1200))
                  .timeout(Duration.ofSeconds(30)));
      List<Matcher> warmUp = lines.stream().filter(m -> m.group(1).equals("warm-up")).toList();
      assertTrue(!warmUp.isEmpty(), () -> "no warm-up line: " + lines);
      assertTrue(
          warmUp.stream().anyMatch(m -> number(m.group(2)) > 0),
          () -> "warm-up lines with no answer counted: " + warmUp.get(0).group());
    }
  }

  @Test
  void aWarmUpLineCountsTheWarmUpsErrors() throws Exception {
    try (DeadPort dead = new DeadPort()) {
      List<Matcher> lines =
          progress(
              new LoadPlan(URI.create(dead.url()))
                  .users(2)
                  .timed(Duration.ofMillis(2500), Duration.ofMillis(500)));
      List<Matcher> warmUp = lines.stream().filter(m -> m.group(1).equals("warm-up")).toList();
      assertTrue(!warmUp.isEmpty(), () -> "no warm-up line: " + lines);
      assertTrue(
          warmUp.stream().allMatch(m -> number(m.group(3)) > 0),
          () -> "a warm-up line without the refused connections: " + warmUp.get(0).group());
    }
  }
}
