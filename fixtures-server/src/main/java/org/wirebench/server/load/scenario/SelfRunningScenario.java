package org.wirebench.server.load.scenario;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.HistogramLogWriter;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.server.JvmProfile;

/**
 * A scenario that sets up what it runs on itself (the {@code wire} scenario: network namespaces, a
 * shaped link, the server and driver inside them) instead of loading one server JVM from here. It
 * needs privileges the others do not, so the suite runs it only when it is named ({@code --load
 * all} leaves it out).
 */
public interface SelfRunningScenario extends Scenario {
  /**
   * Why this scenario cannot run on this host, in one line (e.g. not root); null when it can. Asked
   * before any work starts: the command then exits 2 with that line.
   */
  String cannotRun(ScenarioOptions options);

  /**
   * Why the scenario cannot run with these settings (e.g. more than one run of a point), in one
   * line; null when it can. Asked with the other checks of the values, before any work.
   */
  String settingsProblem(ScenarioSettings settings);

  /**
   * Runs {@code points} (from {@link #points}) as the settings say and returns the whole result;
   * everything it set up is gone when it returns or throws.
   *
   * @param java the JDK launcher for the JVMs it starts; null for this one's
   * @param hlog receives each point's latency histogram (ns), tagged with the point id; may be null
   * @throws CannotRunException when the host refuses what the run needs after the checks (e.g. a
   *     qdisc the kernel does not have): exit 2, as for {@link #cannotRun}
   */
  ScenarioResult run(
      ScenarioOptions options,
      List<Point> points,
      ScenarioSettings settings,
      JvmProfile profile,
      Path java,
      HistogramLogWriter hlog,
      PrintStream log)
      throws Exception;

  /** The host cannot give what the scenario needs: the command exits 2 with this one line. */
  final class CannotRunException extends RuntimeException {
    public CannotRunException(String oneLine) {
      super(oneLine);
    }
  }
}
