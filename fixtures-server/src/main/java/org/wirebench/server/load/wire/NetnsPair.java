package org.wirebench.server.load.wire;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.wirebench.server.load.scenario.SelfRunningScenario.CannotRunException;

/**
 * Two network namespaces named after this process ({@code wbw-PID-srv}, {@code wbw-PID-cli}) joined
 * by a veth pair, 198.18.0.1 and .2 (RFC 2544's benchmarking range), each end's egress shaped by a
 * token bucket. Torn down by {@link #close}; if this JVM dies first, even by kill -9, a clean-up
 * process it started deletes them: its stdin is a pipe from this JVM, so it reads the end of input
 * when this JVM is gone (in a session of its own, so a Ctrl-C to the terminal's process group does
 * not stop it first). A run that could not clean up at all (the machine's power) leaves namespaces
 * whose PID has ended: the next run removes them and says so.
 */
final class NetnsPair implements AutoCloseable {
  static final String PREFIX = "wbw-";
  static final String SERVER_ADDRESS = "198.18.0.1";
  static final String CLIENT_ADDRESS = "198.18.0.2";
  private static final Pattern NAME = Pattern.compile("(wbw-(\\d+)-(?:srv|cli))(?:\\s.*)?");

  final String serverNs;
  final String clientNs;
  final String serverDev;
  final String clientDev;
  private final Shell shell;
  private final Process reaper;

  private NetnsPair(long pid, Shell shell, Process reaper) {
    this.serverNs = PREFIX + pid + "-srv";
    this.clientNs = PREFIX + pid + "-cli";
    this.serverDev = "wbw" + pid + "s";
    this.clientDev = "wbw" + pid + "c";
    this.shell = shell;
    this.reaper = reaper;
  }

  /**
   * Removes the namespaces of wire runs whose process has ended, and names those of runs still
   * going (left alone).
   *
   * @return one line per namespace found
   */
  static List<String> removeStale(Shell shell, long self) throws IOException {
    List<String> lines = new ArrayList<>();
    for (String line : shell.check(List.of("ip", "netns", "list")).lines().toList()) {
      Matcher m = NAME.matcher(line.strip());
      if (!m.matches()) {
        continue;
      }
      String ns = m.group(1);
      long pid = Long.parseLong(m.group(2));
      if (pid == self) {
        continue;
      }
      if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
        lines.add("wire: namespace " + ns + " belongs to process " + pid + ", still running: left");
        continue;
      }
      Shell.Result r = shell.run(List.of("ip", "netns", "del", ns));
      lines.add(
          r.ok()
              ? "wire: removed namespace " + ns + ", left by process " + pid + " (ended)"
              : "wire: cannot remove stale namespace " + ns + ": " + r.firstLine());
    }
    return lines;
  }

  /**
   * Creates both namespaces and the veth pair between them, addressed and up, not yet shaped.
   *
   * @param scratch the run's folder of job and partial result files, which the clean-up process
   *     removes too if this JVM ends before it could
   */
  static NetnsPair create(Shell shell, long pid, Path scratch, PrintStream log) throws IOException {
    removeStale(shell, pid).forEach(log::println);
    String srv = PREFIX + pid + "-srv";
    String cli = PREFIX + pid + "-cli";
    // started before anything exists, so that nothing exists without it
    Process reaper =
        new ProcessBuilder(
                "setsid",
                "sh",
                "-c",
                "trap '' INT TERM HUP; cat >/dev/null; ip netns del "
                    + srv
                    + " 2>/dev/null; ip netns del "
                    + cli
                    + " 2>/dev/null; rm -rf -- '"
                    + scratch.toString().replace("'", "'\\''")
                    + "'; exit 0")
            .redirectInput(ProcessBuilder.Redirect.PIPE)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    NetnsPair pair = new NetnsPair(pid, shell, reaper);
    try {
      for (String ns : List.of(srv, cli)) {
        Shell.Result r = shell.run(List.of("ip", "netns", "add", ns));
        if (!r.ok()) {
          throw new CannotRunException(
              "the wire scenario cannot create network namespace " + ns + ": " + r.firstLine());
        }
      }
      Shell.Result veth =
          shell.run(
              List.of(
                  "ip",
                  "link",
                  "add",
                  pair.serverDev,
                  "netns",
                  srv,
                  "type",
                  "veth",
                  "peer",
                  "name",
                  pair.clientDev,
                  "netns",
                  cli));
      if (!veth.ok()) {
        throw new CannotRunException(
            "the wire scenario cannot create a veth pair: " + veth.firstLine());
      }
      shell.check(ns(srv, "addr", "add", SERVER_ADDRESS + "/30", "dev", pair.serverDev));
      shell.check(ns(cli, "addr", "add", CLIENT_ADDRESS + "/30", "dev", pair.clientDev));
      for (String[] nsDev : new String[][] {{srv, pair.serverDev}, {cli, pair.clientDev}}) {
        shell.check(ns(nsDev[0], "link", "set", "lo", "up"));
        shell.check(ns(nsDev[0], "link", "set", nsDev[1], "up"));
      }
      return pair;
    } catch (IOException | RuntimeException e) {
      pair.close();
      throw e;
    }
  }

  private static List<String> ns(String ns, String... ipArgs) {
    List<String> cmd = new ArrayList<>(List.of("ip", "-n", ns));
    cmd.addAll(List.of(ipArgs));
    return cmd;
  }

  /** The command prefix that runs a program inside {@code ns}: ip netns exec execs it in place. */
  static List<String> exec(String ns) {
    return List.of("ip", "netns", "exec", ns);
  }

  Veth veth() {
    return new Veth(serverNs, serverDev, clientNs, clientDev);
  }

  /**
   * Deletes both namespaces (the veth pair goes with them) and lets the clean-up process end.
   * Processes still inside keep their namespace until they exit; the caller stops them first.
   */
  @Override
  public void close() throws IOException {
    List<String> failed = new ArrayList<>();
    for (String ns : List.of(serverNs, clientNs)) {
      Shell.Result r = shell.run(List.of("ip", "netns", "del", ns));
      if (!r.ok() && !r.output().contains("No such file")) {
        failed.add(ns + ": " + r.firstLine());
      }
    }
    reaper.getOutputStream().close();
    try {
      if (!reaper.waitFor(20, TimeUnit.SECONDS)) {
        reaper.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (!failed.isEmpty()) {
      throw new IOException("wire: cannot delete namespace " + String.join("; ", failed));
    }
  }
}
