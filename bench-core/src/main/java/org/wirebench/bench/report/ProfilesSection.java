package org.wirebench.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.wirebench.results.RunRecord;

/**
 * Links to the flame graphs of a profiled run ({@code wirebench profile}): one CPU (perf events, or
 * the itimer signal where the kernel refuses them) and one allocation graph a benchmark variant,
 * each forward (callers first) and reverse (hot methods first). Says nothing for runs that were not
 * profiled.
 */
public final class ProfilesSection implements ReportSection {
  @Override
  public String name() {
    return "profiles";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    List<String> graphs;
    try {
      graphs = run.flameGraphs();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (graphs.isEmpty()) {
      return List.of();
    }
    List<Report.Link> links = new ArrayList<>();
    for (String g : graphs) {
      links.add(new Report.Link(label(g), g));
    }
    return List.of(
        new Report.Heading(1, "Flame graphs (async-profiler)"),
        Report.Text.plain(
            "The benchmarks as run, sampled by async-profiler through JMH's -prof async: the"
                + " scores below were measured under the CPU profiler. cpu: perf events;"
                + " itimer: the kernel refused perf events and the interval timer sampled instead;"
                + " alloc: allocation samples (bytes). Forward: callers first; reverse: the hot"
                + " methods first."),
        new Report.Links(links));
  }

  /** "cpu, forward: GeoEncodingBenchmark.encode (codec-gml32-…)" from the file's path. */
  private static String label(String path) {
    String[] parts = path.split("/");
    String file = parts[parts.length - 1].replace(".html", ""); // flame-cpu-forward
    String variant = parts.length >= 2 ? parts[parts.length - 2] : "";
    String[] f = file.split("-");
    String what = f.length >= 3 ? f[1] + ", " + f[2] : file;
    int dash = variant.indexOf('-');
    String benchmark = dash < 0 ? variant : variant.substring(0, dash);
    String[] names = benchmark.split("\\.");
    String shortName =
        names.length >= 2 ? names[names.length - 2] + "." + names[names.length - 1] : benchmark;
    String params =
        dash < 0
            ? ""
            : variant
                .substring(dash + 1)
                .replaceFirst("^(AverageTime|Throughput|SampleTime|SingleShotTime)-?", "");
    return what + ": " + shortName + (params.isEmpty() ? "" : " (" + params + ")");
  }
}
