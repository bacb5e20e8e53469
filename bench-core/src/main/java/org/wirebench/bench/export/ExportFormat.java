package org.wirebench.bench.export;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.wirebench.results.RunRecord;

/** What {@code wirebench export} writes a run's results as. */
public enum ExportFormat {
  /** Bencher Metric Format JSON: every number of the run */
  BENCHER("bencher"),
  /**
   * github-action-benchmark, tool customSmallerIsBetter: times, latencies, sizes, targets' ratios,
   * variants' costs ÷ the calibration
   */
  SMALLER_IS_BETTER("customSmallerIsBetter"),
  /** github-action-benchmark, tool customBiggerIsBetter: req/s, JMH throughput */
  BIGGER_IS_BETTER("customBiggerIsBetter");

  private final String id;

  ExportFormat(String id) {
    this.id = id;
  }

  /** The name on the command line, github-action-benchmark's tool name for its two. */
  public String id() {
    return id;
  }

  /**
   * @throws IllegalArgumentException naming the value and the valid ones
   */
  public static ExportFormat of(String id) {
    for (ExportFormat f : values()) {
      if (f.id.equals(id)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "unknown format '"
            + id
            + "'; valid: "
            + Arrays.stream(values()).map(ExportFormat::id).collect(Collectors.joining(", ")));
  }

  /** What an export wrote and what it left out. */
  public record Written(int metrics, List<String> leftOut) {}

  /**
   * Writes the run's results in this format.
   *
   * @throws IllegalStateException when nothing of this format's kind is in the run: never an empty
   *     file that a tracker would take for a run without results
   */
  public Written write(RunRecord run, Writer out) throws IOException {
    RunMetrics m = RunMetrics.of(run);
    List<String> leftOut = new ArrayList<>(m.leftOut);
    if (this != BENCHER) {
      leftOut.addAll(m.withoutDirection);
    }
    List<Metric> chosen =
        switch (this) {
          case BENCHER -> m.metrics;
          case SMALLER_IS_BETTER ->
              m.metrics.stream().filter(x -> x.direction() == Metric.Direction.SMALLER).toList();
          case BIGGER_IS_BETTER ->
              m.metrics.stream().filter(x -> x.direction() == Metric.Direction.BIGGER).toList();
        };
    if (chosen.isEmpty()) {
      throw new IllegalStateException(
          "nothing to export as "
              + id
              + " in "
              + run.folder()
              + (this == BIGGER_IS_BETTER
                  ? " (no load point and no JMH throughput: JMH times, targets' ratios and"
                      + " variants' costs are customSmallerIsBetter)"
                  : "")
              + (m.leftOut.isEmpty() ? "" : "; left out: " + String.join("; ", m.leftOut))
              + (this == BENCHER || m.withoutDirection.isEmpty()
                  ? ""
                  : "; "
                      + m.withoutDirection.size()
                      + " study claim ratio(s) have no better direction, in neither"
                      + " github-action-benchmark file (bencher carries them)"));
    }
    switch (this) {
      case BENCHER -> BencherJson.write(chosen, out);
      case SMALLER_IS_BETTER -> GithubBenchmarkJson.write(chosen, Metric.Direction.SMALLER, out);
      case BIGGER_IS_BETTER -> GithubBenchmarkJson.write(chosen, Metric.Direction.BIGGER, out);
    }
    return new Written(chosen.size(), leftOut);
  }
}
