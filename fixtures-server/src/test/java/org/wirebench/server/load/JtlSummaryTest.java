package org.wirebench.server.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.results.JmeterResult;
import org.wirebench.results.Statistic;

/**
 * A JMeter CSV results file read point by point: the warm-up dropped by time or by count, the
 * outline checks kept apart, failed samples counted by code, quoted fields read whole, and a file
 * that is not a CSV JTL refused with its reason.
 */
class JtlSummaryTest {
  private static final String HEADER =
      "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
          + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

  @TempDir Path tmp;

  /** The epoch ms the samples' times count from (2023-11-14). */
  private static final long T0 = 1_700_000_000_000L;

  /** One sample line: start ms (from T0), elapsed ms, label, code, ok, bytes, threads. */
  private static String line(long start, long elapsed, String label, String code, boolean ok) {
    String message = ok ? "" : "\"Test failed: text expected to contain /Content-Type: a, b/\"";
    return (T0 + start)
        + ","
        + elapsed
        + ","
        + label
        + ","
        + code
        + ",OK,\""
        + label
        + " 1-1\",text,"
        + ok
        + ","
        + message
        + ",1000,120,4,4,http://h/x,1,0,0";
  }

  private Path jtl(List<String> lines) throws IOException {
    List<String> all = new ArrayList<>();
    all.add(HEADER);
    all.addAll(lines);
    return Files.write(tmp.resolve("r.csv"), all);
  }

  @Test
  void dropsTheWarmupByTimeAndCountsOnlyWhatFollows() throws Exception {
    List<String> lines = new ArrayList<>();
    // 10 s of warm-up at 1 sample/100 ms, then 10 s measured at 1 sample/10 ms
    for (long t = 0; t < 10_000; t += 100) {
      lines.add(line(1_000_000 + t, 50, "a/4", "200", true));
    }
    for (long t = 10_000; t < 20_000; t += 10) {
      lines.add(line(1_000_000 + t, 2, "a/4", "200", t % 1000 != 0));
    }
    lines.add(line(1_000_000, 30, "a/4 structure", "200", true));
    JmeterResult r = JtlSummary.read(jtl(lines), "wfs", 10_000, 0, true, 1);
    assertEquals(1, r.points().size(), "the outline check is not a point of its own");
    JmeterResult.Point p = r.points().get(0);
    assertEquals(1000, p.samples());
    // every 100th measured sample failed: 10, under their code
    assertEquals(Map.of("200", 10L), p.errors());
    assertEquals(1, p.structureChecks());
    assertEquals(0, p.structureErrors());
    // 990 good samples over 9,992 ms (first start to last end)
    assertEquals(990 * 1000.0 / 9992, p.throughput(), 1e-6);
    assertEquals(2.0, p.latencyMs().get(Statistic.MEAN), 1e-9);
    assertEquals(4, p.users());
  }

