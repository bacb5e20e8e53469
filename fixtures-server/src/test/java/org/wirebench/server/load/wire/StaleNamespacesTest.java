package org.wirebench.server.load.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Namespaces a wire run could not remove (its machine lost power mid-run, its clean-up process was
 * killed too) are found by the next run: removed where their process has ended, named and left
 * where it still runs (another run), others' namespaces never touched. The host is a stand-in.
 */
class StaleNamespacesTest {
  @Test
  void endedRunsAreRemovedRunningOnesNamedOthersUntouched() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    long dead = ended.pid();
    Process running = new ProcessBuilder("sleep", "30").start();
    try {
      long alive = running.pid();
      long self = ProcessHandle.current().pid();
      List<List<String>> ran = new ArrayList<>();
      Shell host =
          cmd -> {
            ran.add(cmd);
            if (cmd.equals(List.of("ip", "netns", "list"))) {
              return new Shell.Result(
                  0,
                  String.join(
                      "\n",
                      "wbw-" + dead + "-srv (id: 3)",
                      "wbw-" + dead + "-cli",
                      "wbw-" + alive + "-srv (id: 1)",
                      "wbw-" + self + "-cli",
                      "docker-ns",
                      "wbw-notapid-srv"));
            }
            return new Shell.Result(0, "");
          };
      List<String> lines = NetnsPair.removeStale(host, self);
      assertEquals(
          List.of(
              "wire: removed namespace wbw-" + dead + "-srv, left by process " + dead + " (ended)",
              "wire: removed namespace wbw-" + dead + "-cli, left by process " + dead + " (ended)",
              "wire: namespace wbw-"
                  + alive
                  + "-srv belongs to process "
                  + alive
                  + ", still running: left"),
          lines);
      assertEquals(
          List.of(
              List.of("ip", "netns", "list"),
              List.of("ip", "netns", "del", "wbw-" + dead + "-srv"),
              List.of("ip", "netns", "del", "wbw-" + dead + "-cli")),
          ran);
    } finally {
      running.destroyForcibly().waitFor();
    }
  }

  @Test
  void aNamespaceThatCannotBeRemovedIsSaidSo() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    Shell host =
        cmd ->
            cmd.get(2).equals("list")
                ? new Shell.Result(0, "wbw-" + ended.pid() + "-srv")
                : new Shell.Result(1, "Cannot remove namespace file: Device or resource busy");
    assertEquals(
        List.of(
            "wire: cannot remove stale namespace wbw-"
                + ended.pid()
                + "-srv: Cannot remove namespace file: Device or resource busy"),
        NetnsPair.removeStale(host, ProcessHandle.current().pid()));
  }
}
