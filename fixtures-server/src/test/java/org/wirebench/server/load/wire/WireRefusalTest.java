package org.wirebench.server.load.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.server.Mains;
import org.wirebench.server.load.cli.LoadCommand;

/**
 * Where the host cannot give the wire scenario what it needs, the load command says so in one line
 * and exits 2 before anything is set up; the host is a seam here (root is never dropped).
 */
class WireRefusalTest {
  @TempDir Path tmp;

  private final HostCheck real = WireScenario.host();
  private final List<List<String>> commands = new ArrayList<>();
  private String stderr = "";
  private String stdout = "";

  @AfterEach
  void restore() {
    WireScenario.useHost(real);
  }

  /** A host where every command but those named fails with "not found". */
  private HostCheck host(int uid, String... working) {
    return host(new HostCheck.Privileges(uid, ALL), working);
  }

  /** Every capability effective, as root has them outside a sandbox. */
  private static final long ALL = 0x1ffffffffffL;

  /** Changing the capability bounding set: what setpriv needs to drop one for its child. */
  private static final int CAP_SETPCAP = 8;

  private HostCheck host(HostCheck.Privileges privileges, String... working) {
    return new HostCheck(
        cmd -> {
          commands.add(cmd);
          String line = String.join(" ", cmd);
          for (String w : working) {
            if (line.startsWith(w)) {
              return new Shell.Result(0, "");
            }
          }
          return new Shell.Result(-1, "cannot run " + cmd.get(0) + ": No such file or directory");
        },
        () -> Optional.of(privileges));
  }

  private int load(String... args) {
    PrintStream out = System.out;
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    org.wirebench.server.OwnStderr own = new org.wirebench.server.OwnStderr();
    System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
    try {
      return own.capture(() -> Mains.execute(new LoadCommand(), args));
    } catch (Exception e) {
      throw new AssertionError(e);
    } finally {
      System.setOut(out);
      stderr = own.text();
      stdout = o.toString(StandardCharsets.UTF_8);
    }
  }

  private void oneLine() {
    assertEquals(1, stderr.lines().count(), "one line: " + stderr);
    assertTrue(!stderr.contains("Exception") && !stderr.contains("\tat "), stderr);
    assertEquals("", stdout);
  }

  @Test
  void notRootIsOneLineAndExit2BeforeAnythingIsRun() throws Exception {
    WireScenario.useHost(host(1000, "ip", "tc", "setsid"));
    Path out = tmp.resolve("run");
    assertEquals(2, load("--scenario", "wire", "--quick", "--out", out.toString()));
    oneLine();
    assertTrue(stderr.contains("needs root"), stderr);
    assertTrue(stderr.contains("uid 1000"), stderr);
    assertTrue(commands.isEmpty(), "nothing run on the host: " + commands);
    assertTrue(!Files.exists(out), "no results folder");
  }

  /**
   * Root without CAP_NET_ADMIN or CAP_SYS_ADMIN (a container started without them) is refused as a
   * host without root is: it passed every check, and the run failed at its first veth.
   */
  @Test
  void rootWithoutACapabilityIsOneLineAndExit2BeforeAnythingIsRun() throws Exception {
    for (int cap :
        new int[] {HostCheck.Privileges.CAP_NET_ADMIN, HostCheck.Privileges.CAP_SYS_ADMIN}) {
      commands.clear();
      WireScenario.useHost(
          host(new HostCheck.Privileges(0, ALL & ~(1L << cap)), "ip", "tc", "setsid"));
      Path out = tmp.resolve("run");
      assertEquals(2, load("--scenario", "wire", "--quick", "--out", out.toString()));
      oneLine();
      String name = cap == HostCheck.Privileges.CAP_NET_ADMIN ? "CAP_NET_ADMIN" : "CAP_SYS_ADMIN";
      assertTrue(stderr.contains("the wire scenario needs " + name), stderr);
      assertTrue(commands.isEmpty(), "nothing run on the host: " + commands);
      assertTrue(!Files.exists(out), "no results folder");
    }
  }

