package org.wirebench.server.load.scenario;

import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.server.load.LoadPlan;

/**
 * A scenario's progress on standard error, a line as each point starts and ends: "point k of n",
 * its users (and rate), the time elapsed and an ETA, so that a run of many minutes is not silent.
 * The ETA adds the points still to run as their settings plan them (ramp-up, warm-up and measured
 * time of each run, and the steady-state windows' least), stretched by how much longer than planned
 * the points run so far took; a count-bounded point's time is unknown until one has run, then the
 * mean of those run stands for it.
 */
final class Progress {
  private final String scenario;
  private final List<Scenario.Point> points;
  private final PrintStream log;

  /** Each point's planned time in ms, or -1 when only running it tells (count-bounded). */
  private final long[] plannedMs;

  private final long start = System.nanoTime();
  private long pointStart;
  private long countedMs;
  private int countedRun;
  private long timedPlannedMs;
  private long timedTookMs;

  Progress(
      String scenario,
      List<Scenario.Point> points,
      ScenarioSettings settings,
      URI base,
      PrintStream log) {
    this.scenario = scenario;
    this.points = points;
    this.log = log;
    this.plannedMs = new long[points.size()];
    ScenarioSettings.SteadyState ss = settings.steadyState();
    long steadyMs = ss == null ? 0 : ScenarioSettings.SteadyState.WINDOWS * ss.windowMs();
    for (int i = 0; i < points.size(); i++) {
      LoadPlan plan = points.get(i).plan().apply(base);
      plannedMs[i] =
          settings.counted()
              ? -1
              : steadyMs
                  + settings.runs()
                      * (plan.rampUp().toMillis() + settings.warmupMs() + settings.durationMs());
    }
  }

  /** Point {@code index} (from 0) starts. */
  void started(int index, LoadPlan plan) {
    pointStart = System.nanoTime();
    line(index, plan, "started", index);
  }

  /** Point {@code index} (from 0) has ended. */
  void finished(int index, LoadPlan plan) {
    long tookMs = (System.nanoTime() - pointStart) / 1_000_000;
    if (plannedMs[index] < 0) {
      countedMs += tookMs;
      countedRun++;
    } else {
      timedPlannedMs += plannedMs[index];
      timedTookMs += tookMs;
    }
    line(index, plan, "done in " + format(tookMs), index + 1);
  }

  private void line(int index, LoadPlan plan, String what, int nextToRun) {
    String load =
        plan.users()
            + (plan.users() == 1 ? " user" : " users")
            + (plan.rate() > 0 ? String.format(Locale.ROOT, ", %.1f req/s", plan.rate()) : "");
    log.printf(
        Locale.ROOT,
        "%s: point %d of %d (%s, %s) %s; elapsed %s, ETA %s%n",
        scenario,
        index + 1,
        points.size(),
        points.get(index).id(),
        load,
        what,
        format((System.nanoTime() - start) / 1_000_000),
        eta(nextToRun));
  }

  /**
   * The time of the points from {@code from} on, or "unknown": a time-bounded point's as planned,
   * scaled by how long the points run so far took against their plan (a warm-up that needed its
   * limit, or a second one, on a noisy machine).
   */
  private String eta(int from) {
    double scale = timedPlannedMs > 0 ? Math.max(1, (double) timedTookMs / timedPlannedMs) : 1;
    long ms = 0;
    List<Integer> unknown = new ArrayList<>();
    for (int i = from; i < plannedMs.length; i++) {
      if (plannedMs[i] >= 0) {
        ms += Math.round(plannedMs[i] * scale);
      } else if (countedRun > 0) {
        ms += countedMs / countedRun;
      } else {
        unknown.add(i);
      }
    }
    if (!unknown.isEmpty()) {
      return "unknown until a point has run";
    }
    return format(ms);
  }

  /** 45s, 3m05s, 1h02m. */
  static String format(long ms) {
    long s = Math.round(ms / 1000.0);
    if (s < 60) {
      return s + "s";
    }
    if (s < 3600) {
      return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
    return String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
  }
}
