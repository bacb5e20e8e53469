package org.wirebench.server.load.wire;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * What the wire scenario needs of the host before it touches anything: root (namespaces and
 * qdiscs), iproute2's {@code ip netns} and {@code tc}, and {@code setsid} (the clean-up process
 * outlives a Ctrl-C of the terminal's process group).
 *
 * @param shell runs ip, tc and setsid here
 * @param effectiveUid this process's effective user id; empty where the OS does not say (not Linux)
 */
public record HostCheck(Shell shell, Supplier<OptionalInt> effectiveUid) {
  public static HostCheck system() {
    return new HostCheck(Shell.system(), HostCheck::procEffectiveUid);
  }

  /** Why the scenario cannot run here, in one line; null when it can. */
  public String refusal() {
    OptionalInt uid = effectiveUid.get();
    if (uid.isEmpty()) {
      return "the wire scenario needs Linux network namespaces; this host has no"
          + " /proc/self/status to say who runs it";
    }
    if (uid.getAsInt() != 0) {
      return "the wire scenario needs root (it creates network namespaces and sets tc qdiscs);"
          + " this runs as uid "
          + uid.getAsInt()
          + ": run it as root, or leave it out";
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

  /** The effective uid, the second number of /proc/self/status's Uid line. */
  static OptionalInt procEffectiveUid() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          return OptionalInt.of(Integer.parseInt(line.substring(4).trim().split("\\s+")[1]));
        }
      }
      return OptionalInt.empty();
    } catch (IOException | RuntimeException e) {
      return OptionalInt.empty();
    }
  }
}
