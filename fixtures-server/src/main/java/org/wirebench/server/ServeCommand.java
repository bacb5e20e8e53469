package org.wirebench.server;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.wirebench.formats.raster.BlueMarble;
import org.wirebench.server.finding.FindingGateway;
import org.wirebench.server.wfs.WfsHandler;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code wirebench serve}: runs the fixture server until Ctrl-C, which stops it gracefully. */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description =
        "Serve the project's codecs over WFS (KVP GET), Blue Marble over WMS, the SOAP stacks"
            + " (Axis2, CXF) and the FindingService mock backend and gateway with an embedded"
            + " Jetty 12.")
public final class ServeCommand implements Callable<Integer> {
  /** Set on a server JVM started with a profile's flags, so it does not start another. */
  static final String PROFILE_PROPERTY = "wirebench.jvmProfile";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--port",
      defaultValue = "8080",
      description = "0..65535, 0 = any free port (default: ${DEFAULT-VALUE})")
  int port;

  @Option(
      names = "--host",
      defaultValue = "127.0.0.1",
      description = "interface to bind (default: ${DEFAULT-VALUE})")
  String host;

  @Option(
      names = "--stop-timeout",
      paramLabel = "DURATION",
      converter = CliTypes.DurationConverter.class,
      description = "how long Ctrl-C waits for in-flight requests, 0s..10m (default: 10s)")
  Duration stopTimeout;

  @Option(
      names = "--stop-timeout-ms",
      hidden = true,
      description = "old spelling of --stop-timeout")
  Long stopTimeoutMs;

  @Option(
      names = "--max-body-bytes",
      defaultValue = "16777216",
      description =
          "request body limit on every path, 1..2147483647; larger get 413 (under"
              + " /services/ as a SOAP fault) (default: ${DEFAULT-VALUE})")
  long maxBodyBytes;

  @Option(
      names = {"--no-compression", "--no-gzip"},
      negatable = true,
      defaultValue = "true",
      description =
          "answer in gzip, br or zstd when the client's Accept-Encoding asks; on by default (a"
              + " client that does not ask gets identity); --no-compression: always identity")
  boolean compress;

  @Option(names = "--access-log", description = "log one line per request to stderr")
  boolean accessLog;

  @Option(
      names = "--finding-backend",
      description =
          "the gateway's backend URL, {format} standing for xml, protobuf or json"
              + " (default: this server's /finding/mock.{format})")
  String findingBackend;

  @Option(
      names = "--finding-items",
      defaultValue = "50",
      description =
          "items in the mock backend's answers, 0.."
              + FindingGateway.Settings.MAX_MOCK_ITEMS
              + " (its answers within the gateway's 16 MiB limit) (default: ${DEFAULT-VALUE})")
  int findingItems;

  @Option(
      names = "--finding-timeout",
      paramLabel = "DURATION",
      converter = CliTypes.DurationConverter.class,
      description =
          "the gateway's limit on one backend exchange, 1ms..10m; then 504 (default: 10s)")
  Duration findingTimeout;

  @Option(
      names = "--finding-timeout-ms",
      hidden = true,
      description = "old spelling of --finding-timeout")
  Long findingTimeoutMs;

  @Option(
      names = "--jvm-profile",
      defaultValue = "default",
      description =
          "server JVM flags: default, seed2007, g1-tuned, zgc (default: ${DEFAULT-VALUE})")
  String jvmProfile;

  @Option(
      names = "--public-url",
      description =
          "the URL clients reach this server at (behind a proxy or port mapping), e.g."
              + " https://example.org/wirebench/: the WFS builds its capabilities, paging links and"
              + " schema locations on it, the WMS its capabilities, each SOAP stack its WSDL's"
              + " soap:address (default: the address and port a request came in on)")
  java.net.URI publicUrl;

  @Option(
      names = "--raster-upscale",
      defaultValue = "1",
      description =
          "the WMS draws Blue Marble from its "
              + BlueMarble.WIDTH
              + " x "
              + BlueMarble.HEIGHT
              + " source upscaled 1, 2 or 4 times (4: the raster study's "
              + 4 * BlueMarble.WIDTH
              + " x "
              + 4 * BlueMarble.HEIGHT
              + ", about 1.3 GB of heap) (default: ${DEFAULT-VALUE})")
  int rasterUpscale;

  @Option(
      names = "--threads-per-client",
      paramLabel = "N",
      defaultValue = "100",
      description =
          "server threads the requests of one client address may hold at once, 1..150 of the"
              + " server's 200; its further requests wait, holding no thread, and one whose client"
              + " leaves meanwhile (closes, or half-closes, its connection) is not run; its"
              + " request bodies may hold the same share of the server's memory for bodies, past"
              + " it 429 (default: ${DEFAULT-VALUE})")
  int threadsPerClient;

  @Option(
      names = "--heavy-per-client",
      paramLabel = "N",
      description =
          "heavy WFS GetFeatures (filters no index serves, sorts, large boxes) one client address"
              + " may have running or waiting at once, 1..one fewer than the places (3 a core: 5 on"
              + " 2 cores), so that one is always left for another client; its further ones get"
              + " 503 at once (default: half of them, 3 on 2 cores)")
  Integer heavyPerClient;

  @Option(
      names = "--java",
      description = "run the server on this java launcher (another JDK; default: this one's)")
  Path java;

  /**
   * Set by whatever starts a server JVM (the load driver, the suite, serve with a profile): the
   * starter holds the other end of this JVM's stdin, so when it dies, even by kill -9, stdin ends
   * and the server stops instead of living on as an orphan holding its port.
   */
  @Option(names = EXIT_WITH_PARENT, hidden = true)
  boolean exitWithParent;

  static final String EXIT_WITH_PARENT = "--exit-with-parent";

  @Override
  public Integer call() throws Exception {
    if (port < 0 || port > 65535) {
      throw bad("--port must be 0..65535, was " + port);
    }
    String hostProblem = LocalHosts.problem(host);
    hostProblem = hostProblem != null ? hostProblem : LocalHosts.portProblem(host, port);
    if (hostProblem != null) {
      throw bad(hostProblem);
    }
    long stopTimeoutMs;
    long findingTimeoutMs;
    try {
      stopTimeoutMs =
          millis("--stop-timeout", stopTimeout, "--stop-timeout-ms", this.stopTimeoutMs, 10_000);
      findingTimeoutMs =
          millis(
              "--finding-timeout",
              findingTimeout,
              "--finding-timeout-ms",
              this.findingTimeoutMs,
              10_000);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
    if (stopTimeoutMs < 0 || stopTimeoutMs > 600_000) {
      throw bad("--stop-timeout must be 0s..10m, was " + typed("--stop-timeout", stopTimeoutMs));
    }
    if (findingTimeoutMs < 1 || findingTimeoutMs > 600_000) {
      throw bad(
          "--finding-timeout must be 1ms..10m, was "
              + typed("--finding-timeout", findingTimeoutMs));
    }
    if (maxBodyBytes < 1 || maxBodyBytes > Integer.MAX_VALUE) {
      throw bad("--max-body-bytes must be 1..2147483647, was " + maxBodyBytes);
    }
    // each checked on its own, so that a refusal names the option given
    FindingGateway.Settings finding = FindingGateway.Settings.DEFAULT;
    try {
      finding = finding.withBackend(findingBackend);
    } catch (IllegalArgumentException e) {
      throw bad("--finding-backend: " + e.getMessage());
    }
    try {
      finding = finding.withMockItems(findingItems);
    } catch (IllegalArgumentException e) {
      throw bad("--finding-items: " + e.getMessage());
    }
    try {
      finding = finding.withTimeouts(finding.connectTimeoutMs(), findingTimeoutMs);
    } catch (IllegalArgumentException e) {
      throw bad("--finding-timeout: " + e.getMessage());
    }
    JvmProfile profile;
    try {
      profile = JvmProfile.byName(jvmProfile);
    } catch (IllegalArgumentException e) {
      throw bad("--jvm-profile: " + e.getMessage());
    }
    String javaProblem = java == null ? null : JavaLauncher.problem("--java", java);
    if (javaProblem != null) {
      throw bad(javaProblem);
    }
    if (publicUrl != null) {
      try {
        new WfsHandler().publicUrl(publicUrl);
      } catch (IllegalArgumentException e) {
        throw bad("--public-url: " + e.getMessage());
      }
    }
    if (!org.wirebench.formats.raster.Pyramid.UPSCALES.contains(rasterUpscale)) {
      throw bad("--raster-upscale must be 1, 2 or 4, was " + rasterUpscale);
    }
    if (threadsPerClient < 1 || threadsPerClient > ClientThreads.MAX_LIMIT) {
      throw bad(
          "--threads-per-client must be 1.."
              + ClientThreads.MAX_LIMIT
              + ", was "
              + threadsPerClient);
    }
    int heavy = heavyPerClient == null ? WfsHandler.DEFAULT_HEAVY_PER_CLIENT : heavyPerClient;
    if (heavy < 1 || heavy > WfsHandler.MAX_HEAVY_PER_CLIENT) {
      throw bad(
          "--heavy-per-client must be 1.."
              + WfsHandler.MAX_HEAVY_PER_CLIENT
              + " on this machine (one fewer than its "
              + WfsHandler.HEAVY_PLACES
              + " heavy places, 3 a core: one is always left for another client), was "
              + heavy);
    }
    boolean inProfile = profile.cliName().equals(System.getProperty(PROFILE_PROPERTY, "default"));
    if (!inProfile || java != null) {
      // the server JVM weighs the options against its own heap, and refuses them as this one would
      return runInOwnJvm(profile, stopTimeoutMs, findingTimeoutMs);
    }
    String memory =
        ServeMemory.problem(rasterUpscale, maxBodyBytes, Runtime.getRuntime().maxMemory());
    if (memory != null) {
      throw bad(memory);
    }
    if (exitWithParent) {
      // before the start, which takes seconds (the WMS's raster, the SOAP stacks): a starter gone
      // meanwhile left a server that finished starting and took its port before it noticed
      watchParent();
    }
    FixtureServer server =
        new FixtureServer(
                FixtureServer.Settings.defaults()
                    .host(host)
                    .port(port)
                    .stopTimeoutMs(stopTimeoutMs)
                    .maxBodyBytes(maxBodyBytes)
                    .compression(compress)
                    .accessLog(accessLog)
                    .finding(finding))
            .publicUrl(publicUrl)
            .rasterUpscale(rasterUpscale)
            .threadsPerClient(threadsPerClient)
            .heavyQueriesPerClient(heavy)
            .start();
    System.out.println(
        ServerProcess.READY
            + server.uri()
            + " (JVM profile "
            + profile.cliName()
            + ", Java "
            + Runtime.version()
            + "; Ctrl-C stops)");
    server.join();
    return 0;
  }

  private static void watchParent() {
    // exit, not halt: the shutdown hook stops Jetty gracefully
    ParentWatch.whenEnded(System.in, "serve", () -> System.exit(0));
  }

  /**
   * A duration as the user typed it ({@code 0ms} stays 0ms, not 0s); given under its old
   * millisecond spelling, as the deprecation line spelt it anew.
   */
  private String typed(String option, long ms) {
    CommandLine.Model.OptionSpec o = spec.commandLine().getParseResult().matchedOption(option);
    return o != null && !o.stringValues().isEmpty() ? o.stringValues().get(0) : ms + "ms";
  }

  /** The milliseconds given as {@code now}, else under its old spelling {@code old}, else dflt. */
  private static long millis(String now, Duration value, String old, Long oldMs, long dflt) {
    if (oldMs != null && oldMs < 0) {
      // its new spelling ("-5ms") would be no duration either: refuse it as given
      throw new IllegalArgumentException(old + " must be 0 or more, was " + oldMs);
    }
    Duration d =
        CliTypes.either(
            now,
            value,
            old,
            oldMs == null ? null : Duration.ofMillis(oldMs),
            now + " " + oldMs + "ms");
    return d == null ? dflt : d.toMillis();
  }

  /** Re-runs this command in a JVM with the profile's flags ({@link ServeInOwnJvm}). */
  private int runInOwnJvm(JvmProfile profile, long stopTimeoutMs, long findingTimeoutMs)
      throws Exception {
    List<String> args = new ArrayList<>();
    args.addAll(List.of("--port", "" + port, "--host", host));
    args.addAll(List.of("--stop-timeout", stopTimeoutMs + "ms"));
    args.addAll(
        List.of(
            "--max-body-bytes",
            "" + maxBodyBytes,
            compress ? "--compression" : "--no-compression"));
    if (accessLog) {
      args.add("--access-log");
    }
    if (findingBackend != null) {
      args.addAll(List.of("--finding-backend", findingBackend));
    }
    args.addAll(List.of("--finding-items", "" + findingItems));
    args.addAll(List.of("--raster-upscale", "" + rasterUpscale));
    args.addAll(List.of("--threads-per-client", "" + threadsPerClient));
    if (heavyPerClient != null) {
      args.addAll(List.of("--heavy-per-client", "" + heavyPerClient));
    }
    args.addAll(List.of("--finding-timeout", findingTimeoutMs + "ms"));
    args.addAll(List.of("--jvm-profile", profile.cliName()));
    if (publicUrl != null) {
      args.addAll(List.of("--public-url", publicUrl.toString()));
    }
    return ServeInOwnJvm.run(java, profile, args);
  }

  private CommandLine.ParameterException bad(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }

  public static void main(String[] args) {
    Mains.exit(Mains.configure(new CommandLine(new ServeCommand())), args);
  }
}
