package org.wirebench.bench.suite;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.wirebench.bench.geo.GeoEncodingBenchmark;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.finding.FindingGenerator;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.codec.SameBytesFloor;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapStacks;
import org.wirebench.server.CliValues;

/**
 * The values a benchmark's {@code @Param} takes, as its setup will look them up: a registered name
 * where the setup asks a registry (so a codec a library user registers is taken, as the archetype's
 * {@code -p codec=csv}), a whole number in the documented range for a number, else one of the
 * values the {@code @Param} declares. A number is written in its one decimal spelling (ASCII
 * digits, no sign but a minus, no leading zero), as the results record it.
 */
final class ParamValues {
  private ParamValues() {}

  /** Looked up as the benchmarks' setups look them up, by parameter name. */
  private static final Map<String, Consumer<String>> REGISTRIES =
      Map.of(
          "dataset", Datasets::get,
          "stack", SoapStacks::get,
          "backendFormat", BackendFormats::get);

  /** The geo codecs and their same-bytes floors, GeoEncodingBenchmark's {@code codec}. */
  private static final String GEO_BENCHMARK = GeoEncodingBenchmark.class.getName();

  /** Whole-number parameters: the ranges their fields document, inclusive. */
  private static final Map<String, long[]> RANGES =
      Map.of(
          "count", new long[] {1, Datasets.GENERATED_SIZE},
          "items", new long[] {0, FindingGenerator.MAX_ITEMS},
          "size", new long[] {Operation.MIN_SIZE, Operation.MAX_SIZE});

  /** RasterBenchmark's pyramid is built for these upscales only. */
  private static final Map<String, List<String>> CHOICES =
      Map.of("upscale", List.of("1", "2", "4"));

  /**
   * @throws IllegalArgumentException in one line: the parameter, the value, what is valid
   */
  static void check(String benchmarkClass, String name, String value, String[] declared) {
    String simple = benchmarkClass.substring(benchmarkClass.lastIndexOf('.') + 1);
    String prefix = "-p " + name + "=" + value + ": ";
    if (benchmarkClass.equals(GEO_BENCHMARK) && name.equals("codec")) {
      try {
        SameBytesFloor.codecOrFloor(value);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            prefix
                + e.getMessage()
                + " (or a same-bytes floor: "
                + String.join(", ", SameBytesFloor.NAMES)
                + ")");
      }
      return;
    }
    Consumer<String> registry = REGISTRIES.get(name);
    if (registry != null) {
      try {
        registry.accept(value);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(prefix + e.getMessage());
      }
      return;
    }
    List<String> choices = CHOICES.get(name);
    if (choices != null) {
      if (!choices.contains(value)) {
        throw new IllegalArgumentException(
            prefix + simple + " takes " + String.join(", ", choices));
      }
      return;
    }
    if (isWholeNumber(benchmarkClass, name)) {
      long[] range = RANGES.getOrDefault(name, new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE});
      long n;
      try {
        n = CliValues.whole(value);
      } catch (NumberFormatException e) {
        n = Long.MIN_VALUE;
      }
      // the value is recorded as written and names the variant in every report and compare:
      // Integer.parseInt also took "+200", "0200" and Arabic-Indic digits, each read as 200 by the
      // fork but a variant of its own (or no count at all) in the results
      if (!Long.toString(n).equals(value)) {
        n = Long.MIN_VALUE;
      }
      if (n < range[0] || n > range[1]) {
        throw new IllegalArgumentException(
            prefix + simple + " takes a whole number " + range[0] + ".." + range[1]);
      }
      return;
    }
    if (!List.of(declared).contains(value)) {
      throw new IllegalArgumentException(
          prefix + simple + " takes one of " + String.join(", ", declared));
    }
  }

  /** Whether the benchmark's field of that name is an int or a long (false if not found). */
  private static boolean isWholeNumber(String benchmarkClass, String name) {
    try {
      Class<?> type =
          Class.forName(benchmarkClass, false, ParamValues.class.getClassLoader())
              .getField(name)
              .getType();
      return type == int.class || type == long.class;
    } catch (ReflectiveOperationException | LinkageError e) {
      return false;
    }
  }
}
