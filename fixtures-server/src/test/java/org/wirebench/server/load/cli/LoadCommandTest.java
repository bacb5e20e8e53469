package org.wirebench.server.load.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.results.LoadResult;
import org.wirebench.server.DeadPort;
import org.wirebench.server.FixtureServer;
import org.wirebench.server.Mains;

/** The load command's exit codes: a run that only saw errors never exits 0. */
class LoadCommandTest {
  @TempDir Path tmp;

  private String stderr = "";

  private int load(String... args) {
    org.wirebench.server.OwnStderr own = new org.wirebench.server.OwnStderr();
    try {
      return own.capture(() -> Mains.execute(new LoadCommand(), args));
    } catch (Exception e) {
      throw new AssertionError(e);
    } finally {
      stderr = own.text();
    }
  }

  /** Held for each test: a port no server can take before the driver is refused there. */
  private final DeadPort dead;

  LoadCommandTest() throws java.io.IOException {
    dead = new DeadPort();
  }

  @org.junit.jupiter.api.AfterEach
  void letGo() throws java.io.IOException {
    dead.close();
  }

  @Test
  void aClosedPortFailsTheRunAndSaysConnectionRefused() throws Exception {
    int exit = load("--target", dead.url(), "--users", "4", "--warmup", "0s", "--duration", "1s");
    assertEquals(1, exit, stderr);
    assertTrue(stderr.contains("connection refused"), stderr);
    assertTrue(stderr.contains("no request succeeded"), stderr);
    assertTrue(stderr.lines().allMatch(l -> l.length() < 300), "one plain line each: " + stderr);
  }

  @Test
  void aZeroDurationIsRefused() throws Exception {
    assertEquals(2, load("--target", "http://127.0.0.1:1/", "--duration", "0s"));
    assertTrue(stderr.contains("--duration must be 1ms..1h, was 0s"), stderr);
  }

  @Test
  void outputPathsAreCheckedBeforeTheRun() throws Exception {
    String missing = tmp.resolve("no/such/folder/out.json").toString();
    assertEquals(2, load("--target", "http://127.0.0.1:1/", "--json", missing));
    assertTrue(stderr.contains("does not exist"), stderr);
    assertEquals(2, load("--target", "http://127.0.0.1:1/", "--hlog", tmp.toString()));
    assertTrue(stderr.contains("is a folder, not a file"), stderr);
  }

  /**
   * An output that exists but is no file is refused before the run: a result is written beside its
   * name and renamed over it, so a FIFO was replaced by a file its reader never saw, and, run as
   * root, a device node such as /dev/null was replaced by a file of JSON. The device here is a copy
   * of /dev/null's node in the test's folder (mknod, as root), never the system's.
   */
  @Test
  void anOutputThatIsAFifoOrADeviceIsRefusedBeforeTheRun() throws Exception {
    Path fifo = tmp.resolve("result.json");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo is available");
    String[] quick = {"--target", dead.url(), "--warmup", "0s", "--duration", "1ms"};
    for (String option : new String[] {"--json", "--hlog"}) {
      assertEquals(2, load(with(quick, option, fifo.toString())), stderr);
      assertEquals(1, stderr.lines().count(), stderr);
      assertTrue(
          stderr.contains(option + " " + fifo + " is a FIFO (named pipe), not a file; name a file"),
          stderr);
    }
    assertTrue(!Files.isRegularFile(fifo), "the FIFO is left as it was");
    Path device = tmp.resolve("null");
    Process mknod =
        new ProcessBuilder("mknod", device.toString(), "c", "1", "3").inheritIO().start();
    org.junit.jupiter.api.Assumptions.assumeTrue(mknod.waitFor() == 0, "mknod (root)");
    assertEquals(2, load(with(quick, "--json", device.toString())), stderr);
    assertTrue(
        stderr.contains("--json " + device + " is a character device, not a file; name a file"),
        stderr);
    assertTrue(!Files.isRegularFile(device), "the device node is left as it was");
  }

  private static String[] with(String[] args, String... more) {
    String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return all;
  }

