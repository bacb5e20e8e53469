package org.wirebench.bench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.wirebench.bench.suite.IncompleteRuns;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code wirebench discard-incomplete [ROOT]}: removes what killed suite runs left behind. */
@Command(
    name = "discard-incomplete",
    mixinStandardHelpOptions = true,
    description =
        "Remove the tmp-* folders that killed suite runs left under a results root, naming each;"
            + " complete runs are never touched.")
final class DiscardIncompleteCommand implements Callable<Integer> {
  @Parameters(
      index = "0",
      arity = "0..1",
      defaultValue = "jmh-results",
      paramLabel = "ROOT",
      description = "the results root (default: ${DEFAULT-VALUE})")
  Path root;

  @Override
  public Integer call() throws Exception {
    List<Path> runs = IncompleteRuns.find(root);
    for (Path run : runs) {
      IncompleteRuns.delete(run);
      System.out.println("removed " + run);
    }
    System.out.println(runs.size() + " incomplete run(s) removed under " + root);
    return 0;
  }
}
