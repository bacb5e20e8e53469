package org.wirebench.suite;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Collection;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** A real (in-process, very short) JMH run through the report. */
class MarkdownReportTest {

  @Test
  void reportsSizesPerCollectionNotSummedOverIterations() throws Exception {
    Collection<RunResult> results =
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
                    .build())
            .run();
    SuiteOptions options = SuiteOptions.quick("GeoEncodingBenchmark");
    String md =
        new MarkdownReport(
                Environment.capture(options, null, ZonedDateTime.now(ZoneOffset.UTC)),
                results,
                LoadSection.read(Path.of("src/test/resources/results-v1")))
            .render();
    // 200 places in the floor format are 4192 bytes (golden-stable); 3 iterations must not triple
    // it
    assertTrue(md.contains("| floor | "), md);
    assertTrue(md.contains(" | 4192 | "), md);
    assertTrue(md.contains("- GML 3.2 / GML 2") || md.contains("× floor"), md);
    // the recorded load samples: the WFS table in the study's shape and the SOAP table
    assertTrue(md.contains("| gml32 | 215,654 |"), md);
    assertTrue(md.contains("GML 2 req/s ÷ GML 3.2 req/s"), md);
    assertTrue(md.contains("| ints × 10 |"), md);
  }
}
