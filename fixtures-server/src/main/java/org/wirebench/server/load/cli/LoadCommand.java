package org.wirebench.server.load.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.wirebench.server.CliTypes;
import org.wirebench.server.Mains;
import org.wirebench.server.ParentWatch;
import org.wirebench.server.http.ContentCoding;
import org.wirebench.server.load.LoadPlan;
import org.wirebench.server.load.scenario.ScenarioOptions;
import org.wirebench.server.load.scenario.Scenarios;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code wirebench load}: its options and the checks every load makes of them, in its own JVM; one
 * URL under closed- or open-model load is {@link OneUrlLoad}'s, a study's scenario {@link
 * ScenarioCommand}'s.
 */
@Command(
    name = "load",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    modelTransformer = ScenarioOptions.WithScenarios.class,
    description =
        "Load one URL, or run a study's scenario against a server in its own JVM;"
            + " report throughput, latency percentiles and errors.")
public final class LoadCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** The mode, one URL or a scenario: one of the two, which the help shows so. */
  @CommandLine.ArgGroup(exclusive = true, multiplicity = "1")
  Mode mode = new Mode();

  static final class Mode {
    @Option(names = "--target", description = "http:// URL to request (one-URL mode)")
    URI target;

    @Option(
        names = "--scenario",
        completionCandidates = Scenarios.Names.class,
        description = "run a study's table instead of one URL: ${COMPLETION-CANDIDATES}")
    String scenario;
  }

  @CommandLine.Mixin ScenarioOptions scenarioOptions = new ScenarioOptions();

  @Option(
      names = "--duration",
      paramLabel = "DURATION",
      converter = CliTypes.DurationConverter.class,
      description =
          "measured phase, 1ms..1h, e.g. 500ms, 30s, 2m (default: 30s; scenarios: wfs 30s,"
              + " finding 1m; --quick: wfs 2s, finding 5s; refused for a scenario whose points are"
              + " count-bounded)")
  Duration duration;

  @Option(
      names = "--warmup",
      paramLabel = "DURATION",
      converter = CliTypes.DurationConverter.class,
      description =
          "thrown-away phase before it, 0s..1h (default: 15s; scenarios: wfs 5s, finding 10s;"
              + " --quick: wfs 0s, finding 1s, each run's, after the point has run until its rate"
              + " is steady; refused for a scenario whose points are count-bounded)")
  Duration warmup;

  @Option(
      names = "--rate",
      defaultValue = "0",
      description =
          "requests/s for the open model, 0..1000000 (it takes no --think-time, --think-deviation"
              + " or --ramp-up); 0 = the closed model (default: ${DEFAULT-VALUE})")
  double rate;

  @Option(
      names = "--think-time",
      paramLabel = "DURATION",
      converter = CliTypes.DurationConverter.class,
      description = "pause between a user's requests, 0ms..60s (default: 0ms)")
  Duration thinkTime;

  @Option(names = "--think-time-ms", hidden = true, description = "old spelling of --think-time")
  Long thinkTimeMs;

  @Option(
      names = "--think-deviation",
      paramLabel = "DURATION",
      converter = CliTypes.DurationConverter.class,
      description =
          "Gaussian spread of the pause, as JMeter's Gaussian Random Timer, 0ms..--think-time"
              + " (default:"
              + " 0ms; the ql.io study: --think-time 900ms --think-deviation 100ms)")
  Duration thinkDeviation;

  @Option(
      names = "--think-deviation-ms",
      hidden = true,
      description = "old spelling of --think-deviation")
  Long thinkDeviationMs;

  @Option(
      names = "--ramp-up",
      defaultValue = "0s",
      paramLabel = "DURATION",
      converter = CliTypes.DurationConverter.class,
      description =
          "start the users evenly over this time, 0s..1h, e.g. 10s; the warm-up follows it"
              + " (default: ${DEFAULT-VALUE})")
  Duration rampUp;

  @Option(
      names = "--timeout",
      defaultValue = "30s",
      paramLabel = "DURATION",
      converter = CliTypes.DurationConverter.class,
      description = "per request, 1ms..1h (default: ${DEFAULT-VALUE})")
  Duration timeout;

  @Option(
      names = "--expect-status",
      defaultValue = "200",
      description =
          "the status a good response has, a final one: "
              + LoadPlan.FIRST_FINAL_STATUS
              + ".."
              + LoadPlan.LAST_STATUS
              + " (default: ${DEFAULT-VALUE})")
  int expectStatus;

  @Option(
      names = "--length-tolerance",
      defaultValue = "1%",
      paramLabel = "SHARE",
      converter = CliTypes.ShareConverter.class,
      description =
          "allowed relative deviation from the first response's length, 0..1 or 0%%..100%%"
              + " (default: ${DEFAULT-VALUE})")
  double lengthTolerance;

  @Option(
      names = "--encoding",
      paramLabel = "CODING",
      converter = CodingConverter.class,
      description =
          "the content coding to ask for: identity (default: no Accept-Encoding, as JMeter and ab"
              + " sent), gzip, br or zstd; every good answer must come in it and is decoded to be"
              + " checked, and the result records its bytes on the wire beside the decoded size."
              + " Scenarios then start their server with compression on")
  ContentCoding encoding;

  @Option(names = "--gzip", hidden = true, description = "the same as --encoding gzip")
  boolean gzip;

  @Option(
      names = "--selectors",
      description = "client I/O threads, 1..64 (default: one per core, as wrk -t)")
  Integer selectors;

  @Option(
      names = "--max-error-rate",
      defaultValue = "0%",
      paramLabel = "SHARE",
      converter = CliTypes.ShareConverter.class,
      description =
          "exit 1 when more than this share of requests failed, 0..1 or 0%%..100%% (default:"
              + " ${DEFAULT-VALUE}); a run with no successful request always exits 1")
  double maxErrorRate;

  @Option(names = "--json", description = "write the result as JSON here")
  Path json;

  @Option(
      names = "--hlog",
      description = "write the latency histogram (ns) as an HdrHistogram log here")
  Path hlog;

  /**
   * Set by the suite, which holds the other end of this JVM's stdin: when the suite dies, even by
   * kill -9, the driver stops (and with it the server it started) instead of running on and writing
   * into the dead run's folder.
   */
  @Option(names = EXIT_WITH_PARENT, hidden = true)
  boolean exitWithParent;

  public static final String EXIT_WITH_PARENT = "--exit-with-parent";

  @Override
  public Integer call() throws Exception {
    if (exitWithParent) {
      ParentWatch.exitWhenEnded(System.in, "load");
    }
    check();
    if (mode.scenario != null) {
      return new ScenarioCommand(this).call();
    }
    return new OneUrlLoad(this).call();
  }

  /**
   * Checks the options every load takes and settles their old spellings (one deprecation line
   * each), before any work.
   */
  void check() {
    LoadModes.onlyWhereUsed(spec, mode.target != null, mode.scenario);
    if (!(rate >= 0 && rate <= 1_000_000)) {
      throw bad("--rate must be 0..1000000 requests/s, was " + rate);
    }
    LoadModes.closedOnly(spec, rate);
    try {
      thinkTime = LoadModes.oldMillis("--think-time", thinkTime, "--think-time-ms", thinkTimeMs);
      thinkDeviation =
          LoadModes.oldMillis(
              "--think-deviation", thinkDeviation, "--think-deviation-ms", thinkDeviationMs);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
    if (thinkTime.isNegative() || thinkTime.compareTo(Duration.ofMinutes(1)) > 0) {
      throw bad("--think-time must be 0ms..60s, was " + CliTypes.format(thinkTime));
    }
    if (thinkDeviation.isNegative() || thinkDeviation.compareTo(thinkTime) > 0) {
      // a spread past the mean pause draws negative pauses, cut to 0: the mean would not be the
      // --think-time asked for (and without --think-time there is nothing to spread)
      throw bad(
          "--think-deviation must be 0ms..--think-time ("
              + CliTypes.format(thinkTime)
              + "), was "
              + CliTypes.format(thinkDeviation));
    }
    String status = LoadPlan.statusProblem(expectStatus);
    if (status != null) {
      throw bad("--expect-status " + status);
    }
    within("--ramp-up", rampUp, Duration.ZERO);
    within("--warmup", warmup, Duration.ZERO);
    within("--duration", duration, Duration.ofMillis(1));
    within("--timeout", timeout, Duration.ofMillis(1));
    encoding();
    writable("--json", json);
    writable("--hlog", hlog);
    String same = org.wirebench.server.OutputPaths.sameFileProblem("--json", json, "--hlog", hlog);
    if (same != null) {
      throw bad(same);
    }
  }

  /** The one upper bound of a load's phases and waits. */
  static final Duration MAX_PHASE = Duration.ofHours(1);

  /** Refuses {@code d} (when given) outside min..{@link #MAX_PHASE}. */
  private void within(String option, Duration d, Duration min) {
    if (d != null && (d.compareTo(min) < 0 || d.compareTo(MAX_PHASE) > 0)) {
      throw bad(
          option
              + " must be "
              + (min.isZero() ? "0s" : CliTypes.format(min))
              + ".."
              + CliTypes.format(MAX_PHASE)
              + ", was "
              + CliTypes.format(d));
    }
  }

  /** The coding asked for: --encoding, or gzip for the older --gzip. */
  ContentCoding encoding() {
    if (gzip && encoding != null && encoding != ContentCoding.GZIP) {
      throw bad("--gzip asks for gzip, --encoding for " + encoding.token() + ": give one");
    }
    return gzip ? ContentCoding.GZIP : encoding == null ? ContentCoding.IDENTITY : encoding;
  }

  /** 0 when the errors stayed within --max-error-rate and something succeeded, else 1. */
  int verdict(long succeeded, double errorRate, long errors) {
    if (succeeded == 0) {
      System.err.println("wirebench load: failed: no request succeeded (" + errors + " errors)");
      return 1;
    }
    if (errorRate > maxErrorRate) {
      System.err.printf(
          Locale.ROOT,
          "wirebench load: failed: %d errors, %.3f%% of requests, above --max-error-rate %s%%%n",
          errors,
          100 * errorRate,
          new java.math.BigDecimal(100 * maxErrorRate)
              .round(new java.math.MathContext(6))
              .stripTrailingZeros()
              .toPlainString());
      return 1;
    }
    return 0;
  }

  /**
   * Every check {@code load} makes of its options before any work, without starting any: which
   * options go with which mode and scenario, and their values (the suite makes them for each load
   * scenario before its benchmarks, so that a bad value is refused before hours of JMH, not after).
   *
   * @throws CommandLine.ParameterException naming the first bad option
   */
  public void checkBeforeRun() {
    check();
    if (mode.scenario != null) {
      try {
        new ScenarioCommand(this).checkValues();
      } catch (IllegalArgumentException e) {
        throw bad(e.getMessage());
      }
    } else {
      new OneUrlLoad(this).checkTarget();
    }
  }

  /**
   * The arguments of {@code serve} for the server JVM that {@code load} with {@code args} would
   * start ({@link ScenarioServer#serverArgs}); null when it would start none.
   */
  public static java.util.List<String> serverArgs(java.util.List<String> args) {
    LoadCommand load = new LoadCommand();
    new CommandLine(load).parseArgs(args.toArray(String[]::new));
    return ScenarioServer.serverArgs(load);
  }

  /**
   * Refuses an output path that cannot be written before anything runs, as every command's output
   * file is ({@link org.wirebench.server.OutputPaths#fileProblem}).
   */
  void writable(String option, Path file) {
    if (file == null) {
      return;
    }
    String problem = org.wirebench.server.OutputPaths.fileProblem(option, file);
    if (problem != null) {
      throw bad(problem);
    }
  }

  CommandLine.ParameterException bad(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }

  /** identity, gzip, br, zstd. */
  static final class CodingConverter implements CommandLine.ITypeConverter<ContentCoding> {
    @Override
    public ContentCoding convert(String value) {
      try {
        return ContentCoding.of(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  public static void main(String[] args) {
    Mains.exit(Mains.configure(new CommandLine(new LoadCommand())), args);
  }
}
