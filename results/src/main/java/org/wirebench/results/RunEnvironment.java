package org.wirebench.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where a run happened: {@code env.json}, beside its results. Captured by the suite; read by the
 * reports and compare through this class only.
 *
 * @param formatVersion {@value #FORMAT_VERSION}; version 1 had no forkJvmArgs, serverJvms and
 *     libraries (null when read)
 * @param forkedJvm the java binary the benchmarks ran on (the forks), {@value #SAME_JVM} when it is
 *     the launcher's
 * @param jdk java.version of the launching JVM; the forks' own is in jmh.json (jdkVersion)
 * @param forkJvmArgs the distinct JVM argument lists JMH's forks ran with
 * @param serverJvms per load scenario, the server JVM's profile and flags (empty: none ran)
 * @param libraries versions of the measured libraries (Maven coordinates to version)
 * @param calibration the machine's speed on a fixed reference workload, timed as the paired claims
 *     are; null for runs before version 3 and runs that measured no pairs
 * @param otherWork since version 5, per step the suite ran, what else used the machine meanwhile;
 *     null before version 5, where the kernel keeps no {@code /proc} accounts, and in the env.json
 *     {@code jmeter-import} writes for a driver-only {@code load --out} folder
 */
public record RunEnvironment(
    int formatVersion,
    String suite,
    String startedUtc,
    String jdk,
    String jdkVendor,
    String vm,
    String forkedJvm,
    int forkedJdkMajor,
    String host,
    List<String> launcherJvmArgs,
    String cpuModel,
    int cores,
    long maxHeapBytes,
    String os,
    String commit,
    boolean workingTreeDirty,
    List<List<String>> forkJvmArgs,
    Map<String, ServerJvm> serverJvms,
    Map<String, String> libraries,
    Calibration calibration,
    List<OtherWork> otherWork) {

  /**
   * 5: what else used the machine in each step ({@link OtherWork}); 4: the calibration sampled in
   * every pair group's forks ({@link Calibration#groups}); 3: calibration added; 2: forkJvmArgs,
   * serverJvms and libraries added. Versions 1 to 4 are still read.
   */
  public static final int FORMAT_VERSION = 5;

  /** {@link #forkedJvm} of forks that ran on the java that launched the run. */
  public static final String SAME_JVM = "same";

  /**
   * @param workload what was timed, with its own version: a changed workload is a different scale
   * @param nsPerOp per fork, per round: ns per operation of the workload, the forks in the order
   *     they ran (so drift over the run shows)
   * @param groups since version 4, per fork the pair group it ran in (the reference workload
   *     interleaved with that group's variants); null in version 3, whose forks all ran in the
   *     calibration group at the start of the run
   */
  public record Calibration(String workload, List<double[]> nsPerOp, List<String> groups) {
    public Calibration {
      if (nsPerOp == null) {
        throw new IllegalArgumentException(
            "no nsPerOp (each fork's ns per operation, round by round)");
      }
      if (groups != null && groups.size() != nsPerOp.size()) {
        throw new IllegalArgumentException(
            "calibration: "
                + groups.size()
                + " groups for "
                + nsPerOp.size()
                + " forks; each fork names its group");
      }
    }

    /**
     * The rounds of the forks timed inside pair group {@code group}'s forks, in the order they ran:
     * what a variant of that group is divided by, fork by fork; empty without groups (version 3).
     */
    public List<double[]> forksOf(String group) {
      List<double[]> forks = new java.util.ArrayList<>();
      for (int f = 0; groups != null && f < groups.size(); f++) {
        if (groups.get(f).equals(group)) {
          forks.add(nsPerOp.get(f));
        }
      }
      return forks;
    }
  }

  public static final String FILE = "env.json";

  /** "AMD EPYC, 2 cores": the machine in one phrase. */
  public String machine() {
    return cpuModel + ", " + cores + " cores";
  }

  /** This environment with the machine's calibration. */
  public RunEnvironment withCalibration(Calibration measured) {
    return with(measured, otherWork);
  }

  /** This environment with what else used the machine in each step. */
  public RunEnvironment withOtherWork(List<OtherWork> steps) {
    return with(calibration, steps == null ? null : List.copyOf(steps));
  }

  private RunEnvironment with(Calibration measured, List<OtherWork> steps) {
    return new RunEnvironment(
        formatVersion,
        suite,
        startedUtc,
        jdk,
        jdkVendor,
        vm,
        forkedJvm,
        forkedJdkMajor,
        host,
        launcherJvmArgs,
        cpuModel,
        cores,
        maxHeapBytes,
        os,
        commit,
        workingTreeDirty,
        forkJvmArgs,
        serverJvms,
        libraries,
        measured,
        steps);
  }

  public void write(Path file) throws IOException {
    ResultFiles.JSON.writeValue(file.toFile(), this);
  }

  public static RunEnvironment read(Path file) throws IOException {
    RunEnvironment env =
        ResultFiles.bind(
            file, ResultFiles.readVersioned(file, FORMAT_VERSION), RunEnvironment.class);
    env.check(Fields.of(file));
    if (env.calibration() != null) {
      check(file, env.calibration());
      // groups came with version 4: their presence must match the version the file says, or a
      // hand-edited or mixed file would be judged by the wrong rules (per-variant rows or none)
      boolean grouped = env.calibration().groups() != null;
      if (grouped != (env.formatVersion() >= 4)) {
        throw new UnreadableRunException(
            file
                + ": a version "
                + env.formatVersion()
                + " calibration "
                + (grouped
                    ? "naming each fork's group (only files of version 4 and later do)"
                    : "without each fork's group (every file of version 4 and later names them)"));
      }
    }
    return env;
  }

  /**
   * Refuses what the report prints as the run's machine and provenance while it is none: a field
   * every version has that is missing, a start that is no time, a machine of no cores or heap, and
   * a field the file's version did not have (a version 2 file with a calibration would be judged by
   * rules it was not written under).
   */
  private void check(Fields f) throws UnreadableRunException {
    f.text("suite", suite);
    f.instant("startedUtc", startedUtc);
    f.text("jdk", jdk);
    f.present("jdkVendor", jdkVendor);
    f.present("vm", vm);
    f.text("forkedJvm", forkedJvm);
    f.atLeast("forkedJdkMajor", forkedJdkMajor, 1);
    f.present("host", host);
    f.present("launcherJvmArgs", launcherJvmArgs);
    f.present("cpuModel", cpuModel);
    f.atLeast("cores", cores, 1);
    f.atLeast("maxHeapBytes", maxHeapBytes, 1);
    f.present("os", os);
    f.text("commit", commit);
    if (formatVersion < 2) {
      f.absent("forkJvmArgs", forkJvmArgs, formatVersion);
      f.absent("serverJvms", serverJvms, formatVersion);
      f.absent("libraries", libraries, formatVersion);
    } else {
      f.present("forkJvmArgs", forkJvmArgs);
      f.present("serverJvms", serverJvms);
      f.present("libraries", libraries);
    }
    if (formatVersion < 3) {
      f.absent("calibration", calibration, formatVersion);
    }
    if (formatVersion < 5) {
      f.absent("otherWork", otherWork, formatVersion);
    } else if (otherWork != null) {
      OtherWork.check(f, otherWork);
    }
  }

  /**
   * A calibration whose every fork holds rounds of times (as a pair's costs are checked) and names
   * its group, with a workload: compare takes ratios of it and judges machines by it.
   */
  private static void check(Path file, Calibration c) throws IOException {
    if (c.workload() == null
        || c.workload().isBlank()
        || c.nsPerOp() == null
        || c.nsPerOp().isEmpty()) {
      // the calibration group runs its minimum of forks: none is a calibration of nothing, which
      // compare would still judge machines by
      throw new UnreadableRunException(file + ": calibration without its workload or forks");
    }
    for (int f = 0; f < c.nsPerOp().size(); f++) {
      double[] rounds = c.nsPerOp().get(f);
      if (rounds == null || rounds.length == 0) {
        throw new UnreadableRunException(file + ": calibration fork " + f + " has no rounds");
      }
      for (double x : rounds) {
        if (!PairedRuns.isTime(x)) {
          throw new UnreadableRunException(
              file + ": calibration fork " + f + " holds a cost of " + x + " ns, not a time");
        }
      }
      if (c.groups() != null && c.groups().get(f) == null) {
        throw new UnreadableRunException(file + ": calibration fork " + f + " names no group");
      }
    }
  }
}
