package org.wirebench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The reports, the pairs and the recorders find a benchmark's results by its name; each name is a
 * {@link BenchmarkMethod} constant of its benchmark class, and each constant names a method JMH
 * compiled as a benchmark, so a rename fails here instead of leaving a report section empty.
 */
class BenchmarkNamesTest {
  /** A string literal that is a benchmark's result name ("GeoEncodingBenchmark.encode"). */
  private static final Pattern NAME_LITERAL = Pattern.compile("\"(\\w+Benchmark\\.\\w+)\"");

  @Test
  void eachConstantNamesABenchmarkMethodOfItsOwnClass() throws Exception {
    List<String> checked = new ArrayList<>();
    for (Class<?> type : benchmarkClasses()) {
      for (Field f : type.getDeclaredFields()) {
        if (f.getType() != BenchmarkMethod.class || !Modifier.isStatic(f.getModifiers())) {
          continue;
        }
        BenchmarkMethod m = (BenchmarkMethod) f.get(null);
        assertEquals(type, m.type(), f + " names another class's method");
        assertTrue(
            Arrays.stream(type.getMethods())
                .anyMatch(
                    method ->
                        method.getName().equals(m.method())
                            && method.isAnnotationPresent(Benchmark.class)),
            f + ": " + type.getName() + " has no @Benchmark method " + m.method());
        checked.add(m.name());
      }
    }
    // what the reports, the pairs and the size recorder look up
    assertTrue(
        checked.containsAll(
            List.of(
                "GeoEncodingBenchmark.encode",
                "DatabindingBenchmark.echo",
                "VoidEchoBenchmark.echo",
                "BackendResponseBenchmark.gateway",
                "BackendResponseBenchmark.decode",
                "GatewayJsonBenchmark.writeJson",
                "RasterBenchmark.map")),
        checked::toString);
  }

  @Test
  void noMainSourceNamesABenchmarkByAStringLiteral() throws Exception {
    Path main = Path.of("src", "main", "java");
    assertTrue(Files.isDirectory(main), main.toAbsolutePath() + ": run from bench-core");
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(main)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Matcher m = NAME_LITERAL.matcher(Files.readString(f));
        while (m.find()) {
          found.add(main.relativize(f) + ": " + m.group());
        }
      }
    }
    assertEquals(List.of(), found, "use the benchmark class's BenchmarkMethod constant");
  }

  /** Every class with a benchmark JMH's annotation processor compiled into this module. */
  private static Set<Class<?>> benchmarkClasses() throws ClassNotFoundException {
    Set<String> names = new TreeSet<>();
    for (BenchmarkListEntry e :
        BenchmarkList.defaultList()
            .getAll(
                OutputFormatFactory.createFormatInstance(
                    new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT),
                List.of())) {
      names.add(e.getUserClassQName());
    }
    Set<Class<?>> classes = new java.util.LinkedHashSet<>();
    for (String n : names) {
      classes.add(Class.forName(n));
    }
    assertTrue(classes.size() >= 7, names::toString);
    return classes;
  }
}
