package org.wirebench.server.load.wire;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the wire scenario needs of the host before it touches anything: root with the capabilities
 * its set-up uses (network namespaces, veth pairs and qdiscs), iproute2's {@code ip netns} and
 * {@code tc}, and {@code setsid} (the clean-up process outlives a Ctrl-C of the terminal's process
 * group).
 *
 * @param shell runs ip, tc and setsid here
 * @param privileges this process's effective uid and capabilities; empty where the OS does not say
 *     (not Linux)
 */
public record HostCheck(Shell shell, Supplier<Optional<Privileges>> privileges) {
  public static HostCheck system() {
    return new HostCheck(Shell.system(), Privileges::ofThisProcess);
  }

  /**
   * A process's effective uid and its effective capabilities, one bit each as Linux numbers them
   * ({@code CapEff} in /proc/PID/status).
   */
  public record Privileges(int uid, long capabilities) {
    /** Veth pairs, addresses, routes and qdiscs: what {@code ip link} and {@code tc} change. */
    public static final int CAP_NET_ADMIN = 12;

    /** {@code ip netns add}: a new network namespace (unshare) and its bind mount. */
    public static final int CAP_SYS_ADMIN = 21;

    /** Whether capability number {@code cap} is effective. */
    public boolean has(int cap) {
      return (capabilities >>> cap & 1) != 0;
    }

    /** This process's, from /proc/self/status's Uid and CapEff lines; empty where it has none. */
    static Optional<Privileges> ofThisProcess() {
      try {
        Integer uid = null;
        Long caps = null;
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
          if (line.startsWith("Uid:")) {
            uid = Integer.parseInt(line.substring(4).trim().split("\\s+")[1]);
          } else if (line.startsWith("CapEff:")) {
            caps = Long.parseUnsignedLong(line.substring(7).trim(), 16);
          }
        }
        return uid == null || caps == null
            ? Optional.empty()
            : Optional.of(new Privileges(uid, caps));
      } catch (IOException | RuntimeException e) {
        return Optional.empty();
      }
    }
  }

  /** Why the scenario cannot run here, in one line; null when it can. */
  public String refusal() {
    Optional<Privileges> p = privileges.get();
    if (p.isEmpty()) {
      return "the wire scenario needs Linux network namespaces; this host has no"
          + " /proc/self/status to say who runs it";
    }
    if (p.get().uid() != 0) {
      return "the wire scenario needs root (it creates network namespaces and sets tc qdiscs);"
          + " this runs as uid "
          + p.get().uid()
          + ": run it as root, or leave it out";
    }
    // root without them (a container not given NET_ADMIN, a capability-dropping sandbox) passed
    // every other check and failed at its first veth, after the suite's benchmarks
    for (int cap : new int[] {Privileges.CAP_NET_ADMIN, Privileges.CAP_SYS_ADMIN}) {
      if (!p.get().has(cap)) {
        String name = cap == Privileges.CAP_NET_ADMIN ? "CAP_NET_ADMIN" : "CAP_SYS_ADMIN";
        return "the wire scenario needs "
            + name
            + (cap == Privileges.CAP_NET_ADMIN
                ? " (veth pairs and tc qdiscs)"
                : " (ip netns add makes and mounts a network namespace)")
            + "; this root process lacks it (a container started without it, say): give it, or"
            + " leave the scenario out";
      }
    }
    Shell.Result netns = shell.run(List.of("ip", "netns", "list"));
    if (!netns.ok()) {
      return "the wire scenario needs iproute2's ip netns: " + netns.firstLine();
    }
    Shell.Result tc = shell.run(List.of("tc", "-V"));
    if (!tc.ok()) {
      return "the wire scenario needs tc (iproute2) to shape its link: " + tc.firstLine();
    }
    Shell.Result setsid = shell.run(List.of("setsid", "--version"));
    if (!setsid.ok()) {
      return "the wire scenario needs setsid (util-linux) for its clean-up process: "
          + setsid.firstLine();
    }
    return null;
  }
}
