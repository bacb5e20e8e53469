package org.wirebench.server.load.cli;

import org.wirebench.results.LoadResult;
import org.wirebench.server.load.LoadDriver;
import org.wirebench.server.load.LoadPlan;
import org.wirebench.server.load.TargetUrls;

/** {@code wirebench load --target}: checks the URL and the driver's options, loads it, reports. */
final class OneUrlLoad {
  private final LoadCommand cmd;

  OneUrlLoad(LoadCommand cmd) {
    this.cmd = cmd;
  }

  /** Runs the load once the options every load takes are checked; the exit code. */
  int call() throws Exception {
    checkTarget();
    int users;
    try {
      users = cmd.scenarioOptions.oneUrlUsers();
    } catch (IllegalArgumentException e) {
      throw cmd.bad(e.getMessage());
    }
    Integer selectors = cmd.selectors;
    if (selectors != null && (selectors < 1 || selectors > 64)) {
      throw cmd.bad("--selectors must be 1..64, was " + selectors);
    }
    return run(users);
  }

  /** Refuses a --target the driver cannot load. */
  void checkTarget() {
    String problem = TargetUrls.problem(cmd.mode.target, false);
    if (problem != null) {
      // an https URL too: the driver's own HTTP/1.1 engine has no TLS, never sent as plain text
      throw cmd.bad("--target: " + problem);
    }
  }

  private int run(int users) throws Exception {
    LoadPlan plan =
        new LoadPlan(cmd.mode.target)
            .users(users)
            .rate(cmd.rate)
            .timed(
                cmd.warmup == null ? LoadPlan.DEFAULT_WARMUP : cmd.warmup,
                cmd.duration == null ? LoadPlan.DEFAULT_DURATION : cmd.duration)
            .thinkTime(cmd.thinkTime.toMillis(), cmd.thinkDeviation.toMillis())
            .rampUp(cmd.rampUp)
            .expectStatus(cmd.expectStatus)
            .lengthTolerance(cmd.lengthTolerance)
            .timeout(cmd.timeout)
            .encoding(cmd.encoding());
    if (cmd.selectors != null) {
      plan.selectors(cmd.selectors);
    }
    LoadDriver driver = new LoadDriver(plan);
    LoadResult r = driver.run(System.err);
    OneUrlOutput.print(r, driver, System.out, System.err);
    OneUrlOutput.write(r, driver, cmd.json, cmd.hlog);
    return cmd.verdict(r.requests(), r.errorRate(), r.errorCount());
  }
}
