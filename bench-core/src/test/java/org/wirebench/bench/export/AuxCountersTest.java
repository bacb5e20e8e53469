package org.wirebench.bench.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.wirebench.results.AuxSize;
import org.wirebench.results.JmhResult;
import org.wirebench.results.RunRecord;

/**
 * JMH sums an {@code @AuxCounters(EVENTS)} counter over every measured iteration. The benchmarks
 * used to set theirs to one collection's size on each call, so jmh.json said 3 × 4192 bytes for a
 * 4192-byte collection after 3 iterations, and every tool that reads jmh.json showed that. Now they
 * count events (bytes written, operations run), whose sums are true totals, and a size per
 * operation is their quotient, in the reports and the exports alike.
 */
class AuxCountersTest {
  @Test
  void aRealRunRecordsTotalsWhoseQuotientIsTheSizeOfOneCollection(@TempDir Path run)
      throws Exception {
    // a 150 ms in-process run whose timing nobody reads: another build's JMH may hold the lock
    System.setProperty("jmh.ignoreLock", "true");
    new Runner(
            new OptionsBuilder()
                .include("GeoEncodingBenchmark")
                .param("dataset", "osm_places")
                .param("codec", "floor")
                .param("count", "200")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(3)
                .measurementTime(TimeValue.milliseconds(50))
                .resultFormat(ResultFormatType.JSON)
                .result(run.resolve("jmh.json").toString())
                .build())
        .run();
    JsonNode counters =
        new ObjectMapper()
            .readTree(run.resolve("jmh.json").toFile())
            .get(0)
            .path("secondaryMetrics");
    Set<String> names = new HashSet<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = counters.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> c = it.next();
      if (c.getValue().path("scoreUnit").asText().equals("#")) {
        names.add(c.getKey());
      }
    }
    assertEquals(Set.of("operations", "bytesWritten", "featuresWritten"), names);
    double operations = counters.path("operations").path("score").asDouble();
    assertTrue(operations > 3, "operations counted: " + operations);
    // 200 places in the floor format are 4192 bytes (golden-stable)
    assertEquals(4192 * operations, counters.path("bytesWritten").path("score").asDouble());
    assertEquals(200 * operations, counters.path("featuresWritten").path("score").asDouble());

    JmhResult r = JmhResult.readAll(run.resolve("jmh.json")).get(0);
    assertEquals(4192, r.perOperation(AuxSize.BYTES_PER_COLLECTION));
    assertEquals(200, r.perOperation(AuxSize.FEATURES_PER_COLLECTION));

    java.nio.file.Files.copy(
        CompareOutputTest.recorded("base1").resolve("env.json"), run.resolve("env.json"));
    StringWriter bmf = new StringWriter();
    ExportFormat.BENCHER.write(RunRecord.read(run), bmf);
    JsonNode sizes =
        new ObjectMapper()
            .readTree(bmf.toString())
            .path("GeoEncodingBenchmark.encode codec=floor count=200 dataset=osm_places");
    assertEquals(4192, sizes.path("bytes-per-collection").path("value").asDouble());
    assertEquals(200, sizes.path("features-per-collection").path("value").asDouble());
  }

  /**
   * Every counter state of every benchmark counts operations and totals the readers know (the names
   * of {@link AuxSize}), as longs, never a legacy per-operation name.
   */
  @Test
  void everyCounterStateCountsOperationsAndTotalsTheReadersKnow() throws Exception {
    Set<String> totals = new HashSet<>();
    Set<String> legacy = new HashSet<>();
    for (AuxSize s : AuxSize.values()) {
      totals.add(s.total());
      legacy.add(s.legacy());
    }
    Set<Class<?>> states = new HashSet<>();
    for (BenchmarkListEntry b :
        BenchmarkList.defaultList()
            .getAll(
                OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT),
                List.of())) {
      String method = b.getUsername().substring(b.getUserClassQName().length() + 1);
      for (Method m : Class.forName(b.getUserClassQName()).getMethods()) {
        if (m.getName().equals(method)) {
          for (Class<?> p : m.getParameterTypes()) {
            if (p.isAnnotationPresent(AuxCounters.class)) {
              states.add(p);
            }
          }
        }
      }
    }
    for (Class<?> type : states) {
      assertEquals(
          AuxCounters.Type.EVENTS, type.getAnnotation(AuxCounters.class).value(), type::getName);
      Set<String> fields = new HashSet<>();
      for (Field f : type.getFields()) {
        if (Modifier.isStatic(f.getModifiers())) {
          continue;
        }
        assertEquals(long.class, f.getType(), f::toString);
        fields.add(f.getName());
      }
      assertTrue(fields.remove(AuxSize.OPERATIONS), type.getName() + " counts no operations");
      assertFalse(fields.isEmpty(), type::getName);
      assertTrue(totals.containsAll(fields), type.getName() + ": " + fields + " not in " + totals);
      assertFalse(fields.stream().anyMatch(legacy::contains), type::getName);
    }
    assertEquals(
        5,
        states.size(),
        "GeoEncoding, CompressionCost, BackendResponse, Raster and Databinding Sizes");
  }
}
