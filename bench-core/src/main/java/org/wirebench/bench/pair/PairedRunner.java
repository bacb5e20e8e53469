package org.wirebench.bench.pair;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.PairedRuns.Claim;
import org.wirebench.results.PairedRuns.Fork;
import org.wirebench.results.PairedRuns.Group;
import org.wirebench.results.PairedRuns.Settings;
import org.wirebench.results.RunEnvironment;

/**
 * Measures a {@link Claims.Plan}: each group in forked JVMs ({@link PairWorker}), fork after fork,
 * until every claim of the group is decided with an interval within the target width, or the
 * group's share of the budget is spent (never fewer than {@code minForks}). A group's share is the
 * budget left over the variants left, times its variants: time a group saves goes to the next.
 */
public final class PairedRunner {
  /** Longer than any fork takes on a 2-core machine shared with builds (50 s seen). */
  static final int FORK_TIMEOUT_MINUTES = 15;

  private final Settings settings;
  private final Path java;
  private final PrintStream log;
  private final SplittableRandom seeds = new SplittableRandom();

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
    long start = System.nanoTime();
    int variantsLeft = plan.groups().stream().mapToInt(g -> g.variants().size()).sum();
    List<Group> groups = new ArrayList<>();
    for (Claims.GroupPlan g : plan.groups()) {
      long spent = (System.nanoTime() - start) / 1_000_000;
      long share = Math.max(0, settings.budgetMs() - spent) * g.variants().size() / variantsLeft;
      List<Claim> claims = plan.claims().stream().filter(c -> c.group().equals(g.id())).toList();
      groups.add(group(g, claims, share));
      variantsLeft -= g.variants().size();
    }
    return new PairedRuns(PairedRuns.FORMAT_VERSION, settings, groups, plan.claims());
  }

  private Group group(Claims.GroupPlan plan, List<Claim> claims, long shareMs)
      throws IOException, InterruptedException {
    long start = System.nanoTime();
    List<Fork> forks = new ArrayList<>();
    String stopped = "max-forks";
    while (forks.size() < settings.maxForks()) {
      long elapsed = (System.nanoTime() - start) / 1_000_000;
      long perFork = forks.isEmpty() ? 0 : elapsed / forks.size();
      if (forks.size() >= settings.minForks() && elapsed + perFork > shareMs) {
        stopped = "budget";
        break;
      }
      forks.add(fork(plan));
      Group sofar = new Group(plan.id(), plan.variants(), List.copyOf(forks), "", 0);
      log.printf(
          Locale.ROOT,
          "pairs: %s fork %d (%.0f s)%s%n",
          plan.id(),
          forks.size(),
          (System.nanoTime() - start) / 1e9,
          summary(sofar, claims));
      if (forks.size() >= settings.minForks() && decided(sofar, claims)) {
        stopped = "decided";
        break;
      }
    }
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;
    return new Group(plan.id(), plan.variants(), List.copyOf(forks), stopped, elapsedMs);
  }

  private boolean decided(Group g, List<Claim> claims) {
    for (Claim c : claims) {
      PairedRatio r = PairedRatio.of(g, c.a(), c.b(), settings.confidence());
      if (!ClaimVerdict.judge(c, r).decided() || r.halfWidth() > settings.targetHalfWidth()) {
        return false;
      }
    }
    return true;
  }

  private String summary(Group g, List<Claim> claims) {
    StringBuilder s = new StringBuilder();
    for (Claim c : claims) {
      PairedRatio r = PairedRatio.of(g, c.a(), c.b(), settings.confidence());
      s.append(
          String.format(
              Locale.ROOT,
              "; %s %.3f%s %s",
              c.id(),
              r.ratio(),
              r.hasInterval() ? String.format(Locale.ROOT, " ±%.1f%%", 100 * r.halfWidth()) : "",
              ClaimVerdict.judge(c, r).label()));
    }
    return s.toString();
  }

  /** One forked JVM measuring every variant of the group. */
  private Fork fork(Claims.GroupPlan plan) throws IOException, InterruptedException {
    List<PairWorker.VariantSpec> variants = new ArrayList<>();
    for (PairedRuns.Variant v : plan.variants()) {
      variants.add(new PairWorker.VariantSpec(v.id(), plan.classes().get(v.id()), v.params()));
    }
    long seed = seeds.nextLong();
    PairWorker.ForkSpec spec =
        new PairWorker.ForkSpec(
            variants, settings.warmupMs(), settings.batchMs(), settings.rounds(), seed);
    ObjectMapper json = new ObjectMapper();
    Path specFile = Files.createTempFile("wirebench-fork-", ".json");
    Path errFile = Files.createTempFile("wirebench-fork-", ".log");
    try {
      json.writeValue(specFile.toFile(), spec);
      List<String> command = new ArrayList<>();
      command.add(
          java != null
              ? java.toString()
              : Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(settings.forkJvmArgs());
      command.add("-cp");
      command.add(System.getProperty("java.class.path"));
      command.add(PairWorker.class.getName());
      command.add(specFile.toString());
      Process p =
          new ProcessBuilder(command)
              .redirectError(errFile.toFile())
              .redirectInput(ProcessBuilder.Redirect.PIPE)
              .start();
      // a fork that hangs (a deadlocked set-up, a stuck library) must not hang the suite
      Thread watchdog =
          new Thread(
              () -> {
                try {
                  if (!p.waitFor(FORK_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                    p.destroyForcibly();
                  }
                } catch (InterruptedException e) {
                  p.destroyForcibly();
                }
              },
              "fork-watchdog");
      watchdog.setDaemon(true);
      watchdog.start();
      try {
        String result = null;
        try (BufferedReader out =
            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
          for (String line; (line = out.readLine()) != null; ) {
            if (line.startsWith(PairWorker.RESULT)) {
              result = line.substring(PairWorker.RESULT.length());
            }
          }
        }
        int exit = p.waitFor();
        if (exit != 0 || result == null) {
          throw new IOException(
              "a fork of "
                  + plan.id()
                  + " failed (exit "
                  + exit
                  + "): "
                  + tail(Files.readString(errFile, StandardCharsets.UTF_8)));
        }
        PairWorker.ForkResult r = json.readValue(result, PairWorker.ForkResult.class);
        return new Fork(seed, r.opsPerBatch(), r.nsPerOp(), r.wallNsPerOp());
      } finally {
        p.destroyForcibly();
        p.waitFor(10, TimeUnit.SECONDS);
      }
    } finally {
      Files.deleteIfExists(specFile);
      Files.deleteIfExists(errFile);
    }
  }

  private static String tail(String s) {
    String t = s.strip();
    return t.length() <= 2000 ? t : "…" + t.substring(t.length() - 2000);
  }

  /** The calibration group's reference variant, every fork's rounds, for env.json. */
  public static RunEnvironment.Calibration calibration(PairedRuns runs) {
    Group g = runs.group(Claims.CALIBRATION);
    if (g == null || g.forks().isEmpty()) {
      return null;
    }
    List<double[]> perFork = new ArrayList<>();
    for (Fork f : g.forks()) {
      perFork.add(f.nsPerOp().get(0));
    }
    return new RunEnvironment.Calibration(ReferenceWorkload.NAME, perFork);
  }
}