  @Test
  void dropsACountedWarmupByCountAndNamesErrorCodes() throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      lines.add(line(2_000_000 + i * 10L, 5, "s/ints/100", i < 20 ? "500" : "200", i >= 20));
    }
    lines.add(line(2_000_000, 5, "s/ints/100 structure", "200", false));
    JmeterResult r = JtlSummary.read(jtl(lines), "soap", 0, 20, true, 2);
    JmeterResult.Point p = r.points().get(0);
    assertEquals(80, p.samples(), "the first 20 (the warm-up requests) dropped");
    assertTrue(p.errors().isEmpty(), p.errors().toString());
    assertEquals(1, p.structureErrors());
    assertEquals(1, p.errorCount(), "a failed outline check is an error of the point");
    assertEquals(8, p.users(), "two engines, four threads each");
  }

  @Test
  void timestampsAtTheEndAreTurnedIntoStarts() throws Exception {
    // the same sample written with its end time: 1,000,050 - 50 = its start
    Path file = jtl(List.of(line(1_000_050, 50, "a/1", "200", true)));
    JmeterResult r = JtlSummary.read(file, "wfs", 0, 0, false, 1);
    assertEquals(1, r.points().get(0).samples());
    assertEquals(50, r.points().get(0).durationMs());
  }

  @Test
  void refusesWhatIsNotACsvJtl() throws Exception {
    Path xml = Files.writeString(tmp.resolve("r.jtl"), "<?xml version=\"1.0\"?><testResults/>");
    IOException e =
        assertThrows(IOException.class, () -> JtlSummary.read(xml, "wfs", 0, 0, true, 1));
    assertTrue(e.getMessage().contains("output_format=csv"), e.getMessage());
    Path noLabel = Files.writeString(tmp.resolve("n.csv"), "timeStamp,elapsed\n1,2\n");
    e = assertThrows(IOException.class, () -> JtlSummary.read(noLabel, "wfs", 0, 0, true, 1));
    assertTrue(e.getMessage().contains("no column label"), e.getMessage());
    Path empty = Files.writeString(tmp.resolve("e.csv"), HEADER + "\n");
    e = assertThrows(IOException.class, () -> JtlSummary.read(empty, "wfs", 0, 0, true, 1));
    assertTrue(e.getMessage().contains("no samples"), e.getMessage());
    Path bad = jtl(List.of(line(1, 1, "a", "200", true).replaceFirst("^\\d+,", "x,")));
    e = assertThrows(IOException.class, () -> JtlSummary.read(bad, "wfs", 0, 0, true, 1));
    assertTrue(e.getMessage().contains("line 2"), e.getMessage());
  }

  @Test
  void quotedFieldsKeepTheirCommasAndQuotes() {
    assertEquals(List.of("1", "a, \"b\"", "", "c"), JtlSummary.fields("1,\"a, \"\"b\"\"\",,c"));
  }

  /**
   * A value JMeter never writes is refused with its file and line, not read: a negative time or
   * size (was read into a negative mean), a sample longer than the histogram's hour (was clamped
   * into it, its mean not), a success that is neither true nor false (was counted as a failure).
   */
  @Test
  void valuesJmeterNeverWritesAreRefusedWithTheirLine() throws Exception {
    String good = line(1_000_000, 5, "a/4", "200", true);
    Map<String, String> bad =
        Map.of(
            "elapsed -50 is negative", line(1_000_010, -50, "a/4", "200", true),
            "elapsed 1000000000000 is above 3600000 ms",
                line(1_000_010, 1_000_000_000_000L, "a/4", "200", true),
            "bytes -1000 is negative",
                line(1_000_010, 5, "a/4", "200", true).replace(",1000,120,", ",-1000,120,"),
            "Latency -3 is negative",
                line(1_000_010, 5, "a/4", "200", true).replace(",1,0,0", ",-3,0,0"),
            "success 'yes' is neither true nor false",
                line(1_000_010, 5, "a/4", "200", true).replace(",text,true,", ",text,yes,"),
            "success 'TRUE' is neither true nor false",
                line(1_000_010, 5, "a/4", "200", true).replace(",text,true,", ",text,TRUE,"));
    for (Map.Entry<String, String> e : bad.entrySet()) {
      Path f = jtl(List.of(good, e.getValue()));
      IOException x =
          assertThrows(
              IOException.class, () -> JtlSummary.read(f, "wfs", 0, 0, true, 1), e.getKey());
      assertTrue(x.getMessage().startsWith(f + " line 3: " + e.getKey()), x.getMessage());
    }
    // the longest sample read is an hour, read as it is
    Path hour = jtl(List.of(good, line(1_000_010, 3_600_000, "a/4", "200", true)));
    JmeterResult r = JtlSummary.read(hour, "wfs", 0, 0, true, 1);
    assertEquals(3_600_000, r.points().get(0).latencyMs().get(Statistic.MAX), 3_600);
  }
}
