package org.wirebench.bench.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.wirebench.bench.geo.EncodeLoop;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.registry.UnknownNameException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The codec's windows for {@code scripts/server-cpu-pair.sh --codec yes} (issue 27): sets up {@code
 * GeoEncodingBenchmark} for one dataset, codec and count (validating the output as the benchmark
 * does), prints {@code ready BYTES}, then for each standard-input line {@code go MILLIS} encodes on
 * {@code --threads} workers for MILLIS ms and prints {@code OPERATIONS WORKER_CPU_NS} (the workers'
 * own thread CPU time; the script counts the whole process's ticks instead, as it does a server's).
 * It ends at the end of standard input, so it ends with the script that started it. Hidden: a tool
 * of that script, not a command for people.
 */
@Command(
    name = "encode-loop",
    hidden = true,
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description = "Encode in windows started by 'go MILLIS' lines on standard input.")
final class EncodeLoopCommand implements Callable<Integer> {
  static final long MAX_WINDOW_MS = 3_600_000;
  private static final Pattern GO = Pattern.compile("go ([1-9][0-9]{0,6})");

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--dataset",
      required = true,
      description = "GeoEncodingBenchmark's dataset: osm_mainroads, osm_places, ...")
  String dataset;

  @Option(
      names = "--codec",
      required = true,
      description = "GeoEncodingBenchmark's codec: gml2, gml31, gml32, geojson, a floor, ...")
  String codec;

  @Option(
      names = "--count",
      defaultValue = "200",
      description = "features, 1.." + Datasets.GENERATED_SIZE + " (default: ${DEFAULT-VALUE})")
  int count;

  @Option(
      names = "--threads",
      defaultValue = "2",
      description = "workers, 1..256 (default: ${DEFAULT-VALUE}, as the server uses both cores)")
  int threads;

  private final BufferedReader in;

  EncodeLoopCommand() {
    this(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
  }

  /** For tests: windows started by the lines of {@code in}. */
  EncodeLoopCommand(BufferedReader in) {
    this.in = in;
  }

  @Override
  public Integer call() throws IOException, InterruptedException {
    if (count < 1 || count > Datasets.GENERATED_SIZE) {
      throw bad("--count must be 1.." + Datasets.GENERATED_SIZE + ", was " + count);
    }
    if (threads < 1 || threads > 256) {
      throw bad("--threads must be 1..256, was " + threads);
    }
    EncodeLoop loop;
    try {
      loop = EncodeLoop.of(dataset, codec, count, threads);
    } catch (UnknownNameException e) {
      throw bad(e.getMessage());
    }
    try (loop) {
      PrintWriter out = spec.commandLine().getOut();
      out.println("ready " + loop.bytes());
      out.flush();
      for (String line; (line = in.readLine()) != null; ) {
        Matcher go = GO.matcher(line.strip());
        long millis = go.matches() ? Long.parseLong(go.group(1)) : 0;
        if (millis < 1 || millis > MAX_WINDOW_MS) {
          spec.commandLine()
              .getErr()
              .println(
                  "wirebench encode-loop: standard input line '"
                      + line
                      + "' is not 'go MILLIS' with MILLIS 1.."
                      + MAX_WINDOW_MS);
          return 2;
        }
        EncodeLoop.Window w = loop.run(millis);
        out.println(w.operations() + " " + w.workerCpuNanos());
        out.flush();
        if (out.checkError()) {
          spec.commandLine().getErr().println("wirebench encode-loop: cannot write its output");
          return 1;
        }
      }
    }
    return 0;
  }

  private CommandLine.ParameterException bad(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }
}
