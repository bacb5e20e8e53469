package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.results.RunRecord;

/**
 * Every committed run under jmh-results/ re-renders to exactly the report.md and report.html it was
 * committed with, from its recorded files alone. Reports read records, never today's encoders
 * (ModuleBoundariesTest keeps codecs out of the report package), so this also shows that a report
 * of an old run does not change when an encoder does. After a deliberate report change, delete each
 * run's report.md and report.html, let {@code ./wirebench report RUN} write them anew (it never
 * replaces one) and commit the result.
 */
class ReferenceReportTest {
  static Stream<Path> committedRuns() throws IOException {
    String root = System.getProperty("wirebench.root");
    Path results = Path.of(root == null ? ".." : root, "jmh-results");
    try (Stream<Path> s = Files.list(results)) {
      List<Path> runs =
          s.filter(p -> Files.isRegularFile(p.resolve("env.json")))
              .filter(p -> !p.getFileName().toString().startsWith("tmp-"))
              .sorted()
              .toList();
      assertTrue(!runs.isEmpty(), "no committed runs under " + results);
      return runs.stream();
    }
  }

  @ParameterizedTest
  @MethodSource("committedRuns")
  void reRendersByteForByte(Path run) throws IOException {
    Report report = ReportWriter.build(RunRecord.read(run), run.getFileName().toString());
    assertEquals(Files.readString(run.resolve("report.md")), MarkdownRenderer.render(report));
    assertEquals(Files.readString(run.resolve("report.html")), HtmlRenderer.render(report));
  }
}
