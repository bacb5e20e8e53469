package org.wirebench.bench.pair;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.PairedRuns.Fork;
import org.wirebench.results.PairedRuns.Settings;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.StrictJson;

/**
 * Measures a {@link Claims.Plan}: each group in forked JVMs ({@link PairWorker}); {@link
 * PairScheduler} decides which group gets the next fork.
 */
public final class PairedRunner {
  /** Longer than any fork takes on a 2-core machine shared with builds (50 s seen). */
  static final int FORK_TIMEOUT_MINUTES = 15;

  private final Settings settings;
  private final Path java;
  private final PrintStream log;
  private final SplittableRandom seeds = new SplittableRandom();
  private final List<double[]> referenceNsPerOp = new ArrayList<>();
  private final List<String> referenceGroups = new ArrayList<>();

  /**
   * @param java the JVM for the forks; null for this one's
   * @param log progress, a line a fork
   */
  public PairedRunner(Settings settings, Path java, PrintStream log) {
    this.settings = settings;
    this.java = java;
    this.log = log;
  }

  public PairedRuns run(Claims.Plan plan) throws IOException, InterruptedException {
    referenceNsPerOp.clear();
    referenceGroups.clear();
    return new PairScheduler(settings, System::nanoTime, this::fork, log).run(plan);
  }

  /** One forked JVM measuring every variant of the group. */
  private Fork fork(Claims.GroupPlan plan) throws IOException, InterruptedException {
    List<PairWorker.VariantSpec> variants = new ArrayList<>();
    for (PairedRuns.Variant v : plan.variants()) {
      variants.add(new PairWorker.VariantSpec(v.id(), plan.classes().get(v.id()), v.params()));
    }
    long seed = seeds.nextLong();
    boolean calibrationGroup = plan.id().equals(Claims.CALIBRATION);
    PairWorker.ForkSpec spec =
        new PairWorker.ForkSpec(
            variants,
            plan.warmupMs(),
            settings.batchMs(),
            settings.rounds(),
            seed,
            calibrationGroup ? 0 : PairSettings.REFERENCE_BATCH_MS);
    ObjectMapper json = StrictJson.mapper();
    // the spec as an argument and the fork's stderr through a pipe: temporary files for them
    // (wirebench-fork-*.json, .log in java.io.tmpdir) outlived a suite killed with -9
    List<String> command =
        ForkedJvm.command(
            java, settings.forkJvmArgs(), PairWorker.class, json.writeValueAsString(spec));
    Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE).start();
    ErrTail err = ErrTail.of(p);
    ForkedJvm.endAfter(p, TimeUnit.MINUTES.toMillis(FORK_TIMEOUT_MINUTES), "fork-watchdog");
    try {
      String result = ForkedJvm.result(p, PairWorker.RESULT);
      int exit = p.waitFor();
      if (exit != 0 || result == null) {
        throw new IOException(
            "a fork of " + plan.id() + " failed (exit " + exit + "): " + tail(err.text()));
      }
      PairWorker.ForkResult r = json.readValue(result, PairWorker.ForkResult.class);
      double[] reference = calibrationGroup ? r.nsPerOp().get(0) : r.referenceNsPerOp();
      if (reference != null) {
        referenceNsPerOp.add(reference);
        referenceGroups.add(plan.id());
      }
      return new Fork(seed, r.opsPerBatch(), r.nsPerOp(), r.wallNsPerOp());
    } finally {
      p.destroyForcibly();
      p.waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** The last characters a fork wrote to its stderr, read as it writes them. */
  private static final class ErrTail {
    private final StringBuilder text = new StringBuilder();
    private final Thread reader;

    private ErrTail(Process p) {
      reader =
          new Thread(
              () -> {
                try (java.io.Reader in =
                    new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8)) {
                  char[] buf = new char[8192];
                  for (int n; (n = in.read(buf)) > 0; ) {
                    synchronized (text) {
                      text.append(buf, 0, n);
                      if (text.length() > 16_384) {
                        text.delete(0, text.length() - 8192);
                      }
                    }
                  }
                } catch (IOException e) {
                  // the fork is gone: what it wrote so far is what there is
                }
              },
              "fork-stderr");
      reader.setDaemon(true);
    }

    static ErrTail of(Process p) {
      ErrTail t = new ErrTail(p);
      t.reader.start();
      return t;
    }

    /** What the fork wrote, once it closed its stderr (or after 10 s). */
    String text() throws InterruptedException {
      reader.join(10_000);
      synchronized (text) {
        return text.toString();
      }
    }
  }

  private static String tail(String s) {
    String t = s.strip();
    return t.length() <= 2000 ? t : "…" + t.substring(t.length() - 2000);
  }

  /**
   * The reference workload as every fork of the last {@link #run} timed it, in the order the forks
   * ran, each with its group, for env.json; null when no fork ran.
   */
  public RunEnvironment.Calibration calibration() {
    if (referenceNsPerOp.isEmpty()) {
      return null;
    }
    return new RunEnvironment.Calibration(
        ReferenceWorkload.NAME, List.copyOf(referenceNsPerOp), List.copyOf(referenceGroups));
  }
}
