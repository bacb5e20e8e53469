package org.wirebench.bench.suite;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.wirebench.results.RunFiles;

/**
 * Flame graphs of the benchmarks through JMH's own async-profiler integration ({@code -prof
 * async}), with async-profiler's native library taken from its Maven Central jar
 * (tools.profiler:async-profiler, which carries linux-x64, linux-arm64 and macos builds). CPU is
 * sampled with perf events where the kernel allows them ({@code perf_event_paranoid} at most 1),
 * else with the {@code itimer} signal, which needs no permission.
 *
 * @param events what to sample, in order: {@code cpu} (or {@code itimer}), {@code alloc}, ...; the
 *     first run's scores are the run's results (measured under the profiler)
 * @param library the native library copied into the run's folder for its forks ({@link #in}); null
 *     until the run begins
 * @param only null: the run's benchmarks are profiled and the first event's run gives the scores;
 *     else a regex of benchmarks profiled in runs of their own after the unprofiled, scored run
 *     ({@code suite --profile}: the encoders)
 */
public record Profiling(List<String> events, Path library, String only) {
  /** Where in a run folder the flame graphs go, one folder per event. */
  public static final String FOLDER = "profile";

  /**
   * The events asked for, {@code cpu} replaced by {@code itimer} where perf events are refused; the
   * native library for this platform is copied when the run begins ({@link #in}).
   *
   * @throws IllegalStateException naming the platform when the jar has no library for it
   */
  public static Profiling of(List<String> events) {
    String resource = resource();
    if (Profiling.class.getClassLoader().getResource(resource) == null) {
      throw new IllegalStateException(
          "async-profiler's jar has no native library for "
              + System.getProperty("os.name")
              + "/"
              + System.getProperty("os.arch")
              + " (looked for "
              + resource
              + "): profiling runs on Linux (x64, arm64) and macOS only");
    }
    boolean perf = perfEventsAllowed();
    return new Profiling(
        events.stream().map(e -> e.equals("cpu") && !perf ? "itimer" : e).toList(), null, null);
  }

  /**
   * These events with the native library copied into {@code run}, the folder of the run being
   * written ({@link RunFiles#PROFILER_LIBRARY}), for its forks to load. The copy goes with the run:
   * deleted before the run completes, removed with a stopped run's folder, and with a killed run's
   * by discard-incomplete (a copy in java.io.tmpdir, deleted on exit, would outlive a kill -9).
   */
  public Profiling in(Path run) throws IOException {
    Path copy = run.resolve(RunFiles.PROFILER_LIBRARY);
    try (InputStream in = Profiling.class.getClassLoader().getResourceAsStream(resource())) {
      if (in == null) {
        throw new IllegalStateException("async-profiler's jar has no library " + resource());
      }
      Files.copy(in, copy);
    }
    return new Profiling(events, copy, only);
  }

  /** The same events, sampled in runs of their own for the benchmarks matching {@code include}. */
  public Profiling only(String include) {
    return new Profiling(events, library, include);
  }

  /** JMH's option line for the async profiler sampling {@code event} into {@code dir}. */
  public String options(String event, Path dir) {
    return "libPath=" + library + ";output=flamegraph;event=" + event + ";dir=" + dir;
  }

  private static String resource() {
    return platform() + "/" + RunFiles.PROFILER_LIBRARY;
  }

  private static String platform() {
    String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
    if (os.contains("mac")) {
      return "macos";
    }
    if (!os.contains("linux")) {
      return os.replace(' ', '-') + "-" + arch;
    }
    return arch.equals("aarch64") || arch.equals("arm64") ? "linux-arm64" : "linux-" + x64(arch);
  }

  private static String x64(String arch) {
    return arch.equals("amd64") || arch.equals("x86_64") ? "x64" : arch;
  }

  /** Linux lets an unprivileged process sample its own CPU with perf events at level 1 or less. */
  static boolean perfEventsAllowed() {
    try {
      return Integer.parseInt(
              Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).strip())
          <= 1;
    } catch (IOException | NumberFormatException e) {
      return false;
    }
  }
}
