package org.wirebench.server.load.scenario;

import java.net.URI;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of {@code wirebench load --scenario}; the defaults reproduce the studies. */
public final class ScenarioOptions {
  @Option(names = "--quick", description = "short runs of every point (minutes, not an hour)")
  public boolean quick;

  @Option(
      names = "--server",
      description = "use this running server (base URL) instead of starting one")
  public URI server;

  @Option(
      names = "--server-wait",
      paramLabel = "SECONDS",
      description =
          "wait up to this long, 0..600 s, for --server to accept connections (a server started"
              + " beside this command, as the -Pjmeter build does; default: do not wait)")
  public int serverWaitS;

  @Option(
      names = "--jmeter-plan",
      paramLabel = "DIR",
      description =
          "write the scenario as an Apache JMeter test plan (DIR/<scenario>.jmx and its request"
              + " lists) for --server (default http://127.0.0.1:8080/) and the quick or full"
              + " settings, with the status, content type, length and outline of each point's"
              + " answers (asked of --server, else of a server started for it), instead of"
              + " running it")
  public java.nio.file.Path jmeterPlan;

  @Option(
      names = "--jmeter-engines",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "with --jmeter-plan: the JMeter engines a distributed run (-R) spreads each point over,"
              + " 1..64; each runs users / N threads, the labels keep the point's total (default:"
              + " ${DEFAULT-VALUE})")
  public int jmeterEngines;

  @Option(
      names = "--jvm-profile",
      defaultValue = "default",
      description =
          "flags of the server JVM the scenario starts: default, seed2007, g1-tuned, zgc"
              + " (default: ${DEFAULT-VALUE})")
  public String jvmProfile;

  @Option(names = "--java", description = "start the server on this java launcher (another JDK)")
  public Path java;

  @Option(
      names = "--out",
      description = "write load-<scenario>.json and load-<scenario>.hlog into this folder")
  public Path out;

  @Option(
      names = "--runs",
      description = "repetitions of each point, 1..100 (wfs: 3, soap: 1, finding: 3, wms: 3)")
  public Integer runs;

  @Option(
      names = "--requests",
      description =
          "count-bounded points: measured requests each (soap: 2500; wms: the request list's"
              + " length, 2000)")
  public Long requests;

  @Option(
      names = "--warmup-requests",
      description = "count-bounded points: thrown-away requests first (soap: 2500)")
  public Long warmupRequests;

  @Option(
      names = "--validate-every",
      defaultValue = "0",
      description = "also validate every n-th response under load in full; 0 = only before")
  public int validateEvery;

  /** The wfs scenario's own options. */
  @Mixin public WfsScenario.Options wfs = new WfsScenario.Options();

  /** The soap scenario's own options. */
  @Mixin public SoapScenario.Options soap = new SoapScenario.Options();

  /** The finding scenario's own options. */
  @Mixin public FindingScenario.Options finding = new FindingScenario.Options();

  /** The wms scenario's own options. */
  @Mixin public WmsScenario.Options wms = new WmsScenario.Options();

  /** The wire scenario's own options. */
  @Mixin public WireOptions wire = new WireOptions();
}
