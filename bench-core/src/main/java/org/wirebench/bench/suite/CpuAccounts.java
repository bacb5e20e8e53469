package org.wirebench.bench.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.wirebench.results.OtherWork;

/**
 * The kernel's CPU accounts of the machine ({@code /proc/stat}) and of this process with every
 * child it has waited for ({@code /proc/self/stat}: JMH's forks, the pair forks, the servers and
 * the drivers the suite starts all end, and are waited for, inside the step that started them), and
 * from two readings what else used the machine between them ({@link OtherWork}).
 */
final class CpuAccounts {
  private CpuAccounts() {}

  private static final Path MACHINE = Path.of("/proc/stat");
  private static final Path SELF = Path.of("/proc/self/stat");

  /**
   * One reading, in the kernel's clock ticks.
   *
   * @param nanoTime when, {@link System#nanoTime}
   * @param machineTicks every core's time since boot, idle included
   * @param busyTicks every core's time in user and system mode (guests included)
   * @param stealTicks time the hypervisor ran something else on the virtual CPUs
   * @param ownTicks this process's user and system time and its waited-for children's
   */
  record Reading(
      long nanoTime, long machineTicks, long busyTicks, long stealTicks, long ownTicks) {}

  /**
   * Now; empty where the kernel keeps no such accounts (not Linux) or they do not read as this
   * class knows them: a step is then recorded as not accounted, never as a quiet machine.
   */
  static Optional<Reading> read() {
    try {
      return Optional.of(
          parse(Files.readString(MACHINE), Files.readString(SELF), System.nanoTime()));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * @param machine /proc/stat's text; its first line "cpu user nice system idle iowait irq softirq
   *     steal ..." (proc(5))
   * @param self /proc/self/stat's text: utime, stime, cutime and cstime are the 14th to 17th
   *     fields, counted after the command name in parentheses, which may itself hold spaces and ')'
   * @throws IllegalArgumentException when either is not laid out so
   */
  static Reading parse(String machine, String self, long nanoTime) {
    String first = machine.lines().findFirst().orElse("");
    String[] cpu = first.trim().split("\\s+");
    if (cpu.length < 9 || !cpu[0].equals("cpu")) {
      throw new IllegalArgumentException("/proc/stat does not start with the cpu line: " + first);
    }
    long[] t = new long[8];
    long all = 0;
    for (int i = 0; i < 8; i++) {
      t[i] = ticks(cpu[i + 1]);
      all = Math.addExact(all, t[i]);
    }
    int close = self.lastIndexOf(')');
    if (close < 0) {
      throw new IllegalArgumentException("/proc/self/stat has no command name in parentheses");
    }
    String[] f = self.substring(close + 1).trim().split("\\s+");
    if (f.length < 15) {
      throw new IllegalArgumentException("/proc/self/stat has " + f.length + " fields after ')'");
    }
    // f[0] is the state, the 3rd field: utime is the 14th, so f[11]
    long own = 0;
    for (int i = 11; i <= 14; i++) {
      own = Math.addExact(own, ticks(f[i]));
    }
    return new Reading(nanoTime, all, t[0] + t[1] + t[2], t[7], own);
  }

  private static long ticks(String s) {
    long v = Long.parseLong(s);
    if (v < 0) {
      throw new IllegalArgumentException("a tick count below zero: " + s);
    }
    return v;
  }

  /**
   * What else used the machine from {@code a} to {@code b}: its busy time less this process tree's,
   * within 0 and the machine's time (the kernel samples both at its tick, so one may lead the other
   * by a tick); null when the machine's time did not advance (no accounts).
   */
  static OtherWork between(OtherWork.Step step, Reading a, Reading b) {
    long machine = b.machineTicks() - a.machineTicks();
    if (machine <= 0) {
      return null;
    }
    long others = (b.busyTicks() - a.busyTicks()) - (b.ownTicks() - a.ownTicks());
    long steal = b.stealTicks() - a.stealTicks();
    return new OtherWork(
        step,
        Math.max(0, (b.nanoTime() - a.nanoTime()) / 1_000_000),
        machine,
        Math.min(machine, Math.max(0, others)),
        Math.min(machine, Math.max(0, steal)));
  }
}