  @Test
  void anotherScenariosOptionIsRefusedInOneLineNotIgnored() {
    // each once ran the scenario without it (here: against a refused port, exit 1)
    java.util.Map<String, String> owners =
        org.wirebench.server.load.scenario.ScenarioOptions.owners();
    assertTrue(owners.keySet().containsAll(java.util.List.of("--stacks", "--layers")), "" + owners);
    picocli.CommandLine.Model.CommandSpec spec =
        new picocli.CommandLine(new LoadCommand()).getCommandSpec();
    int tried = 0;
    for (String scenario : org.wirebench.server.load.scenario.Scenarios.names()) {
      for (java.util.Map.Entry<String, String> own : owners.entrySet()) {
        if (own.getValue().equals(scenario)) {
          continue;
        }
        picocli.CommandLine.Model.OptionSpec o = spec.findOption(own.getKey());
        java.util.List<String> args =
            new java.util.ArrayList<>(
                java.util.List.of("--scenario", scenario, "--server", "http://127.0.0.1:1/"));
        args.add(own.getKey());
        if (o.arity().max() > 0) {
          args.add(java.util.Map.class.isAssignableFrom(o.type()) ? "a=1" : "1");
        }
        assertEquals(2, load(args.toArray(String[]::new)), args + ": " + stderr);
        assertTrue(
            stderr.contains(
                own.getKey()
                    + " has no effect with --scenario "
                    + scenario
                    + ": it is an option of the "
                    + own.getValue()
                    + " scenario"),
            args + ": " + stderr);
        assertEquals(1, stderr.lines().count(), stderr);
        tried++;
      }
    }
    assertTrue(tried > 20, "tried " + tried);
    // the probe's: a value wfs never checks, and one no scenario takes (deflate) alike
    assertEquals(2, load("--scenario", "wfs", "--stacks", "cxf-jaxb"));
    assertTrue(
        stderr.startsWith(
            "wirebench load: --stacks has no effect with --scenario wfs: it is an option of the"
                + " soap scenario"),
        stderr);
    assertEquals(1, stderr.lines().count(), stderr);
    assertEquals(2, load("--scenario", "wfs", "--wire-encodings", "deflate"));
    assertTrue(
        stderr.contains(
            "--wire-encodings has no effect with --scenario wfs: it is an option of the wire"),
        stderr);
  }

  /**
   * URLs the driver would send differently from what was written, or not at all: refused in one
   * line, exit 2, before any work (each ran against the dead port and failed with exit 1, or ran
   * without the credentials or the fragment, or died with a NullPointerException's message).
   */
  @Test
  void aTargetOrServerUrlTheDriverCannotSendAsWrittenIsRefusedInOneLine() {
    int port = dead.port();
    String[][] cases = {
      {"http://user:pw@127.0.0.1:" + port + "/", "credentials in the URL are refused"},
      {"http://127.0.0.1:" + port + "/#part", "a fragment (#...) is never sent"},
      {"http://127.0.0.1:0/", "port 0 is not 1..65535"},
      {"http://127.0.0.1:65536/", "port 65536 is not 1..65535"},
      {"http://127.0.0.1:99999999999/", "no host and port that can be read"},
      {"http://127.0.0.1:-1/", "no host and port that can be read"},
      {"http:///x", "no host and port that can be read"},
      {"http://a_b:" + port + "/", "no host and port that can be read"},
      {"http:x", "not an http://HOST[:PORT]/ URL"},
      {"ftp://127.0.0.1:" + port + "/", "not an http://HOST[:PORT]/ URL"},
      {"https://127.0.0.1:" + port + "/", "plain HTTP/1.1 only"},
      {"/relative", "not an http://HOST[:PORT]/ URL"},
      {"http://127.0.0.1:" + port + "/a b", "is not a URL: illegal character in path"},
    };
    for (String[] c : cases) {
      assertEquals(2, load("--target", c[0], "--warmup", "0s", "--duration", "1s"), c[0] + stderr);
      assertTrue(stderr.contains(c[1]), stderr);
      assertEquals(1, stderr.lines().count(), stderr);
      assertEquals(2, load("--scenario", "wfs", "--quick", "--server", c[0]), c[0] + stderr);
      assertTrue(stderr.contains(c[1]), stderr);
      assertEquals(1, stderr.lines().count(), stderr);
    }
    assertEquals(2, load("--scenario", "wfs", "--quick", "--server", dead.url() + "?a=b"));
    assertTrue(stderr.contains("a base URL takes no query"), stderr);
  }

