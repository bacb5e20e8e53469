package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.results.JmhResult;
import org.wirebench.results.RunRecord;

/**
 * The report's text as issue 26 found it broken, checked on every committed run: no ratio line
 * without its values and no stray ";", no "null" for a server the run did not start, no "full
 * settings" for a run given its own options, no range below 0, every claim's ratio directed (A ÷ B)
 * and the same wherever it appears, a contents list whose links reach their headings, forks and
 * iterations stated for the JMH figures.
 */
class ReportTextTest {
  static java.util.stream.Stream<Path> committedRuns() throws Exception {
    return ReferenceReportTest.committedRuns();
  }

  /**
   * The pairs section's intro names every answer a target row can read (it said "Targets: met,
   * missed." over rows reading "inconclusive"), and the A/A group, id "calibration" in pairs.json,
   * is not shown under that name right above the calibration it is not.
   */
  @ParameterizedTest
  @MethodSource("committedRuns")
  void thePairsSectionNamesEveryTargetAnswerAndOneCalibration(Path folder) throws Exception {
    RunRecord run = RunRecord.read(folder);
    if (run.pairs() == null) {
      return;
    }
    String md = MarkdownRenderer.render(ReportWriter.build(run, "test"));
    for (org.wirebench.bench.pair.ClaimVerdict.Answer a :
        List.of(
            org.wirebench.bench.pair.ClaimVerdict.Answer.MET,
            org.wirebench.bench.pair.ClaimVerdict.Answer.MISSED,
            org.wirebench.bench.pair.ClaimVerdict.Answer.INCONCLUSIVE,
            org.wirebench.bench.pair.ClaimVerdict.Answer.NO_INTERVAL)) {
      assertTrue(
          md.contains("Targets (at most a bound): ") && md.contains(a.label() + " ("), a::label);
    }
    long named =
        md.lines()
            .filter(l -> l.startsWith("- calibration:") || l.startsWith("* calibration:"))
            .count();
    assertEquals(0, named, folder::toString);
  }

  @ParameterizedTest
  @MethodSource("committedRuns")
  void everyCommittedReportReadsWhole(Path folder) throws Exception {
    RunRecord run = RunRecord.read(folder);
    String md = MarkdownRenderer.render(ReportWriter.build(run, "test"));
    List<String> problems = problems(md);
    if (!run.benchmarks().isEmpty()) {
      if (!md.contains("(JMH: ")) {
        problems.add("JMH figures without their forks and iterations");
      }
      if (run.pairs() == null) {
        problems.addAll(sameRatioEverywhere(md));
      }
    }
    run.load()
        .forEach(
            (name, s) -> {
              if (!s.server().containsKey("jvmProfile")
                  && !md.contains("started outside this run")) {
                problems.add(name + ": an external server not said to be one");
              }
            });
    assertEquals(List.of(), problems, md);
  }

  /** What a reader would trip over in report.md; empty when nothing. */
  static List<String> problems(String md) {
    List<String> out = new ArrayList<>();
    for (String line : md.split("\n")) {
      if (line.startsWith("- ") && (line.endsWith(":") || line.endsWith(";"))) {
        out.add("a line that stops short: " + line);
      }
      if (line.matches(".*(\\snull\\b|\\bnull\\s).*")) {
        out.add("null in the text: " + line);
      }
      if (line.matches(".*\\b(full|quick) settings.*")) {
        out.add("settings called by their mode, whatever options the run had: " + line);
      }
      if (line.contains("us/op")) {
        out.add("us/op: " + line);
      }
      // "± 10%" is a band around its value, relative: only absolute half-widths can cross 0
      Matcher pm =
          Pattern.compile("(\\d+(?:\\.\\d+)?) ± (\\d+(?:\\.\\d+)?)(?![\\d.%])").matcher(line);
      while (pm.find()) {
        if (Double.parseDouble(pm.group(2)) > Double.parseDouble(pm.group(1))) {
          out.add("a range below 0, " + pm.group() + ": " + line);
        }
      }
      Matcher share = Pattern.compile("\\| (\\d+)% \\|").matcher(line);
      if (line.contains("| backend |") || line.matches("\\| \\d+ \\| (xml|protobuf|json) \\|.*")) {
        while (share.find()) {
          if (Integer.parseInt(share.group(1)) >= 100) {
            out.add("a decode share of " + share.group(1) + "%: " + line);
          }
        }
      }
      if (line.startsWith("| A/A |") && !line.contains("| = 1 ± ")) {
        out.add("the A/A check not claimed as no difference within its band: " + line);
      }
      if (line.startsWith("| codec | µs/collection |") && line.contains("| ÷ floor |")) {
        out.add("a WFS floor column that does not say which floor: " + line);
      }
      if (line.contains("≤ 1.2 (judged on the pairs)")) {
        out.add("the same-bytes-floor target without where it is judged: " + line);
      }
      if (line.matches("\\| (WFS|SOAP|Backend|Raster) \\|.*")
          && line.matches(".*\\d\\.\\d\\d× \\[.*")
          && !line.contains("÷")) {
        out.add("a ratio without its direction: " + line);
      }
    }
    for (String heading : md.split("\n")) {
      if (heading.startsWith("## ") || heading.startsWith("### ")) {
        String text = heading.substring(heading.indexOf(' ') + 1);
        if (!md.contains("- [" + text + "](#" + Contents.slug(text))) {
          out.add("not in the contents: " + heading);
        }
      }
    }
    return out;
  }

