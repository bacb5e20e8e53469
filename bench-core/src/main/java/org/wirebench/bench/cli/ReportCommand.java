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
import org.wirebench.results.RunRecord;
import org.wirebench.results.UnreadableRunException;
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
    description =
        "Write report.html (self-contained: inline SVG charts and CSS) and report.md for a results"
            + " folder into --out DIR; without --out, check RUN's own (written by the run) against"
            + " its files: up to date (exit 0), added if missing, refused if they differ (exit"
            + " 2: a run's files are never replaced). A copy of a run folder under another name"
            + " is checked as the run its report names.")
final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN", description = "a folder under jmh-results/")
  Path run;

  @Option(
      names = "--out",
      description =
          "where to write them (a folder in no run's folder; default: check RUN's own, never"
              + " replacing them)")
  Path out;

  @Override
  public Integer call() throws Exception {
    boolean inPlace = out == null || sameFolder(out, run);
    if (!inPlace) {
      // a file, a folder that cannot be made or one inside a run's folder: bad usage before any
      // work, not a failed run
      OutputFile.folder(spec.commandLine(), "--out", out);
    }
    RunRecord record = RunRecord.read(run);
    // a run of pairs alone (suite --include none --load none) is a run: its claims are its results
    if (record.benchmarks().isEmpty() && record.load().isEmpty() && record.pairs() == null) {
      throw new UnreadableRunException(
          run
              + " holds no results: jmh.json is missing or empty and there is no load-*.json or"
              + " pairs.json");
    }
    // only once the run was read: a refusal stays one line beside runs killed ones left
    Path parent = run.toAbsolutePath().normalize().getParent();
    if (parent != null) {
      IncompleteRuns.warn(parent, System.err);
    }
    String name = run.toAbsolutePath().normalize().getFileName().toString();
    if (!inPlace) {
      ReportWriter.write(record, out, name);
      spec.commandLine().getOut().println("wrote " + out.resolve("report.html") + " and report.md");
      return 0;
    }
    // a report is titled with its run's id, the name the run's folder got when the run wrote it: a
    // copy of the folder under another name holds the same run, whose report names it as before
    String id = ownTitle();
    if (id == null) {
      id = name;
    }
    return checkOwn(ReportWriter.render(record, id), id, name);
  }

  /**
   * The run id RUN's own report is titled with (report.md's heading, or report.html's when there is
   * no report.md), or null when it has neither or one of another shape (then compared as is).
   */
  private String ownTitle() throws IOException {
    Path md = run.resolve("report.md");
    if (Files.isRegularFile(md)) {
      String first = firstLine(md);
      return first.startsWith(MD_TITLE) ? first.substring(MD_TITLE.length()) : null;
    }
    Path html = run.resolve("report.html");
    if (Files.isRegularFile(html)) {
      String text;
      try {
        text = Files.readString(html);
      } catch (java.nio.charset.CharacterCodingException e) {
        return null; // not a report this wirebench wrote: compared as is, and found to differ
      }
      java.util.regex.Matcher m = HTML_TITLE.matcher(text);
      if (m.find()) {
        return m.group(1)
            .replace("&quot;", "\"")
            .replace("&gt;", ">")
            .replace("&lt;", "<")
            .replace("&amp;", "&");
      }
    }
    return null;
  }

  private static final String MD_TITLE = "# wirebench: ";

  private static final java.util.regex.Pattern HTML_TITLE =
      java.util.regex.Pattern.compile("<h1>wirebench: ([^<\n]*)</h1>");

  private static String firstLine(Path file) throws IOException {
    try (java.io.BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line = r.readLine();
      return line == null ? "" : line;
    } catch (java.nio.charset.CharacterCodingException e) {
      return ""; // not a report this wirebench wrote: compared as is, and found to differ
    }
  }

  /**
   * RUN's own report: the same bytes, or missing and added; never replaced.
   *
   * @param id the run id the report was rendered with: the one RUN's report names
   * @param name RUN's folder name
   */
  private int checkOwn(Map<String, String> rendered, String id, String name) throws IOException {
    String asRun =
        id.equals(name)
            ? ""
            : " (as run "
                + id
                + ", the id its report names: the folder's name "
                + name
                + " is not part of the comparison)";
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, String> f : rendered.entrySet()) {
      Path file = run.resolve(f.getKey());
      if (!Files.exists(file) && Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        // a link whose target is gone: not missing (the name is taken, a new report cannot be
        // added under it), and not the run's report either
        throw new UnreadableRunException(file + " is a link to nothing, not a file");
      }
      if (!Files.exists(file)) {
        missing.add(f.getKey());
      } else if (!Files.isRegularFile(file)
          || !Arrays.equals(
              Files.readAllBytes(file), f.getValue().getBytes(StandardCharsets.UTF_8))) {
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