  /**
   * The wfs scenario's --count (as its points, whoever makes them) stops at the fixture server's
   * large page ({@link org.wirebench.server.wfs.WfsHandler#LARGE_PAGE}), before any work: a larger
   * page is a heavy query there, one a core at a time, and the users beyond its places were
   * measured as 503s. Before, --count took up to 100000. The server named is a refused port: a run
   * that started would exit 1 there.
   */
  @Test
  void aPageTheServerServesAsAHeavyQueryIsRefusedBeforeAnyWork() {
    int bound = org.wirebench.server.wfs.WfsHandler.LARGE_PAGE;
    assertEquals(
        2,
        load("--scenario", "wfs", "--count", String.valueOf(bound + 1), "--server", dead.url()),
        stderr);
    assertEquals(1, stderr.lines().count(), stderr);
    assertTrue(stderr.contains("--count must be 1.." + bound + " (the fixture server"), stderr);
    assertTrue(stderr.contains("was " + (bound + 1)), stderr);
    IllegalArgumentException refused =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () ->
                org.wirebench.server.load.scenario.WfsScenario.points(
                    java.util.List.of("osm_places"),
                    java.util.List.of("geojson"),
                    java.util.List.of(4),
                    bound + 1));
    assertTrue(refused.getMessage().contains("1.." + bound), refused.getMessage());
  }

  @Test
  void anUnknownCodingIsRefusedInOneLine() {
    assertEquals(2, load("--target", "http://127.0.0.1:1/", "--encoding", "brotli"));
    assertTrue(
        stderr.contains("unknown content coding 'brotli': identity, gzip, br or zstd"), stderr);
    assertEquals(1, stderr.lines().count(), stderr);
    assertEquals(2, load("--target", "http://127.0.0.1:1/", "--gzip", "--encoding", "br"));
    assertTrue(stderr.contains("--gzip asks for gzip, --encoding for br"), stderr);
  }

  @Test
  void theResultRecordsTheCodingAndTheBytesOnTheWire() throws Exception {
    try (FixtureServer server =
        new FixtureServer(FixtureServer.Settings.defaults().stopTimeoutMs(1000)).start()) {
      Path json = tmp.resolve("zstd.json");
      int exit =
          load(
              "--target",
              server.uri().resolve("/static/100000").toString(),
              "--encoding",
              "ZSTD",
              "--users",
              "2",
              "--warmup",
              "0s",
              "--duration",
              "1s",
              "--json",
              json.toString());
      assertEquals(0, exit, stderr);
      JsonNode r = new ObjectMapper().readTree(json.toFile());
      assertEquals(LoadResult.FORMAT_VERSION, r.path("formatVersion").asInt());
      assertEquals("zstd", r.path("encoding").asText());
      assertEquals(100_000, r.path("meanResponseBytes").asDouble(), 0.001);
      // a run of one letter: zstd writes a few dozen bytes
      assertTrue(r.path("meanWireBytes").asDouble() < 1000, r::toString);
    }
  }

  @Test
  void aScenarioOnTheSuitesSharedServerRecordsItAsTold() throws Exception {
    try (FixtureServer server =
        new FixtureServer(FixtureServer.Settings.defaults().stopTimeoutMs(1000)).start()) {
      java.util.Map<String, Object> told = new java.util.LinkedHashMap<>();
      told.put("url", server.uri().toString());
      told.put("started", "by the suite, shared by its load scenarios soap, wfs");
      told.put("jvmProfile", "default");
      told.put("jvmFlags", java.util.List.of());
      told.put("droppedStudyFlags", java.util.List.of());
      told.put("java", "same as the load driver");
      told.put("command", java.util.List.of("java", "org.wirebench.server.ServeCommand"));
      Path out = tmp.resolve("run");
      int exit =
          load(
              "--scenario",
              "soap",
              "--quick",
              "--stacks",
              "cxf-jaxb",
              "--operations",
              "void",
              "--users",
              "1",
              "--requests",
              "20",
              "--out",
              out.toString(),
              "--shared-server",
              new ObjectMapper().writeValueAsString(told));
      assertEquals(0, exit, stderr);
      org.wirebench.results.ScenarioResult r =
          org.wirebench.results.ScenarioResult.read(out.resolve("load-soap.json"));
      assertEquals(told, r.server());
      assertEquals(1, r.points().size());
    }
  }

  @Test
  void aSharedServerIsRefusedWhereNoneWouldStartOrItsDescriptionIsBad() {
    String told = "{\"url\":\"http://127.0.0.1:1/\",\"started\":\"x\",\"command\":[]}";
    assertEquals(
        2, load("--scenario", "soap", "--server", "http://127.0.0.1:1/", "--shared-server", told));
    assertTrue(
        stderr.contains("--shared-server stands for the server this run would start"), stderr);
    assertEquals(2, load("--scenario", "soap", "--shared-server", "{"));
    assertTrue(stderr.contains("--shared-server takes the server's description"), stderr);
    assertEquals(2, load("--scenario", "soap", "--shared-server", "{\"url\":\"ftp://x/\"}"));
    assertTrue(stderr.contains("--shared-server must name the server's url"), stderr);
    assertTrue(!stderr.contains("\tat "), "no stack trace: " + stderr);
  }

  @Test
  void aBadErrorBudgetIsRefused() throws Exception {
    assertEquals(2, load("--target", "http://127.0.0.1:1/", "--max-error-rate", "150%"));
  }
}
