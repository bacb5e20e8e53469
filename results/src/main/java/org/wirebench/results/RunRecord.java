package org.wirebench.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One results folder as the reports and compare read it: env.json, JMH's jmh.json, every
 * load-*.json and sizes.json, each through the one class that owns its format. Refuses what it
 * cannot trust: a folder still under its temporary name, or a file written by a newer wirebench.
 *
 * @param load by scenario name, in the order the scenarios ran
 * @param sizes null when the run recorded none (runs before sizes.json existed)
 * @param fidelity null when the run recorded none (runs before fidelity.json existed)
 * @param codecFidelity null when the run recorded none (runs before 2026-11-24)
 * @param pairs the claims measured as pairs; null when the run measured none (runs before
 *     pairs.json existed, or runs without the step)
 */
public record RunRecord(
    Path folder,
    RunEnvironment env,
    List<JmhResult> benchmarks,
    Map<String, ScenarioResult> load,
    PayloadSizes sizes,
    FidelityTable fidelity,
    FidelityTable codecFidelity,
    PairedRuns pairs) {

  /**
   * The flame graphs a profiled run left under {@code profile/} (async-profiler's HTML), as paths
   * relative to the folder with "/" separators, sorted; empty for runs that were not profiled.
   */
  public List<String> flameGraphs() throws IOException {
    Path profile = folder.resolve("profile");
    if (!Files.isDirectory(profile, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      OwnFiles.present(profile); // a link is refused; a file or nothing: not profiled
      return List.of();
    }
    List<Path> entries;
    try (java.util.stream.Stream<Path> files = Files.walk(profile)) {
      entries = files.toList();
    }
    for (Path f : entries) {
      // the run's own flame graphs only: a link there would list another run's (or any) file
      if (Files.isSymbolicLink(f)) {
        OwnFiles.present(f);
      }
    }
    return entries.stream()
        .filter(
            f ->
                Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                    && f.getFileName().toString().endsWith(".html"))
        .map(f -> folder.relativize(f).toString().replace(java.io.File.separatorChar, '/'))
        .sorted()
        .toList();
  }

  public static RunRecord read(Path folder) throws IOException {
    return read(folder, false);
  }

  /**
   * Every jmeter-*.json of the folder (JMeter's runs of exported plans) by scenario name, sorted by
   * name; empty when JMeter's results were not imported.
   */
  public Map<String, JmeterResult> jmeter() throws IOException {
    Map<String, JmeterResult> out = new LinkedHashMap<>();
    if (!Files.isDirectory(folder)) {
      // a record built in memory (tests, the suite before it writes) has no files beside it
      return out;
    }
    try (Stream<Path> files = Files.list(folder)) {
      for (Path f : files.sorted().toList()) {
        String scenario = RunFiles.jmeterScenario(f.getFileName().toString());
        if (scenario != null) {
          JmeterResult r = JmeterResult.read(f);
          out.put(named(f, scenario, r.scenario(), JmeterResult.fileName("<scenario>")), r);
        }
      }
    }
    return out;
  }

  /**
   * Why {@code other} holds the same run as this one, or null when it holds another: the same
   * folder (another spelling of it, a link to it), or a copy of it (cp -r, a folder jmeter-import
   * made from its files and nothing more): the same env.json, which records the run's start to the
   * nanosecond, and every other file of its own the same bytes (its reports aside, which are made
   * from them). Two such "runs" agree on every number, so a comparison of them says nothing
   * (scripts/lib/run_files.py distinct_runs holds the scripts' side of this rule).
   */
  public String sameRun(RunRecord other) throws IOException {
    if (Files.isSameFile(folder, other.folder)) {
      return "the same folder";
    }
    // env.json first: two runs' differ, and no other file is then read
    if (!java.util.Arrays.equals(
        OwnFiles.read(folder.resolve(RunEnvironment.FILE)),
        OwnFiles.read(other.folder.resolve(RunEnvironment.FILE)))) {
      return null;
    }
    Map<String, Long> mine = ownFiles(folder);
    if (!mine.equals(ownFiles(other.folder))) {
      return null;
    }
    for (String name : mine.keySet()) {
      if (!java.util.Arrays.equals(
          OwnFiles.read(folder.resolve(name)), OwnFiles.read(other.folder.resolve(name)))) {
        return null;
      }
    }
    return "a copy: the same " + RunEnvironment.FILE + ", which records the run's start, and files";
  }

  /** The folder's own regular files, but its reports, by name, with their sizes. */
  private static Map<String, Long> ownFiles(Path folder) throws IOException {
    Map<String, Long> files = new java.util.TreeMap<>();
    try (Stream<Path> list = Files.list(folder)) {
      for (Path f : list.toList()) {
        String name = f.getFileName().toString();
        if (Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)
            && !RunFiles.REPORTS.contains(name)) {
          files.put(name, Files.size(f));
        }
      }
    }
    return files;
  }

  /** For the suite, which reads its run back before the folder gets its final name. */
  public static RunRecord readBeforeRename(Path folder) throws IOException {
    return read(folder, true);
  }

  /**
   * The last name of the folder {@code folder} resolves to (links followed), or null for a root.
   */
  public static Path realName(Path folder) throws IOException {
    return folder.toRealPath().getFileName();
  }

  private static RunRecord read(Path folder, boolean temporary) throws IOException {
    if (!Files.isDirectory(folder)) {
      throw new UnreadableRunException(RunFolderHints.notAFolder(folder));
    }
    // the name the folder really has: "tmp-x/.", "tmp-x/sub/.." and a link of another name to
    // tmp-x are tmp-x; "/" has none
    Path name = realName(folder);
    if (name == null) {
      throw new UnreadableRunException(folder + " is not a results folder (it has no name)");
    }
    if (!temporary && name.toString().startsWith(NewFiles.PREFIX)) {
      throw new UnreadableRunException(
          folder + " is an incomplete run (still being written, or its run was killed)");
    }
    Path envFile = folder.resolve(RunEnvironment.FILE);
    if (!OwnFiles.present(envFile)) {
      // a driver-only load --out folder is what it is, named so, not a run with its env.json lost
      String load = RunFiles.loadOut(folder);
      throw new UnreadableRunException(
          folder
              + " has no "
              + RunEnvironment.FILE
              + (load == null
                  ? RunFolderHints.notARun(folder)
                  : ": a load --out folder (the driver's "
                      + load
                      + " alone), not a run; jmeter-import --run reads it into one"));
    }
    RunEnvironment env = RunEnvironment.read(envFile);
    Path jmh = folder.resolve(JmhResult.FILE);
    List<JmhResult> benchmarks = OwnFiles.present(jmh) ? JmhResult.readAll(jmh) : List.of();
    Map<String, ScenarioResult> load = readLoad(folder);
    Path sizes = folder.resolve(PayloadSizes.FILE);
    Path fidelity = folder.resolve(FidelityTable.FILE);
    Path codecFidelity = folder.resolve(FidelityTable.CODECS_FILE);
    Path pairsFile = folder.resolve(PairedRuns.FILE);
    PairedRuns pairs = OwnFiles.present(pairsFile) ? PairedRuns.read(pairsFile) : null;
    if (pairs != null && env.formatVersion() >= 4 && env.calibration() == null) {
      // since version 4 every pair group's forks time the calibration: without it, compare would
      // judge absolute times as if the machines were the same
      throw new UnreadableRunException(
          folder.resolve(RunEnvironment.FILE)
              + " has no calibration, which every run with "
              + PairedRuns.FILE
              + " records since env.json version 4: its files were edited or mixed");
    }
    checkCalibration(folder, env.calibration(), pairs);
    RunRecord run =
        new RunRecord(
            folder,
            env,
            List.copyOf(benchmarks),
            load,
            OwnFiles.present(sizes) ? PayloadSizes.read(sizes) : null,
            OwnFiles.present(fidelity) ? FidelityTable.read(fidelity) : null,
            OwnFiles.present(codecFidelity) ? FidelityTable.read(codecFidelity) : null,
            pairs);
    // JMeter's files are read when a report shows them; a bad one refuses the folder here, as any
    // other file does, not halfway through a report (where its line came wrapped in another)
    run.jmeter();
    // and a link among its flame graphs, as any file of the run that is a link
    run.flameGraphs();
    return run;
  }

  /**
   * Since env.json version 4 each calibration fork ran inside one pair group's fork, and compare
   * divides that fork's costs by it: so the calibration must hold, for every group of pairs.json,
   * as many forks as the group (in the order run) of as many rounds each, and no fork of a group
   * pairs.json does not hold. Anything else is a folder whose files were edited or mixed.
   */
  private static void checkCalibration(Path folder, RunEnvironment.Calibration c, PairedRuns pairs)
      throws IOException {
    if (c == null || c.groups() == null) {
      return;
    }
    String where = folder.resolve(RunEnvironment.FILE) + ": calibration ";
    if (pairs == null) {
      throw new UnreadableRunException(
          where + "was timed in pair groups' forks but the folder has no " + PairedRuns.FILE);
    }
    for (int f = 0; f < c.groups().size(); f++) {
      String g = c.groups().get(f);
      if (pairs.group(g) == null) {
        throw new UnreadableRunException(
            where + "fork " + f + " ran in group " + g + ", which " + PairedRuns.FILE + " lacks");
      }
    }
    for (PairedRuns.Group g : pairs.groups()) {
      List<double[]> reference = c.forksOf(g.id());
      if (reference.size() != g.forks().size()) {
        throw new UnreadableRunException(
            where
                + "holds "
                + reference.size()
                + " forks of group "
                + g.id()
                + ", "
                + PairedRuns.FILE
                + " "
                + g.forks().size());
      }
      for (int f = 0; f < reference.size(); f++) {
        int rounds = g.forks().get(f).nsPerOp().get(0).length;
        if (reference.get(f).length != rounds) {
          throw new UnreadableRunException(
              where
                  + "fork "
                  + f
                  + " of group "
                  + g.id()
                  + " has "
                  + reference.get(f).length
                  + " rounds, "
                  + PairedRuns.FILE
                  + "'s "
                  + rounds);
        }
      }
    }
  }

  /**
   * Every load-*.json of a folder by scenario name, in the order the scenarios ran; for the suite
   * too, which needs them before the folder has its env.json.
   */
  public static Map<String, ScenarioResult> readLoad(Path folder) throws IOException {
    List<ScenarioResult> scenarios = new ArrayList<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path f : files.sorted().toList()) {
        String scenario = RunFiles.loadScenario(f.getFileName().toString());
        if (scenario != null) {
          ScenarioResult s = ScenarioResult.read(f);
          named(f, scenario, s.scenario(), ScenarioResult.fileName("<scenario>"));
          scenarios.add(s);
        }
      }
    }
    // one file per scenario, by its name: so each scenario below is another's never
    scenarios.sort(Comparator.comparing(s -> java.time.Instant.parse(s.startedUtc())));
    Map<String, ScenarioResult> load = new LinkedHashMap<>();
    scenarios.forEach(s -> load.put(s.scenario(), s));
    return load;
  }

  /**
   * The scenario a results file is of: its name's ({@code load-<scenario>.json}), which the
   * scenario it says inside must be. Otherwise a file for one scenario could stand in for another's
   * (or hide it, two files of one scenario keeping one), and a folder holds one file a scenario.
   *
   * @param pattern the kind's file name, {@code <scenario>} for the scenario
   */
  private static String named(Path file, String scenario, String inside, String pattern)
      throws UnreadableRunException {
    if (!scenario.equals(inside)) {
      throw new UnreadableRunException(
          file
              + ": scenario is '"
              + inside
              + "', but the file's name says "
              + scenario
              + " (each scenario's results are in "
              + pattern
              + ")");
    }
    return scenario;
  }

  /**
   * This run, refused when it holds no results to report or export.
   *
   * @throws UnreadableRunException when it has no JMH results, no load results and no pairs
   */
  public RunRecord withResults() throws UnreadableRunException {
    // a run of pairs alone (suite --include none --load none) is a run: its claims are its results
    if (benchmarks.isEmpty() && load.isEmpty() && pairs == null) {
      throw new UnreadableRunException(
          folder
              + " holds no results: "
              + JmhResult.FILE
              + " is missing or empty and there is no "
              + ScenarioResult.fileName("*")
              + " or "
              + PairedRuns.FILE);
    }
    return this;
  }

  /** The benchmark with this name whose parameters include these, or null. */
  public JmhResult find(String name, Map<String, String> params) {
    for (JmhResult b : benchmarks) {
      if (b.name().equals(name) && b.params().entrySet().containsAll(params.entrySet())) {
        return b;
      }
    }
    return null;
  }

  /** Every result of one benchmark, in jmh.json's order. */
  public List<JmhResult> results(String name) {
    return benchmarks.stream().filter(b -> b.name().equals(name)).toList();
  }
}
