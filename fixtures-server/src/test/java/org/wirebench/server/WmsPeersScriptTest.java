package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/wms-peers.sh ends only what its own run started. Run against stand-ins for lighttpd,
 * gunicorn, GDAL and MapServer (a "mapserv" that, as an idle FastCGI one, ignores SIGTERM): two
 * runs side by side and a MapServer that is no run's; stopping one run leaves the others. It once
 * ran {@code pkill -9 -x mapserv}, which ends every MapServer on the machine, and took fixed ports
 * and one fixed work folder.
 */
class WmsPeersScriptTest {
  @TempDir Path tmp;

  private static final String MAPSERV =
      """
      #!/bin/bash
      [ "${1:-}" = -v ] && { echo "MapServer version 8.0.0 (stand-in)"; exit 0; }
      trap '' TERM
      while :; do sleep 0.2; done
      """;

  /** Daemonizes, starts max-procs bin-path processes with bin-environment, writes its pid file. */
  private static final String LIGHTTPD =
      """
      #!/bin/bash
      conf=$2
      pidfile=$(sed -n 's/^server.pid-file = "\\(.*\\)"/\\1/p' "$conf")
      bin=$(sed -n 's/.*"bin-path" => "\\(.*\\)",/\\1/p' "$conf")
      procs=$(sed -n 's/.*"max-procs" => \\([0-9]*\\),/\\1/p' "$conf")
      cfg=$(sed -n 's/.*"MAPSERVER_CONFIG_FILE" => "\\(.*\\)".*/\\1/p' "$conf")
      setsid bash -c 'for i in $(seq "$1"); do MAPSERVER_CONFIG_FILE="$2" "$3" & done
        echo $$ > "$4"; wait' lighttpd "$procs" "$cfg" "$bin" "$pidfile" \\
        < /dev/null > /dev/null 2>&1 &
      for _ in $(seq 100); do [ -s "$pidfile" ] && exit 0; sleep 0.05; done
      exit 1
      """;

  private static final String GUNICORN =
      """
      #!/bin/bash
      while [ $# -gt 0 ]; do [ "$1" = --pid ] && pid=$2; shift; done
      setsid bash -c 'echo $$ > "$0"; while :; do sleep 0.2; done' "$pid" \\
        < /dev/null > /dev/null 2>&1 &
      for _ in $(seq 100); do [ -s "$pid" ] && exit 0; sleep 0.05; done
      exit 1
      """;

  private static final String PYTHON =
      """
      #!/bin/bash
      case "$2" in *version*) echo "1.15.1 (stand-in)" ;; esac
      exit 0
      """;

  private static final String GDAL =
      """
      #!/bin/bash
      for a; do :; done
      : > "$a"
      """;

  private Path bin;
  private final List<Long> started = new ArrayList<>();

  private Path stub(String name, String text) throws IOException {
    Path p = bin.resolve(name);
    Files.writeString(p, text);
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    return p;
  }

  private record Result(int exit, String out, String err) {}

  private Result script(Map<String, String> env, String... args) throws Exception {
    Path script =
        Path.of(System.getProperty("user.dir")).getParent().resolve("scripts/wms-peers.sh");
    List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    pb.environment().put("MAPSERV", bin.resolve("mapserv").toString());
    pb.environment().put("PYTHON", bin.resolve("python3").toString());
    pb.environment().put("MS_PROCS", "2");
    pb.environment().put("MP_WORKERS", "1");
    pb.environment().remove("WORK");
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the script did not end");
    return new Result(p.exitValue(), out, err);
  }

