package org.wirebench.bench.suite;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The {@code @Param} names of the benchmarks a run includes, from the list JMH's annotation
 * processor compiled into the jar: JMH applies {@code -p NAME=...} only where NAME exists and
 * ignores it elsewhere, so a misspelt name would silently run the defaults. Values are checked
 * before any fork too ({@link ParamValues}): a bad one otherwise fails in the fork's setup, after
 * minutes of other benchmarks, with a stack trace.
 */
public final class BenchmarkParams {
  private BenchmarkParams() {}

  /** Whether any benchmark matches {@code include}. */
  public static boolean matches(String include) {
    return !find(include).isEmpty();
  }

  /** Whether {@code include} matches a benchmark of the class named {@code simpleName}. */
  public static boolean runs(String include, String simpleName) {
    return find(include).stream().anyMatch(e -> e.getUserClassQName().endsWith("." + simpleName));
  }

  private static java.util.Collection<BenchmarkListEntry> find(String include) {
    PrintStream silent = new PrintStream(OutputStream.nullOutputStream());
    return BenchmarkList.defaultList()
        .find(
            OutputFormatFactory.createFormatInstance(silent, VerboseMode.SILENT),
            List.of(include),
            List.of());
  }

  /**
   * Refuses, in one line, a name no benchmark matching {@code include} has, or a value one of those
   * that have it does not take.
   *
   * @throws IllegalArgumentException naming the parameter, the value and what is valid
   */
  public static void check(String include, Map<String, String[]> params) {
    Set<String> known = names(include);
    for (Map.Entry<String, String[]> p : params.entrySet()) {
      if (!known.contains(p.getKey())) {
        throw new IllegalArgumentException(
            "-p "
                + p.getKey()
                + ": no benchmark matching '"
                + include
                + "' has that parameter; valid: "
                + String.join(", ", known));
      }
    }
    for (BenchmarkListEntry e : find(include)) {
      Map<String, String[]> declared = e.getParams().orElse(Map.of());
      for (Map.Entry<String, String[]> p : params.entrySet()) {
        if (declared.containsKey(p.getKey())) {
          for (String value : p.getValue()) {
            ParamValues.check(e.getUserClassQName(), p.getKey(), value, declared.get(p.getKey()));
          }
        }
      }
    }
  }

  /** Every parameter name of the benchmarks matching {@code include}; empty if none match. */
  public static Set<String> names(String include) {
    Set<String> names = new TreeSet<>();
    for (BenchmarkListEntry e : find(include)) {
      Map<String, String[]> params = e.getParams().orElse(Map.of());
      names.addAll(params.keySet());
    }
    return names;
  }
}
