package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.results.ScenarioResult;

/**
 * The suite's load step with several scenarios, each in its own driver JVM as the suite runs them,
 * tiny settings: one server JVM serves them all (server JVMs counted among this JVM's descendants),
 * each result records it as before, and a failed scenario or a server that died stops the step with
 * no server left running.
 */
class LoadStepTest {
  /** A soap point and a wfs point, each as small as their options allow. */
  private static final List<String> TINY =
      List.of(
          "--layers", "osm_places",
          "--formats", "geojson",
          "--count", "10",
          "--duration", "200ms",
          "--stacks", "cxf-jaxb",
          "--operations", "void",
          "--users", "1");

  /** Every server JVM seen under this JVM while a step runs, by pid. */
  private final Map<Long, ProcessHandle> servers = new ConcurrentHashMap<>();

  private volatile boolean watching = true;

  private final Thread watcher =
      new Thread(
          () -> {
            while (watching) {
              ProcessHandle.current()
                  .descendants()
                  .filter(LoadStepTest::isServer)
                  .forEach(p -> servers.putIfAbsent(p.pid(), p));
              try {
                Thread.sleep(20);
              } catch (InterruptedException e) {
                return;
              }
            }
          },
          "server-watch");

  @AfterEach
  void stop() throws InterruptedException {
    watching = false;
    watcher.join();
    servers.values().forEach(ProcessHandle::destroyForcibly);
  }

  /**
   * A fixture server JVM: ServeCommand is its main class, one argument of its command line (a
   * driver's names it too, inside the shared server's description). Read from /proc where there is
   * one: the JDK's {@code ProcessHandle.Info} gave no arguments for these JVMs.
   */
  private static boolean isServer(ProcessHandle p) {
    Path cmdline = Path.of("/proc", Long.toString(p.pid()), "cmdline");
    List<String> args;
    try {
      args =
          Files.isReadable(cmdline)
              ? List.of(
                  Files.readString(cmdline, java.nio.charset.StandardCharsets.ISO_8859_1)
                      .split("\0"))
              : List.of(p.info().arguments().orElse(new String[0]));
    } catch (IOException e) {
      return false; // ended meanwhile
    }
    return args.contains("org.wirebench.server.ServeCommand");
  }

  @Test
  void theScenariosShareOneServerAndRecordItAsBefore(@TempDir Path folder) throws Exception {
    watcher.start();
    new LoadStep(List.of("soap", "wfs"), "default", true, TINY).run(folder, null);
    assertEquals(1, servers.size(), "server JVMs started: " + servers.keySet());
    assertNoServerLeft();
    ScenarioResult wfs = ScenarioResult.read(folder.resolve("load-wfs.json"));
    ScenarioResult soap = ScenarioResult.read(folder.resolve("load-soap.json"));
    assertTrue(Files.size(folder.resolve("load-wfs.hlog")) > 0);
    assertTrue(Files.size(folder.resolve("load-soap.hlog")) > 0);
    for (ScenarioResult r : List.of(wfs, soap)) {
      assertEquals(1, r.points().size(), r.scenario());
      assertEquals(0, r.errorCount(), r.scenario());
      assertTrue(r.points().get(0).throughput() > 0, r.scenario());
      // the fields a driver-started server gets, in the same order
      assertEquals(
          List.of(
              "url", "started", "jvmProfile", "jvmFlags", "droppedStudyFlags", "java", "command"),
          new ArrayList<>(r.server().keySet()),
          r.scenario());
      assertEquals("default", r.server().get("jvmProfile"));
      assertEquals(List.of(), r.server().get("jvmFlags"));
      assertEquals("same as the load driver", r.server().get("java"));
      assertEquals(
          "by the suite, shared by its load scenarios soap, wfs", r.server().get("started"));
      assertTrue(
          r.server().get("command").toString().contains("--no-compression"), r.server()::toString);
    }
    assertEquals(wfs.server(), soap.server());
  }

  @Test
  void aFailedScenarioStopsTheSharedServer(@TempDir Path folder) throws Exception {
    watcher.start();
    List<String> args = new ArrayList<>(TINY);
    args.set(args.indexOf("--count") + 1, "0"); // wfs refuses it, soap has no use for it
    IOException e =
        assertThrows(
            IOException.class,
            () -> new LoadStep(List.of("wfs", "soap"), "default", true, args).run(folder, null));
    assertTrue(e.getMessage().contains("the wfs load scenario failed (exit 2)"), e.getMessage());
    assertTrue(servers.size() <= 1, "server JVMs started: " + servers.keySet());
    assertNoServerLeft();
    assertFalse(Files.exists(folder.resolve("load-soap.json")), "soap ran after wfs failed");
  }

  @Test
  void aServerThatDiedFailsTheNextScenario(@TempDir Path folder) throws Exception {
    Thread killer =
        new Thread(
            () -> {
              try {
                while (!Files.exists(folder.resolve("load-soap.json"))) {
                  Thread.sleep(10);
                }
              } catch (InterruptedException e) {
                return;
              }
              servers.values().forEach(ProcessHandle::destroyForcibly);
            });
    watcher.start();
    killer.start();
    IOException e =
        assertThrows(
            IOException.class,
            () -> new LoadStep(List.of("soap", "wfs"), "default", true, TINY).run(folder, null));
    killer.join(TimeUnit.SECONDS.toMillis(10));
    // the step finds the server gone before wfs starts, or wfs's driver finds it answers nothing
    assertTrue(
        e.getMessage().contains("the load step's server JVM ended")
            || e.getMessage().contains("the wfs load scenario failed"),
        e.getMessage());
    assertEquals(1, servers.size(), "server JVMs started: " + servers.keySet());
    assertNoServerLeft();
    assertFalse(Files.exists(folder.resolve("load-wfs.json")), "wfs read a dead server");
  }

  /** Once the step has returned, no server JVM it started runs any more: not eventually, now. */
  private void assertNoServerLeft() {
    for (ProcessHandle p : servers.values()) {
      assertFalse(p.isAlive(), "server JVM still running after the step: pid " + p.pid());
    }
  }
}
