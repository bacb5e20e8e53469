package org.wirebench.server.load.scenario;

import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.server.CliTypes;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options of {@code wirebench load --scenario}, the defaults reproducing the studies: those
 * every scenario takes, and each registered scenario's own ({@link Scenario#newOptions}).
 */
@Command(modelTransformer = ScenarioOptions.WithScenarios.class)
public final class ScenarioOptions {
  @Option(names = "--quick", description = "short runs of every point (minutes, not an hour)")
  public boolean quick;

  @Option(
      names = "--server",
      description = "use this running server (base URL) instead of starting one")
  public URI server;

  /**
   * Set by the suite: the server JVM it started for its load step, shared by its scenarios, as a
   * JSON object (its url, how it was started, its JVM profile, flags and command), used in place of
   * one started for this run and recorded as the result's server.
   */
  @Option(names = SHARED_SERVER, hidden = true)
  public String sharedServer;

  public static final String SHARED_SERVER = "--shared-server";

  @Option(
      names = "--server-wait",
      paramLabel = "DURATION",
      defaultValue = "0s",
      converter = ServerWait.class,
      description =
          "wait up to this long, 0s..10m, for --server to accept connections (a server started"
              + " beside this command, as the -Pjmeter build does; default: ${DEFAULT-VALUE}, do"
              + " not wait)")
  public java.time.Duration serverWait;

  /** --server-wait 30s; the bare seconds it once took (30) still work for a release. */
  static final class ServerWait extends CliTypes.DurationOrSeconds {
    ServerWait() {
      super("--server-wait");
    }
  }

  @Option(
      names = "--users",
      split = ",",
      paramLabel = "N",
      description =
          "concurrent users, 1..10000 each: one URL: one number (default: "
              + ONE_URL_USERS
              + "); a scenario: its points' users (default: wfs 4,8,16,32; soap 25; finding"
              + " 200; wms 2,8,32,64,150, --quick 2,32; wire 8, --quick 4 (2..256))")
  public List<Integer> users;

  /** Users of a one-URL load without --users. */
  public static final int ONE_URL_USERS = 8;

