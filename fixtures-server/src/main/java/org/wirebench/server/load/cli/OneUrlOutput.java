package org.wirebench.server.load.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.HdrHistogram.HistogramLogWriter;
import org.wirebench.results.LoadResult;
import org.wirebench.results.Statistic;
import org.wirebench.server.load.LoadDriver;

/** What a one-URL {@code load} prints and the files it writes (--json, --hlog). */
final class OneUrlOutput {
  private OneUrlOutput() {}

  /**
   * The result's line on {@code out}; the first error of each kind and warm-up's on {@code err}.
   */
  static void print(LoadResult r, LoadDriver driver, PrintStream out, PrintStream err) {
    out.printf(
        Locale.ROOT,
        "%s %s: %.1f req/s, %.1f MB/s decoded; %s: %.0f bytes a response on the wire, %.0f"
            + " decoded; latency ms mean %.2f p50 %.2f p90 %.2f p99 %.2f p99.9 %.2f max %.2f;"
            + " errors %s%n",
        r.model(),
        r.target(),
        r.throughput(),
        r.bytesPerSecond() / 1e6,
        r.encoding(),
        r.meanWireBytes(),
        r.meanResponseBytes(),
        r.latencyMs().get(Statistic.MEAN),
        r.latencyMs().get(Statistic.P50),
        r.latencyMs().get(Statistic.P90),
        r.latencyMs().get(Statistic.P99),
        r.latencyMs().get(Statistic.P99_9),
        r.latencyMs().get(Statistic.MAX),
        r.errors());
    driver.firstProblems().forEach((kind, why) -> err.println("first " + kind + " error: " + why));
    if (r.warmupErrorCount() > 0) {
      err.println("errors during warm-up (not in the figures above): " + r.warmupErrors());
    }
  }

  /**
   * The result as JSON and the latency histogram as an HdrHistogram log, each written whole or not
   * at all ({@link org.wirebench.server.OutputPaths#replace}); a null path writes nothing.
   */
  static void write(LoadResult r, LoadDriver driver, Path json, Path hlog) throws IOException {
    if (json != null) {
      org.wirebench.server.OutputPaths.replace(
          json, f -> LoadCommand.JSON.writeValue(f.toFile(), r));
    }
    if (hlog != null) {
      org.wirebench.server.OutputPaths.replace(
          hlog,
          f -> {
            try (PrintStream out = new PrintStream(Files.newOutputStream(f))) {
              HistogramLogWriter writer = new HistogramLogWriter(out);
              writer.outputLogFormatVersion();
              writer.outputLegend();
              writer.outputIntervalHistogram(driver.histogram());
              if (out.checkError()) {
                throw new IOException("cannot write " + f);
              }
            }
          });
    }
  }
}
