package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.wirebench.results.OtherWork;

/**
 * The kernel's accounts as the suite reads them: /proc's layout (proc(5)), what else used the
 * machine between two readings, and that a child the suite waited for is counted as the suite's own
 * work, never as other work (the JMH, pair and server JVMs are all such children).
 */
class CpuAccountsTest {
  private static final String MACHINE =
      "cpu  1000 50 300 8000 20 5 7 11 0 0\ncpu0 500 25 150 4000 10 2 3 5 0 0\nintr 1 2 3\n";

  /** A command name may hold spaces and ')': the fields are counted after the last ')'. */
  private static final String SELF =
      "4242 (java) (x y) S 1 4242 4242 0 -1 4194560 100 0 0 0 120 30 400 50 20 0 40 0 10 1 1\n";

  @Test
  void readsTheMachinesLineAndThisProcessTreesTimes() {
    CpuAccounts.Reading r = CpuAccounts.parse(MACHINE, SELF, 7);
    assertEquals(1000 + 50 + 300 + 8000 + 20 + 5 + 7 + 11, r.machineTicks());
    assertEquals(1000 + 50 + 300, r.busyTicks());
    assertEquals(11, r.stealTicks());
    assertEquals(120 + 30 + 400 + 50, r.ownTicks());
  }

  @Test
  void aLayoutItDoesNotKnowIsRefusedNotReadAsZero() {
    assertThrows(IllegalArgumentException.class, () -> CpuAccounts.parse("intr 1 2\n", SELF, 0));
    assertThrows(IllegalArgumentException.class, () -> CpuAccounts.parse("cpu 1 2 3\n", SELF, 0));
    assertThrows(
        IllegalArgumentException.class, () -> CpuAccounts.parse(MACHINE, "4242 java S 1", 0));
    assertThrows(
        IllegalArgumentException.class, () -> CpuAccounts.parse(MACHINE, "1 (j) S 1 2 3", 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> CpuAccounts.parse(MACHINE.replace("1000", "-1000"), SELF, 0));
  }

  @Test
  void otherWorkIsTheMachinesBusyTimeLessTheSuites() {
    CpuAccounts.Reading a = new CpuAccounts.Reading(0, 10_000, 3_000, 10, 1_000);
    CpuAccounts.Reading b = new CpuAccounts.Reading(5_000_000_000L, 11_000, 3_700, 30, 1_500);
    OtherWork w = CpuAccounts.between(OtherWork.Step.LOAD, a, b);
    assertEquals(new OtherWork(OtherWork.Step.LOAD, 5_000, 1_000, 200, 20), w);
    assertEquals(0.2, w.othersShare(), 1e-12);
    assertTrue(w.busy());
    // the kernel samples the machine and the process at its tick: one may lead by a tick
    CpuAccounts.Reading lead = new CpuAccounts.Reading(1, 11_000, 3_500, 10, 1_600);
    assertEquals(0, CpuAccounts.between(OtherWork.Step.PAIRS, a, lead).othersTicks());
    assertNull(CpuAccounts.between(OtherWork.Step.PAIRS, a, a), "no time passed: no account");
  }

  /**
   * A child burning CPU until it exits and is waited for: its time is the suite's own, not other
   * work (the shell reports its own CPU time with the builtin times).
   */
  @Test
  void aChildItWaitedForIsItsOwnWork() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "no /proc accounts here");
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "no /bin/sh");
    CpuAccounts.Reading before = CpuAccounts.read().orElseThrow();
    Process p =
        new ProcessBuilder(
                "/bin/sh", "-c", "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done; times")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
    assertEquals(0, p.waitFor(), out);
    CpuAccounts.Reading after = CpuAccounts.read().orElseThrow();
    // times: the shell's own user and system time on its first line, "0m1.234s 0m0.010s"
    Matcher m = Pattern.compile("(\\d+)m([\\d.]+)s\\s+(\\d+)m([\\d.]+)s").matcher(out);
    assertTrue(m.find(), out);
    double childSeconds =
        60 * Integer.parseInt(m.group(1))
            + Double.parseDouble(m.group(2))
            + 60 * Integer.parseInt(m.group(3))
            + Double.parseDouble(m.group(4));
    assertTrue(childSeconds > 0.2, "the child burnt too little to tell: " + out);
    // USER_HZ is 100 on every Linux this runs on: a tick is 10 ms; allow two ticks of sampling
    double ownSeconds = (after.ownTicks() - before.ownTicks()) / 100.0;
    assertTrue(
        ownSeconds >= childSeconds - 0.02,
        "the suite's own time " + ownSeconds + " s left out its child's " + childSeconds + " s");
  }
}