  @Option(
      names = "--jmeter-plan",
      paramLabel = "DIR",
      description =
          "write the scenario as an Apache JMeter test plan (DIR/<scenario>.jmx and its request"
              + " lists) for --server (default http://127.0.0.1:8080/) and the quick or full"
              + " settings, with the status, content type, length and outline of each point's"
              + " answers (asked of --server, else of a server started for it), instead of"
              + " running it (so it takes no --out, --json, --max-error-rate, --validate-every or --runs)")
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
              + " (default: ${DEFAULT-VALUE}); refused with --server or --jmeter-plan")
  public String jvmProfile;

  @Option(
      names = "--java",
      description =
          "start the server on this java launcher (another JDK; default: the one running this);"
              + " refused with --server")
  public Path java;

  /**
   * Set by the suite, which checked {@code --java} for the whole run ({@code JavaLauncher.check}):
   * each of its load drivers takes that answer rather than running the launcher's {@code -version}
   * again, once a driver.
   */
  @Option(names = JAVA_CHECKED, hidden = true)
  public boolean javaChecked;

  public static final String JAVA_CHECKED = "--java-checked";

  @Option(
      names = "--out",
      description = "write load-<scenario>.json and load-<scenario>.hlog into this folder")
  public Path out;

  @Option(
      names = "--runs",
      description =
          "repetitions of each point, 1..100 (default: wfs 3, soap 1, finding 3, wms 3, wire 1;"
              + " --quick: 1 each)")
  public Integer runs;

  @Option(
      names = "--requests",
      description =
          "count-bounded points: measured requests each, 1 or more (wms: 1.."
              + WmsScenario.MAX_REQUESTS
              + ", its request list's length) (default: soap 2500, wms 2000, wire 20; --quick:"
              + " soap 500, wms 200, wire 12)")
  public Long requests;

  @Option(
      names = "--warmup-requests",
      description =
          "count-bounded points: thrown-away requests first, 0 or more (default: soap 2500, wms"
              + " 0, wire 5;"
              + " --quick: soap 0, wms 0, wire 3); refused for time-bounded points")
  public Long warmupRequests;

  @Option(
      names = "--validate-every",
      defaultValue = "0",
      description =
          "also validate every n-th response under load in full, 0..; 0 = only before (default:"
              + " ${DEFAULT-VALUE})")
  public int validateEvery;

  /** The one number of --users for a one-URL load (8 without it). */
  public int oneUrlUsers() {
    if (users == null) {
      return ONE_URL_USERS;
    }
    if (users.size() != 1) {
      throw new IllegalArgumentException(
          "--users takes one number for one URL, was " + join(users));
    }
    return check(users).get(0);
  }

  /**
   * A scenario's users: --users, else those given under the scenario's old spelling {@code old}
   * (which prints its deprecation line), else {@code dflt}; each 1..10000.
   *
   * @throws IllegalArgumentException when both spellings were given, or a count is out of range
   */
  public List<Integer> users(String old, List<Integer> oldValue, List<Integer> dflt) {
    List<Integer> given =
        CliTypes.either(
            "--users", users, old, oldValue, oldValue == null ? null : "--users " + join(oldValue));
    return given == null ? dflt : check(given);
  }

  /** As {@link #users(String, List, List)}, for a scenario whose points share one number. */
  public int oneUsers(String scenario, String old, Integer oldValue, int dflt) {
    List<Integer> u = users(old, oldValue == null ? null : List.of(oldValue), List.of(dflt));
    if (u.size() != 1) {
      throw new IllegalArgumentException(scenario + ": --users takes one number, was " + join(u));
    }
    return u.get(0);
  }

  private static List<Integer> check(List<Integer> users) {
    for (int n : users) {
      if (n < 1 || n > 10_000) {
        throw new IllegalArgumentException("--users must be 1..10000, was " + n);
      }
    }
    return users;
  }

  private static String join(List<Integer> users) {
    return String.join(",", users.stream().map(String::valueOf).toList());
  }

  /** Each registered scenario's own options ({@link Scenario#newOptions}), by scenario name. */
  private final Map<String, Object> own = new LinkedHashMap<>();

  /** With the options of every registered scenario. */
  public ScenarioOptions() {
    this(Scenarios.all());
  }

  /** With the options of these scenarios only. */
  ScenarioOptions(java.util.Collection<Scenario> scenarios) {
    for (Scenario s : scenarios) {
      Object options = s.newOptions();
      if (options != null) {
        own.put(s.name(), options);
      }
    }
  }

  /**
   * The options {@code scenario} brought, as parsed.
   *
   * @throws IllegalStateException when that scenario brought no options of this type
   */
  public <T> T own(String scenario, Class<T> type) {
    Object options = own.get(scenario);
    if (!type.isInstance(options)) {
      throw new IllegalStateException(
          "scenario " + scenario + " brought no options of type " + type.getName());
    }
    return type.cast(options);
  }

  /**
   * Which scenario takes each scenario's own option, by every name of the option (hidden old
   * spellings too): read from the options each registered scenario brings ({@link
   * Scenario#newOptions}), the one place they are declared. An option not here (those of this
   * class, of {@code load}) every scenario takes.
   */
  public static Map<String, String> owners() {
    Map<String, String> owners = new LinkedHashMap<>();
    for (Scenario s : Scenarios.all()) {
      Object options = s.newOptions();
      if (options == null) {
        continue;
      }
      for (CommandLine.Model.OptionSpec o : CommandSpec.forAnnotatedObject(options).options()) {
        for (String n : o.names()) {
          owners.put(n, s.name());
        }
      }
    }
    return owners;
  }

  /**
   * Adds each scenario's own options to the command these options are part of, as a mixin named
   * after the scenario (picocli's programmatic {@code addMixin}): declared on these options (parsed
   * alone) and on {@code load}, which mixes them in.
   */
  public static final class WithScenarios implements CommandLine.IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      ScenarioOptions options = spec.userObject() instanceof ScenarioOptions o ? o : null;
      for (CommandSpec mixin : spec.mixins().values()) {
        if (mixin.userObject() instanceof ScenarioOptions o) {
          options = o;
        }
      }
      if (options == null) {
        return spec;
      }
      for (Map.Entry<String, Object> e : options.own.entrySet()) {
        if (spec.mixins().containsKey(e.getKey())) {
          continue;
        }
        try {
          spec.addMixin(e.getKey(), CommandSpec.forAnnotatedObject(e.getValue()));
        } catch (CommandLine.DuplicateOptionAnnotationsException ex) {
          throw new IllegalStateException(
              "scenario " + e.getKey() + "'s options clash with another option: " + ex.getMessage(),
              ex);
        }
      }
      return spec;
    }
  }
}
