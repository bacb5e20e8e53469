package org.wirebench.bench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.wirebench.bench.report.ReportWriter;
import org.wirebench.bench.suite.IncompleteRuns;
import org.wirebench.results.NewFiles;
import org.wirebench.results.OwnFiles;
import org.wirebench.results.PathKind;
import org.wirebench.results.RunFiles;
import org.wirebench.results.RunRecord;
import org.wirebench.results.UnreadableRunException;
import org.wirebench.server.UnusedOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code wirebench report RUN}: report.html and report.md of a results folder. A run folder is
 * never changed in place: without --out the run's own report is only checked (the same bytes: up to
 * date) or, when one is missing, added; a report that differs is refused, never replaced.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description =
        "Write report.html (self-contained: inline SVG charts and CSS) and report.md for a results"
            + " folder into --out DIR (over a report DIR holds already only with --replace); without"
            + " --out, check RUN's own (written by the run) against"
            + " its files: up to date (exit 0), added if missing, refused if they differ (exit"
            + " 2: a run's files are never replaced). Either is titled with the run's id, which"
            + " its own report names: a copy of a run folder under another name is reported as"
            + " the run it holds.")
final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN", description = "a folder under jmh-results/")
  Path run;

  @Option(
      names = "--out",
      description =
          "where to write them (a folder in no run's folder; one that holds a report already is"
              + " refused unless --replace; default: check RUN's own, never replacing them)")
  Path out;

  @Option(
      names = "--replace",
      description = "replace the report.html and report.md an earlier report left in --out DIR")
  boolean replace;

  @Override
  public Integer call() throws Exception {
    boolean inPlace = out == null || sameFolder(out, run);
    RunRecord record = RunRecord.read(run).withResults();
    if (inPlace) {
      UnusedOptions.refuse(
          spec,
          "--replace",
          out == null ? "no --out" : "--out " + out,
          "a run's own report is never replaced; name another folder with --out");
    }
    if (!inPlace) {
      // a file, a folder that cannot be made or one inside a run's folder: bad usage before any
      // work, not a failed run; checked once RUN was read
      OutputFile.folder(spec.commandLine(), "--out", out);
    }
    List<String> names = List.of(RunFiles.REPORT_HTML, RunFiles.REPORT_MD);
    if (!inPlace && replace) {
      for (String name : names) {
        // --replace renames a new file over an earlier report's: over a folder it failed after
        // the work, the other file already replaced, and a FIFO's reader never got it (compare's
        // and export's --out FILE refuse both alike)
        String notAFile = PathKind.notAFile(out.resolve(name));
        if (notAFile != null && Files.exists(out.resolve(name))) {
          throw new CommandLine.ParameterException(
              spec.commandLine(),
              "--out "
                  + out
                  + ": "
                  + notAFile
                  + ": --replace replaces only an earlier report's files; choose another folder");
        }
      }
    }
    if (!inPlace && !replace) {
      List<String> taken = NewFiles.taken(out, names);
      if (!taken.isEmpty()) {
        // as compare and export refuse an existing --out FILE: a report is never replaced unasked
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "--out "
                + out
                + " already holds "
                + String.join(" and ", taken)
                + ": choose another folder, or add --replace to replace them");
      }
    }
    // only once the run was read: a refusal stays one line beside runs killed ones left
    Path parent = run.toAbsolutePath().normalize().getParent();
    if (parent != null) {
      IncompleteRuns.warn(parent, System.err);
    }
    // one rule for every report of a run folder: titled with the run's id, which a copy of the
    // folder under another name keeps (RunId)
    RunId id = RunId.of(run);
    if (!inPlace) {
      // where the system writes, as checked (links and .. resolved as the system resolves them)
      Path where = org.wirebench.server.OutputPaths.real(out);
      if (replace) {
        ReportWriter.write(record, where, id.id());
      } else {
        // published beside nothing: a report written meanwhile is not replaced either (link(2))
        Map<String, String> rendered = ReportWriter.render(record, id.id());
        try (NewFiles files = NewFiles.create(where, List.copyOf(rendered.keySet()))) {
          for (Map.Entry<String, String> f : rendered.entrySet()) {
            Files.writeString(files.temp(f.getKey()), f.getValue());
          }
          files.publish();
        }
      }
      spec.commandLine()
          .getOut()
          .println(
              "wrote "
                  + out.resolve(RunFiles.REPORT_HTML)
                  + " and "
                  + RunFiles.REPORT_MD
                  + id.asRun());
      return 0;
    }
    return checkOwn(ReportWriter.render(record, id.id()), id);
  }

  /**
   * RUN's own report: the same bytes, or missing and added; never replaced.
   *
   * @param id the run's id, the report was rendered with
   */
  private int checkOwn(Map<String, String> rendered, RunId id) throws IOException {
    String asRun = id.asRun();
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, String> f : rendered.entrySet()) {
      Path file = run.resolve(f.getKey());
      // read as every file of a run is (OwnFiles): a link, even one to nothing (its name is
      // taken: a report cannot be added under it), a folder or a device is refused, never read
      byte[] own = OwnFiles.read(file);
      if (own == null) {
        missing.add(f.getKey());
      } else if (!Arrays.equals(own, f.getValue().getBytes(StandardCharsets.UTF_8))) {
        throw new UnreadableRunException(
            file
                + " differs from the report of "
                + run
                + "'s files as this wirebench renders it"
                + asRun
                + ": a run's files are never replaced;"
                + " write the report elsewhere with --out DIR");
      }
    }
    if (missing.isEmpty()) {
      spec.commandLine()
          .getOut()
          .println(run + ": report.html and report.md are up to date" + asRun);
      return 0;
    }
    // a missing report is added whole, next to the run's files, never over one (NewFiles)
    try (NewFiles files = NewFiles.create(run, missing)) {
      for (String n : missing) {
        Files.writeString(files.temp(n), rendered.get(n));
      }
      files.publish();
    }
    spec.commandLine()
        .getOut()
        .println(
            "wrote "
                + String.join(
                    " and ", missing.stream().map(run::resolve).map(Path::toString).toList())
                + asRun);
    return 0;
  }

  /** Whether two paths name one existing folder (links followed). */
  private static boolean sameFolder(Path a, Path b) {
    try {
      return Files.isDirectory(a) && Files.isDirectory(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }
}