  /**
   * Each JMH claim's ratio in the then-and-now table ("gml32 ÷ gml2 time 1.13× [1.05, 1.22]") is
   * printed with the same interval where its section shows it.
   */
  static List<String> sameRatioEverywhere(String md) {
    List<String> out = new ArrayList<>();
    Matcher m =
        Pattern.compile("÷ \\S+ time (?:a map )?(\\d+\\.\\d\\d× \\[[^\\]]+\\])").matcher(md);
    while (m.find()) {
      String ratio = m.group(1);
      if (md.split(Pattern.quote(ratio), -1).length - 1 < 2) {
        out.add("the claim's ratio " + ratio + " is nowhere else in the report");
      }
    }
    return out;
  }

  @Test
  void theDecodeShareIsOfTheStepsMeasuredAloneAndNeverAllOfIt() throws Exception {
    // a noisy gateway fork as fast as decoding alone: decode ÷ gateway said 100%
    List<JmhResult> results =
        List.of(
            backend("BackendResponseBenchmark.gateway", "json", 100),
            backend("BackendResponseBenchmark.decode", "json", 100),
            backend("GatewayJsonBenchmark.writeJson", null, 50));
    String md =
        MarkdownRenderer.render(ReportWriter.build(ReportChartsTest.run(results, Map.of()), "t"));
    assertTrue(md.contains("| 50 | json | 100.0 ± 1.0 | 2.00× ["), md);
    assertTrue(md.contains("| 100.0 ± 1.0 | 67% | 2000 |"), md);
    assertEquals(List.of(), problems(md));
  }

  @Test
  void flameGraphsAreLinkedAtTheTopAndInTheContents(@TempDir Path folder) throws Exception {
    Path graph =
        folder.resolve("profile/GeoEncodingBenchmark.encode-codec-gml32/flame-cpu-forward.html");
    Files.createDirectories(graph.getParent());
    Files.writeString(graph, "<html></html>");
    RunRecord base = ReportChartsTest.run(List.of(), Map.of());
    RunRecord run = new RunRecord(folder, base.env(), List.of(), Map.of(), null, null, null, null);
    String md = MarkdownRenderer.render(ReportWriter.build(run, "t"));
    int link =
        md.indexOf("](profile/GeoEncodingBenchmark.encode-codec-gml32/flame-cpu-forward.html)");
    assertTrue(link > 0, md);
    assertTrue(link < md.indexOf("## Then and now"), "linked before the studies: " + md);
    assertTrue(md.contains("- [Flame graphs (async-profiler)](#flame-graphs-async-profiler)"), md);
    String html = HtmlRenderer.render(ReportWriter.build(run, "t"));
    assertTrue(html.contains("<h2 id=\"flame-graphs-async-profiler\">"), html);
    assertTrue(html.contains("<a href=\"#flame-graphs-async-profiler\">"), html);
  }

  @Test
  void anchorsAreGitHubs() {
    assertEquals("osm_mainroads--200-features", Contents.slug("osm_mainroads × 200 features"));
    assertEquals(
        "wfs-encoding-geoencodingbenchmark", Contents.slug("WFS encoding (GeoEncodingBenchmark)"));
    assertEquals(
        "end-to-end-the-studys-table-finding-scenario",
        Contents.slug("End to end: the study's table (finding scenario)"));
  }

  @Test
  void theProblemsOfTheOldTextAreCaught() {
    String old =
        "- protobuf trans/s ÷ XML trans/s (the study, with think time: 214 / 203 = 1.05):\n"
            + "- GML 2 req/s ÷ GML 3.2 req/s (the study: 3.4–5.4): users 4 0.98; users 8 0.96;\n"
            + "quick settings: 1 run(s) a point; server JVM profile `external` null.\n"
            + "| 50 | json | 245.9 ± 152.8 (wide) [2.72 ± 1.69] | 245.0 ± 35.0 | 100% | 2826 |\n"
            + "| gml32 | 290.3 ± 547.3 (wide) | 223054 |\n"
            + "| A/A | The same workload against itself: no difference (the method's own check) |"
            + " reference ÷ reference-again | ≥ 1.00 | 1.01× [0.96, 1.07] | holds: no difference"
            + " |\n"
            + "| codec | µs/collection | bytes | gzip bytes | alloc B/op | ÷ floor |\n"
            + "Targets: ours ÷ its same-bytes floor ≤ 1.2 (judged on the pairs).\n";
    assertEquals(9, problems(old).size(), problems(old)::toString);
  }

  private static JmhResult backend(String name, String format, double score) {
    Map<String, String> params = new TreeMap<>();
    params.put("items", "50");
    if (format != null) {
      params.put("backendFormat", format);
    }
    double[] raw = {score - 1, score, score + 1, score};
    return new JmhResult(name, params, "avgt", "us/op", score, 1.0, raw, 1, Map.of());
  }
}