  /**
   * The same refusal from this host's own facts: the load command in a JVM started by setpriv
   * without CAP_NET_ADMIN in its bounding set (root's capabilities are recomputed from it at exec).
   * Only where this test runs as root and setpriv is there; the seam above holds it everywhere.
   */
  @Test
  void aRootJvmWithoutNetAdminIsRefusedByItsOwnCheck() throws Exception {
    HostCheck.Privileges self = HostCheck.system().privileges().get().orElse(null);
    org.junit.jupiter.api.Assumptions.assumeTrue(
        self != null && self.uid() == 0 && self.has(CAP_SETPCAP), "needs root with CAP_SETPCAP");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Shell.system().run(List.of("setpriv", "--version")).ok(), "needs setpriv");
    Path out = tmp.resolve("run");
    Process p =
        new ProcessBuilder(
                "setpriv",
                "--bounding-set=-net_admin",
                "--inh-caps=-net_admin",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                LoadCommand.class.getName(),
                "--scenario",
                "wire",
                "--quick",
                "--out",
                out.toString())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "the load JVM ended");
    assertEquals(2, p.exitValue(), err);
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.contains("the wire scenario needs CAP_NET_ADMIN"), err);
    assertTrue(!Files.exists(out), "no results folder");
  }

  @Test
  void eachMissingToolIsNamed() {
    assertTrue(
        host(0).refusal().startsWith("the wire scenario needs iproute2's ip netns: cannot run ip"));
    assertTrue(host(0, "ip").refusal().contains("needs tc (iproute2)"));
    assertTrue(host(0, "ip", "tc").refusal().contains("needs setsid (util-linux)"));
    assertNull(host(0, "ip", "tc", "setsid").refusal());
    String notLinux = new HostCheck(host(0).shell(), Optional::empty).refusal();
    assertTrue(notLinux.contains("needs Linux network namespaces"), notLinux);
  }

  @Test
  void noIpNetnsIsOneLineAndExit2() {
    WireScenario.useHost(host(0, "tc", "setsid"));
    assertEquals(2, load("--scenario", "wire", "--quick"));
    oneLine();
    assertTrue(stderr.contains("ip netns"), stderr);
  }

  @Test
  void aKernelWithoutTheBucketIsOneLineAndExit2AndNothingIsLeft() {
    List<String> made = new ArrayList<>();
    List<String> deleted = new ArrayList<>();
    WireScenario.useHost(
        new HostCheck(
            cmd -> {
              commands.add(cmd);
              String line = String.join(" ", cmd);
              if (line.startsWith("ip netns add ")) {
                made.add(cmd.get(3));
              } else if (line.startsWith("ip netns del ")) {
                deleted.add(cmd.get(3));
              } else if (line.contains("qdisc replace")) {
                return new Shell.Result(2, "Error: Specified qdisc kind is unknown.");
              }
              return new Shell.Result(0, "");
            },
            () -> Optional.of(new HostCheck.Privileges(0, ALL))));
    Path out = tmp.resolve("run");
    assertEquals(2, load("--scenario", "wire", "--quick", "--out", out.toString()));
    oneLine();
    assertTrue(stderr.contains("cannot shape its link with tc qdisc tbf rate 1000000kbit"), stderr);
    assertTrue(stderr.contains("Specified qdisc kind is unknown"), stderr);
    assertEquals(2, made.size(), commands::toString);
    assertEquals(made, deleted, "what was made is deleted");
    assertTrue(
        !Files.exists(out.resolve("load-wire.json"))
            && !Files.exists(out.resolve("load-wire.hlog")),
        "no results");
    assertTrue(!Files.exists(out), "no --out folder left: it was made for results that never came");
  }

  /**
   * --runs, --warmup and --duration were refused only as the run began: after --out's folder was
   * made (left empty), and never by the check the suite makes before its benchmarks.
   */
  @Test
  void settingsTheScenarioCannotHonourAreRefusedBeforeTheOutputAndByTheSuitesCheck() {
    WireScenario.useHost(host(0, "ip", "tc", "setsid"));
    Path out = tmp.resolve("run");
    assertEquals(2, load("--scenario", "wire", "--quick", "--runs", "2", "--out", out.toString()));
    oneLine();
    assertTrue(stderr.contains("--runs: the wire scenario measures each point once"), stderr);
    assertTrue(!Files.exists(out), "no results folder made");
    for (String[] given :
        new String[][] {{"--runs", "2"}, {"--warmup", "5s"}, {"--duration", "9s"}}) {
      List<String> args = new ArrayList<>(List.of("--scenario", "wire", "--quick", "--out", "."));
      args.addAll(List.of(given));
      LoadCommand load = new LoadCommand();
      new picocli.CommandLine(load).parseArgs(args.toArray(String[]::new));
      picocli.CommandLine.ParameterException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              picocli.CommandLine.ParameterException.class, load::checkBeforeRun, given[0]);
      assertTrue(e.getMessage().contains("the wire scenario"), e.getMessage());
    }
    assertTrue(
        commands.stream().noneMatch(c -> c.contains("add")), "no namespace was made: " + commands);
  }

  @Test
  void optionsTheScenarioCannotHonourAreRefusedBeforeAnyNamespace() {
    WireScenario.useHost(host(0, "ip", "tc", "setsid"));
    assertEquals(2, load("--scenario", "wire", "--quick", "--runs", "2"));
    oneLine();
    assertTrue(stderr.contains("--runs"), stderr);
    assertEquals(2, load("--scenario", "wire", "--quick", "--duration", "10s"));
    oneLine();
    assertTrue(stderr.contains("counts answers"), stderr);
    // the driver's --encoding shapes the points' plans, which the wire scenario never runs
    for (String[] coding : new String[][] {{"--encoding", "br"}, {"--gzip"}}) {
      List<String> args = new ArrayList<>(List.of("--scenario", "wire", "--quick"));
      args.addAll(List.of(coding));
      assertEquals(2, load(args.toArray(String[]::new)), stderr);
      oneLine();
      assertTrue(stderr.contains("--wire-encodings"), stderr);
    }
    assertEquals(2, load("--scenario", "wire", "--quick", "--wire-encodings", "deflate"));
    oneLine();
    assertTrue(stderr.contains("deflate is a content coding"), stderr);
    assertTrue(
        commands.stream().noneMatch(c -> c.contains("add")), "no namespace was made: " + commands);
  }
}
