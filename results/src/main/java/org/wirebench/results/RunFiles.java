package org.wirebench.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The names of a run folder's files, one rule for each, read by their writers, the readers and the
 * checks of what a folder is (OutputPaths, IncompleteRuns, NewRunFolder): each results file's name
 * is its class's ({@code FILE}), a scenario's by its name ({@link ScenarioResult#fileName}, {@link
 * JmeterResult#fileName}), and the reports' here.
 */
public final class RunFiles {
  public static final String REPORT_MD = "report.md";

  public static final String REPORT_HTML = "report.html";

  /** What is rendered from a run's files (so never copied into another run, but rendered anew). */
  public static final List<String> REPORTS = List.of(REPORT_MD, REPORT_HTML);

  /**
   * async-profiler's native library, copied into a profiled run's folder for its forks to load
   * while the run is written and deleted before the run completes: a file of a run being written
   * only, never of a finished run.
   */
  public static final String PROFILER_LIBRARY = "libasyncProfiler.so";

  /** What a profiled event's own JMH results are named after: {@code jmh-<event>.json}. */
  private static final String PROFILED_PREFIX = "jmh-";

  /** A profiled event's scores (cpu, itimer, alloc, lock, wall: letters). */
  private static final Pattern PROFILED =
      Pattern.compile(Pattern.quote(PROFILED_PREFIX) + "[a-z]+\\.json");

  /** A scenario's name as its files carry it: the registry's names are of this shape. */
  private static final String SCENARIO = "([a-z0-9][a-z0-9_-]*)";

  private static final Pattern LOAD =
      Pattern.compile(Pattern.quote(ScenarioResult.PREFIX) + SCENARIO + "\\.(json|hlog)");

  private static final Pattern JMETER =
      Pattern.compile(Pattern.quote(JmeterResult.PREFIX) + SCENARIO + "\\.json");

  /** The results a run writes at its folder's top under a name of their own. */
  private static final Set<String> FIXED =
      Set.of(
          RunEnvironment.FILE,
          JmhResult.FILE,
          PayloadSizes.FILE,
          FidelityTable.FILE,
          FidelityTable.CODECS_FILE,
          PairedRuns.FILE,
          REPORT_MD,
          REPORT_HTML);

  private RunFiles() {}

  /**
   * The JMH results of a profiled run of {@code event} that does not give the run's scores ({@code
   * jmh-<event>.json}): written at the run folder's top while its flame graphs are sampled and
   * deleted after, so, as the profiler's library, a file of a run being written only.
   *
   * @throws IllegalArgumentException for an event name that is not letters alone
   */
  public static String profiledScores(String event) {
    String name = PROFILED_PREFIX + event + ".json";
    if (!PROFILED.matcher(name).matches()) {
      throw new IllegalArgumentException("no profiled event: '" + event + "'");
    }
    return name;
  }

  /**
   * Whether {@code name} is a file a run uses only while it is written and deletes before it
   * completes ({@link #profiledScores}, {@link #PROFILER_LIBRARY}), so one a killed run may leave
   * in its {@code tmp-} folder beside its results, removed with it by discard-incomplete.
   */
  public static boolean workFile(String name) {
    return name.equals(PROFILER_LIBRARY) || PROFILED.matcher(name).matches();
  }

  /** The scenario whose driver results {@code name} is ({@code load-<scenario>.json}), or null. */
  public static String loadScenario(String name) {
    Matcher m = LOAD.matcher(name);
    return m.matches() && m.group(2).equals("json") ? m.group(1) : null;
  }

  /**
   * The scenario whose JMeter results {@code name} is ({@code jmeter-<scenario>.json}), or null.
   */
  public static String jmeterScenario(String name) {
    Matcher m = JMETER.matcher(name);
    return m.matches() ? m.group(1) : null;
  }

  /**
   * Whether {@code name} is a file a run writes at its folder's top: a results file by its class's
   * name, a scenario's driver results or histograms, JMeter's results, a report, or a file it works
   * with only while it is written ({@link #workFile}).
   */
  public static boolean runFile(String name) {
    return FIXED.contains(name)
        || LOAD.matcher(name).matches()
        || jmeterScenario(name) != null
        || workFile(name);
  }

  /**
   * The driver's results file that makes {@code folder} a {@code load --out} folder, or null: a
   * scenario's {@code load-<scenario>.json} that reads as the driver's results of that scenario
   * (what jmeter-import --run takes), or, while the driver writes, the temporary files of a
   * scenario's results and its {@code .hlog} ({@link NewFiles}; the histograms are published
   * first). A file of such a name alone that is not the driver's (another tool's
   * load-balancer.json), histograms alone, or a folder so named, make none.
   */
  public static String loadOut(Path folder) throws IOException {
    Set<String> writing = new HashSet<>();
    Set<String> hlog = new HashSet<>();
    List<Path> entries;
    try (Stream<Path> files = Files.list(folder)) {
      entries = files.sorted().toList();
    }
    for (Path f : entries) {
      String n = f.getFileName().toString();
      if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
        continue;
      }
      String published = NewFiles.published(n);
      Matcher m = LOAD.matcher(published == null ? n : published);
      if (!m.matches()) {
        continue;
      }
      if (m.group(2).equals("hlog")) {
        hlog.add(m.group(1));
      } else if (published != null) {
        writing.add(m.group(1));
      } else if (driversResults(f, m.group(1))) {
        return n;
      }
    }
    return writing.stream()
        .filter(hlog::contains)
        .sorted()
        .findFirst()
        .map(ScenarioResult::fileName)
        .orElse(null);
  }

  /** Whether {@code file} reads as the driver's results of {@code scenario}. */
  private static boolean driversResults(Path file, String scenario) {
    try {
      return ScenarioResult.read(file).scenario().equals(scenario);
    } catch (IOException e) {
      return false; // not the driver's: another tool's file of that name, or a damaged one
    }
  }
}