  /** The mapserv processes whose environment names {@code work}'s MapServer configuration. */
  /**
   * The run's mapserv processes: those whose environment names its configuration, less their own
   * children (the stand-in's {@code sleep}, between its fork and its exec, is a "mapserv" with the
   * same environment: counted, it made 3 of 2 in one run of this test).
   */
  private static List<Long> mapservsOf(Path work) throws IOException {
    String mark = "MAPSERVER_CONFIG_FILE=" + work.resolve("mapserver.conf");
    java.util.Map<Long, Long> parents = new java.util.HashMap<>();
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      for (Path d : procs.filter(d -> d.getFileName().toString().matches("\\d+")).toList()) {
        try {
          String env = new String(Files.readAllBytes(d.resolve("environ")), StandardCharsets.UTF_8);
          String comm = Files.readString(d.resolve("comm")).strip();
          if (comm.equals("mapserv") && List.of(env.split("\0")).contains(mark)) {
            String stat = Files.readString(d.resolve("stat"));
            // after the command's closing parenthesis: state, then the parent's pid
            String[] rest = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            parents.put(Long.parseLong(d.getFileName().toString()), Long.parseLong(rest[1]));
          }
        } catch (IOException gone) {
          // ended meanwhile, or not ours to read
        }
      }
    }
    List<Long> pids = new ArrayList<>();
    parents.forEach(
        (pid, parent) -> {
          if (!parents.containsKey(parent)) {
            pids.add(pid);
          }
        });
    return pids;
  }

  /** The run's mapserv processes once there are {@code n} of them (at most 30 s). */
  private static List<Long> awaitMapservs(Path work, int n) throws Exception {
    List<Long> found = mapservsOf(work);
    for (int i = 0; i < 300 && found.size() < n; i++) {
      Thread.sleep(100);
      found = mapservsOf(work);
    }
    return found;
  }

  private static Path work(Result r) {
    String line = r.out().lines().filter(l -> l.startsWith("WORK=")).findFirst().orElseThrow();
    return Path.of(line.substring(5, line.indexOf(' ')));
  }

  private static boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  @Test
  void stopEndsOnlyItsOwnRunsProcesses() throws Exception {
    assumeTrue(
        Files.isDirectory(Path.of("/proc/self")) && Files.isExecutable(Path.of("/bin/bash")));
    bin = Files.createDirectory(tmp.resolve("bin"));
    stub("mapserv", MAPSERV);
    stub("lighttpd", LIGHTTPD);
    stub("gunicorn", GUNICORN);
    stub("python3", PYTHON);
    stub("gdal_translate", GDAL);
    stub("gdaladdo", "#!/bin/bash\nexit 0\n");
    stub("curl", "#!/bin/bash\nexit 0\n");
    // a MapServer that is no run's, as another user's or another tool's on the same machine
    Process foreign = new ProcessBuilder(bin.resolve("mapserv").toString()).start();
    started.add(foreign.pid());
    Path a = null;
    Path b = null;
    try {
      Result ra = script(Map.of(), "start");
      a = work(ra);
      assertEquals(0, ra.exit(), ra.err());
      Result rb = script(Map.of(), "start", tmp.resolve("b").toString());
      b = work(rb);
      assertEquals(0, rb.exit(), rb.err());
      assertTrue(!a.equals(b) && a.toString().startsWith("/tmp/wirebench-peers."), a + " " + b);
      String envA = Files.readString(a.resolve("peers.env"));
      String envB = Files.readString(b.resolve("peers.env"));
      assertTrue(!port(envA, "MS_PORT").equals(port(envB, "MS_PORT")), envA + envB);
      // lighttpd's pid file is written as its children start: each is a shell until it has run
      // mapserv, so they are waited for (by what the script finds them by), not counted at once
      List<Long> ofA = awaitMapservs(a, 2);
      List<Long> ofB = awaitMapservs(b, 2);
      started.addAll(ofA);
      started.addAll(ofB);
      assertEquals(2, ofA.size(), "MS_PROCS mapserv processes for run a");
      assertEquals(2, ofB.size(), "and for run b");

      Result stopA = script(Map.of(), "stop", a.toString());
      assertEquals(0, stopA.exit(), stopA.err());
      for (long pid : ofA) {
        waitGone(pid);
        assertTrue(!alive(pid), "run a's mapserv " + pid + " survived its stop");
      }
      assertTrue(ofB.stream().allMatch(WmsPeersScriptTest::alive), "stop a ended run b's");
      assertTrue(foreign.isAlive(), "stop a ended a MapServer that is no run's");
      assertTrue(alive(pid(b, "lighttpd.pid")) && alive(pid(b, "gunicorn.pid")), "run b stopped");
      assertTrue(!Files.exists(a.resolve("lighttpd.pid")));
    } finally {
      for (Path w : new Path[] {a, b}) {
        if (w != null) {
          script(Map.of(), "stop", w.toString());
          deleteTree(w);
        }
      }
      for (long pid : started) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
      }
    }
  }

  @Test
  void aPortInUseOrNoWorkFolderIsRefused() throws Exception {
    bin = Files.createDirectory(tmp.resolve("bin"));
    stub("mapserv", MAPSERV);
    stub("lighttpd", LIGHTTPD);
    stub("gunicorn", GUNICORN);
    stub("python3", PYTHON);
    stub("gdal_translate", GDAL);
    try (ServerSocket taken = new ServerSocket(0)) {
      Result r =
          script(
              Map.of("MS_PORT", "" + taken.getLocalPort()), "start", tmp.resolve("w").toString());
      assertEquals(2, r.exit(), r.err());
      assertTrue(r.err().contains("already listens on 127.0.0.1:" + taken.getLocalPort()), r.err());
    }
    Result stop = script(Map.of(), "stop");
    assertEquals(2, stop.exit(), stop.err());
    assertTrue(stop.err().contains("stop WORK"), stop.err());
  }

  private static String port(String env, String name) {
    return env.lines().filter(l -> l.startsWith(name + "=")).findFirst().orElseThrow();
  }

  private static long pid(Path work, String file) throws IOException {
    return Long.parseLong(Files.readString(work.resolve(file)).strip());
  }

  /** Waits (at most 30 s: a bound, not a pace) until {@code pid} has ended. */
  private static void waitGone(long pid) throws InterruptedException {
    for (int i = 0; i < 600 && alive(pid); i++) {
      Thread.sleep(50);
    }
  }

  private static void deleteTree(Path p) throws IOException {
    try (Stream<Path> s = Files.walk(p)) {
      for (Path f : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    }
  }
}
