package org.wirebench.bench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.wirebench.bench.suite.IncompleteRuns;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code wirebench discard-incomplete [ROOT]}: removes what killed suite runs and commands left
 * behind.
 */
@Command(
    name = "discard-incomplete",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description =
        "Remove the tmp-* folders that killed suite runs left under a results root, and the"
            + " tmp-* files killed commands (load --out, an --out FILE) left in it or in a folder"
            + " directly under it, naming each; complete runs, a temporary file whose command"
            + " still runs, and a tmp-* folder without the marker a run writes first or holding"
            + " a file no run writes, are never touched (each such folder is named on stderr)."
            + " A temporary file named before names carried the writer's process id"
            + " (tmp-NAME.RANDOM, not tmp-NAME.PIDpRANDOM) is kept too, as whether its command"
            + " still runs cannot be told: stderr names it with the rm command that removes it.")
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
    java.io.PrintWriter out = spec.commandLine().getOut();
    java.io.PrintWriter err = spec.commandLine().getErr();
    int removed = 0;
    int kept = 0;
    for (Path run : IncompleteRuns.find(root)) {
      // only what a killed wirebench run left: another tool's tmp-* folder is named, not removed
      String why = IncompleteRuns.discard(run);
      if (why != null) {
        err.println("kept " + run + ": " + why);
        kept++;
        continue;
      }
      out.println("removed " + run);
      removed++;
    }
    // what a command killed with -9 left beside the files it wrote (load --out's tmp-load-*)
    org.wirebench.bench.suite.KilledTempFiles.Found temps =
        org.wirebench.bench.suite.KilledTempFiles.find(root);
    for (Path f : temps.ended()) {
      Files.deleteIfExists(f);
      out.println("removed " + f);
    }
    for (String why : temps.kept()) {
      err.println("kept " + why);
    }
    out.println(
        removed
            + " incomplete run(s) removed under "
            + root
            + (kept == 0
                ? ""
                : "; " + kept + " tmp-* folder(s) kept, still written or not a wirebench run's")
            + (temps.ended().isEmpty() && temps.kept().isEmpty()
                ? ""
                : "; "
                    + temps.ended().size()
                    + " temporary file(s) of killed commands removed"
                    + (temps.kept().isEmpty() ? "" : ", " + temps.kept().size() + " kept")));
    return 0;
  }
}
