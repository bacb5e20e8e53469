package org.wirebench.bench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.wirebench.bench.suite.IncompleteRuns;
import picocli.CommandLine;
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

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (!Files.isDirectory(root)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          root
              + (Files.exists(root) ? " is not a folder" : " does not exist")
              + ": no results root");
    }
    List<Path> runs = IncompleteRuns.find(root);
    for (Path run : runs) {
      IncompleteRuns.delete(run);
      System.out.println("removed " + run);
    }
    System.out.println(runs.size() + " incomplete run(s) removed under " + root);
    return 0;
  }
}
