package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.wirebench.bench.geo.PayloadSizeRecorder;
import org.wirebench.bench.report.ReportWriter;
import org.wirebench.bench.report.ThenAndNowTest;
import org.wirebench.results.JmhResult;
import org.wirebench.results.PayloadSizes;
import org.wirebench.results.RunRecord;

/**
 * A real (in-process, very short) JMH run written as a results folder, with the recorded load
 * samples beside it, through both reports.
 */
class ReportFromRunTest {

  @Test
  void reportsFromARunFolder(@TempDir Path run) throws Exception {
    // a 150 ms in-process run whose timing nobody reads: another build's JMH may hold the lock
    System.setProperty("jmh.ignoreLock", "true");
    new Runner(
            new OptionsBuilder()
                .include("GeoEncodingBenchmark")
                .param("dataset", "osm_places")
                .param("codec", "floor", "gml2")
                .param("count", "200")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(3)
                .measurementTime(TimeValue.milliseconds(50))
                .resultFormat(ResultFormatType.JSON)
                .result(run.resolve("jmh.json").toString())
                .build())
        .run();
    PayloadSizeRecorder.record(JmhResult.readAll(run.resolve("jmh.json")))
        .write(run.resolve(PayloadSizes.FILE));
    EnvironmentCapture.capture(
            SuiteOptions.quick("GeoEncodingBenchmark"), null, ZonedDateTime.now(ZoneOffset.UTC))
        .write(run.resolve("env.json"));
    for (String f : new String[] {"load-wfs.json", "load-soap.json"}) {
      Files.copy(ThenAndNowTest.runs().resolve("load-v1").resolve(f), run.resolve(f));
    }
    ReportWriter.write(RunRecord.read(run), run, "test-run");
    String md = Files.readString(run.resolve("report.md"));
    // 200 places in the floor format are 4192 bytes (golden-stable); 3 iterations must not triple
    // it
    assertTrue(md.contains("| floor | "), md);
    assertTrue(md.contains(" | 4192 | "), md);
    // gzip sizes come from the run's sizes.json; gml2 ÷ the floor, with its interval
    assertTrue(
        java.util.regex.Pattern.compile(
                "\\| gml2 \\| [^|]+ \\| \\d+ \\| \\d+ \\| [^|]* \\| \\d+\\.\\d\\d× \\[[^]]+\\] \\|")
            .matcher(md)
            .find(),
        md);
    assertFalse(md.contains("GML 3.2 ÷ GML 2:"), "no gml32 in this run: no such ratio");
    // the recorded load samples: the WFS table in the study's shape and the SOAP table
    assertTrue(md.contains("| gml32 | 215,654 |"), md);
    assertTrue(md.contains("GML 2 req/s ÷ GML 3.2 req/s"), md);
    assertTrue(md.contains("| ints × 10 |"), md);
    // then and now: GML 3.2 against GML 2 needs gml32, which this run lacks
    assertTrue(md.contains("# Then and now"), md);
    assertTrue(md.contains("| *missing* |"), md);

    String html = Files.readString(run.resolve("report.html"));
    assertTrue(html.startsWith("<!DOCTYPE html>"));
    assertTrue(html.contains("<title>wirebench test-run</title>"));
    assertTrue(html.contains("<svg"), "inline charts");
    assertFalse(html.contains("<script"), "no script");
    assertFalse(html.contains("src=\"http") || html.contains("href=\"http"), "nothing fetched");
    assertTrue(html.contains("Databinding benchmarks: not in this run"), "missing shown as such");
    assertTrue(html.contains("Encoder time per collection, osm_places × 200 features"), html);
    // the same tables as report.md: the load samples have one user count, so no load chart
    assertTrue(html.contains("<tr><td>gml32</td><td>215,654</td><td>737 (10.8)</td></tr>"), html);
    assertFalse(html.contains("req/s against concurrent users"), "a line needs two points");
  }
}
