package org.wirebench.server.load.wire;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Another process's CPU time as Linux's /proc shows it, the only place the wire scenario reads it
 * (the server JVM runs in a network namespace of its own, but in this PID namespace). Every file is
 * checked against its documented shape and refused, never half-read, when it does not fit.
 *
 * <p>Per request the server spends a few ms, and a cell times a dozen answers: /proc/PID/stat's
 * utime + stime count in ticks of 10 ms (USER_HZ 100), too coarse for that. Each thread's
 * /proc/PID/task/TID/schedstat starts with the time it has run on a CPU in ns (the scheduler's
 * sum_exec_runtime, brought up to date at each tick and each switch: a thread on a CPU as it is
 * read is short by at most a tick). The process has no such total of its own, so {@link #threads}
 * reads every thread's. A thread that ends between two readings takes its time since the first with
 * it: an undercount, counted in {@link Used#threadsEnded} so a reader can see it (Jetty's pool ends
 * a thread after 60 s idle, so such a thread had spent next to nothing since).
 */
final class ProcessCpu {
  /** schedstat: run time ns, wait time ns, timeslices; three decimal numbers and a newline. */
  private static final Pattern SCHEDSTAT = Pattern.compile("(\\d{1,19}) (\\d{1,19}) (\\d{1,19})\n");

  /** stat after the command's ")": state, then numbers; utime and stime are fields 14 and 15. */
  private static final Pattern STAT_TAIL =
      Pattern.compile(" [A-Za-z] (-?\\d{1,20} ){10}(\\d{1,19}) (\\d{1,19}) .*\n", Pattern.DOTALL);

  /** Each thread's on-CPU ns at one moment, by thread id. */
  record Threads(Map<Long, Long> cpuNs) {
    Threads {
      cpuNs = Map.copyOf(cpuNs);
    }
  }

  /**
   * The CPU a process used between two readings.
   *
   * @param cpuNs every thread's on-CPU time since the first reading (a thread started since from
   *     its start), ns
   * @param threadsEnded threads of the first reading gone at the second: their time in between is
   *     not counted
   */
  record Used(long cpuNs, int threadsEnded) {}

  private ProcessCpu() {}

  /** Every thread of {@code pid} with its on-CPU time. */
  static Threads threads(long pid) throws IOException {
    return threads(Path.of("/proc", String.valueOf(pid), "task"));
  }

  /** As {@link #threads(long)}, from a task folder (tests give one of their own). */
  static Threads threads(Path taskDir) throws IOException {
    Map<Long, Long> out = new HashMap<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(taskDir)) {
      for (Path task : tasks) {
        String name = task.getFileName().toString();
        if (!name.matches("\\d{1,19}")) {
          throw new IOException(
              task + ": not a thread id; " + taskDir + " is not a /proc task list");
        }
        String text;
        try {
          text = Files.readString(task.resolve("schedstat"));
        } catch (NoSuchFileException ended) {
          continue; // ended between the listing and the read: it was not there to count
        }
        out.put(Long.parseLong(name), schedstatNs(task.resolve("schedstat"), text));
      }
    } catch (NoSuchFileException e) {
      throw new IOException("no process: " + taskDir + " does not exist", e);
    }
    if (out.isEmpty()) {
      throw new IOException(taskDir + " lists no thread: the process has ended");
    }
    return new Threads(out);
  }

  /** What the threads used from {@code before} to {@code after}. */
  static Used between(Threads before, Threads after) throws IOException {
    long ns = 0;
    for (Map.Entry<Long, Long> t : after.cpuNs().entrySet()) {
      long was = before.cpuNs().getOrDefault(t.getKey(), 0L);
      if (t.getValue() < was) {
        // a thread's run time only grows: a smaller one is another thread under a reused id
        // (or not the same process), which no figure can be made of
        throw new IOException(
            "thread " + t.getKey() + " ran " + t.getValue() + " ns, " + was + " ns before");
      }
      ns = Math.addExact(ns, t.getValue() - was);
    }
    int ended = 0;
    for (Long tid : before.cpuNs().keySet()) {
      if (!after.cpuNs().containsKey(tid)) {
        ended++;
      }
    }
    return new Used(ns, ended);
  }

  /**
   * The first field of a schedstat file, ns on a CPU; anything but its documented shape refused.
   */
  static long schedstatNs(Path file, String text) throws IOException {
    Matcher m = SCHEDSTAT.matcher(text);
    if (!m.matches()) {
      throw new IOException(file + " is not a schedstat line: " + quote(text));
    }
    return number(file, m.group(1));
  }

  /** utime + stime of a /proc/PID/stat file, in ticks (USER_HZ, 100 a second). */
  static long statTicks(Path file) throws IOException {
    return statTicks(file, Files.readString(file));
  }

  static long statTicks(Path file, String text) throws IOException {
    // the command, in parentheses, may hold spaces and ")": the fields start after the last ")"
    int close = text.lastIndexOf(')');
    Matcher m = close < 0 ? null : STAT_TAIL.matcher(text.substring(close + 1));
    if (m == null || !m.matches()) {
      throw new IOException(file + " is not a /proc stat line: " + quote(text));
    }
    return Math.addExact(number(file, m.group(2)), number(file, m.group(3)));
  }

  private static long number(Path file, String digits) throws IOException {
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new IOException(file + ": " + digits + " is past a long", e);
    }
  }

  private static String quote(String text) {
    String one = text.length() > 80 ? text.substring(0, 80) + "…" : text;
    return '"' + one.replace("\n", "\\n") + '"';
  }
}
