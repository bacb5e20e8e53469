package org.wirebench.server.load.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's CPU as /proc gives it: read from this test JVM's own /proc, checked against the
 * JVM's own count of a thread's CPU and against the process's ticks; every file of another shape
 * refused, not read as a number.
 */
class ProcessCpuTest {
  @TempDir Path tmp;

  private static final Path SELF = Path.of("/proc/self/task");

  private static volatile long sink;

  @Test
  void theThreadsOfThisJvmAddUpToWhatItBurnedAndToItsTicks() throws Exception {
    Assumptions.assumeTrue(Files.isDirectory(SELF), "skipped: no /proc (not Linux)");
    long pid = ProcessHandle.current().pid();
    Path stat = Path.of("/proc", String.valueOf(pid), "stat");
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    ProcessCpu.Threads before = ProcessCpu.threads(pid);
    long ticksBefore = ProcessCpu.statTicks(stat);
    assertTrue(before.cpuNs().size() > 3, "a JVM has more threads than " + before.cpuNs());
    long burned = burn(mx, 300_000_000L);
    ProcessCpu.Threads after = ProcessCpu.threads(pid);
    long ticksAfter = ProcessCpu.statTicks(stat);
    ProcessCpu.Used used = ProcessCpu.between(before, after);
    // the JVM's own count of this thread's CPU is in the sum (less a tick of a thread on a CPU as
    // it was read); other threads (JIT, GC) only add
    assertTrue(
        used.cpuNs() >= burned - 10_000_000L,
        "the threads ran " + used.cpuNs() + " ns; this one alone " + burned + " ns");
    // the kernel's utime + stime of the process is the same run time in 10 ms ticks: the two agree
    // to a few ticks unless a thread ended in between (its time then missing from the threads')
    if (used.threadsEnded() == 0) {
      long ticksNs = (ticksAfter - ticksBefore) * 10_000_000L;
      assertTrue(
          Math.abs(ticksNs - used.cpuNs()) <= 40_000_000L,
          "threads " + used.cpuNs() + " ns, ticks " + ticksNs + " ns");
    }
  }

  /** Runs this thread on a CPU until the JVM counts {@code ns} of its CPU time; returns that. */
  private static long burn(ThreadMXBean mx, long ns) {
    long start = mx.getCurrentThreadCpuTime();
    long x = 1;
    while (mx.getCurrentThreadCpuTime() - start < ns) {
      for (int i = 0; i < 100_000; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L;
      }
    }
    sink = x; // keeps the loop
    return mx.getCurrentThreadCpuTime() - start;
  }

  @Test
  void aThreadThatEndsIsCountedAsEndedAndANewOneFromItsStart() throws IOException {
    ProcessCpu.Threads before = new ProcessCpu.Threads(Map.of(1L, 100L, 2L, 500L));
    ProcessCpu.Threads after = new ProcessCpu.Threads(Map.of(1L, 150L, 3L, 70L));
    assertEquals(new ProcessCpu.Used(50 + 70, 1), ProcessCpu.between(before, after));
  }

  @Test
  void aThreadWhoseTimeShrankIsRefused() {
    ProcessCpu.Threads before = new ProcessCpu.Threads(Map.of(7L, 500L));
    ProcessCpu.Threads after = new ProcessCpu.Threads(Map.of(7L, 20L));
    IOException e = assertThrows(IOException.class, () -> ProcessCpu.between(before, after));
    assertTrue(e.getMessage().contains("thread 7"), e.getMessage());
  }

  @Test
  void aTaskFolderIsReadThreadByThreadAndAThreadGoneBetweenIsSkipped() throws IOException {
    Path task = tmp.resolve("task");
    write(task.resolve("41/schedstat"), "123456789 2000 30\n");
    write(task.resolve("42/schedstat"), "5 0 1\n");
    Files.createDirectories(task.resolve("43")); // listed, then gone before its read
    assertEquals(Map.of(41L, 123456789L, 42L, 5L), ProcessCpu.threads(task).cpuNs());
  }

  @Test
  void malformedSchedstatIsRefused() {
    for (String bad :
        List.of(
            "",
            "abc\n",
            "1 2\n",
            "1 2 3 4\n",
            "1 2 3",
            "-1 2 3\n",
            "1.5 2 3\n",
            "12345678901234567890 2 3\n",
            "99999999999999999999 2 3\n",
            " 1 2 3\n",
            "1 2 3\n\n")) {
      IOException e =
          assertThrows(
              IOException.class,
              () -> ProcessCpu.schedstatNs(Path.of("schedstat"), bad),
              () -> "read " + bad);
      assertTrue(e.getMessage().contains("schedstat"), e.getMessage());
    }
  }

  @Test
  void aTaskFolderOfAnotherShapeIsRefused() throws IOException {
    Path notTasks = tmp.resolve("notTasks");
    write(notTasks.resolve("12/schedstat"), "1 2 3\n");
    write(notTasks.resolve("README/schedstat"), "1 2 3\n");
    IOException e = assertThrows(IOException.class, () -> ProcessCpu.threads(notTasks));
    assertTrue(e.getMessage().contains("not a thread id"), e.getMessage());

    Path broken = tmp.resolve("broken");
    write(broken.resolve("12/schedstat"), "twelve\n");
    e = assertThrows(IOException.class, () -> ProcessCpu.threads(broken));
    assertTrue(e.getMessage().contains("not a schedstat line"), e.getMessage());

    Path empty = tmp.resolve("empty");
    Files.createDirectories(empty);
    e = assertThrows(IOException.class, () -> ProcessCpu.threads(empty));
    assertTrue(e.getMessage().contains("no thread"), e.getMessage());

    e = assertThrows(IOException.class, () -> ProcessCpu.threads(tmp.resolve("gone")));
    assertTrue(e.getMessage().contains("no process"), e.getMessage());
  }

  @Test
  void statTicksAreUtimePlusStimeAfterTheLastParenthesis() throws IOException {
    // a command may hold ") " itself: the fields are counted from the last ")"
    String line =
        "4242 (a) S 1 (x) S 1 4242 4242 0 -1 4194560 1000 0 3 0 250 75 0 0 20 0 31 0 100 1 2\n";
    assertEquals(325, ProcessCpu.statTicks(Path.of("stat"), line));
    for (String bad :
        List.of(
            "",
            "4242 no parenthesis S 1 2 3\n",
            "4242 (java) S 1 4242 4242 0 -1 4194560 1000 0 3 0\n",
            "4242 (java) S 1 4242 4242 0 -1 4194560 1000 0 3 0 x 75 0\n",
            "4242 (java) S 1 4242 4242 0 -1 4194560 1000 0 3 0 -250 75 0\n")) {
      assertThrows(
          IOException.class, () -> ProcessCpu.statTicks(Path.of("stat"), bad), () -> "read " + bad);
    }
  }

  @Test
  void theRealStatOfThisJvmReads() throws IOException {
    Path stat = Path.of("/proc/self/stat");
    Assumptions.assumeTrue(Files.isRegularFile(stat), "skipped: no /proc (not Linux)");
    assertTrue(ProcessCpu.statTicks(stat) >= 0);
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}
