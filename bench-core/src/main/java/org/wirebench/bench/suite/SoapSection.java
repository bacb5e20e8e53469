package org.wirebench.bench.suite;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.wirebench.bench.report.RunRecord.Benchmark;

/**
 * The SOAP databinding part of {@code report.md}: per operation, time per echo against array size
 * for each stack, each stack relative to {@code stax-raw}, and ADB against the two JAXB stacks
 * beside the WSO2 study's claims.
 */
final class SoapSection {
  private static final List<String> STACKS =
      List.of("axis2-adb", "axis2-jaxb", "cxf-jaxb", "stax-raw");

  /** operation, then size, then stack. */
  private final Map<String, Map<Integer, Map<String, Benchmark>>> runs = new TreeMap<>();

  SoapSection(Collection<Benchmark> results) {
    for (Benchmark r : results) {
      String stack = r.params().get("stack");
      String operation = r.params().get("operation");
      String size = r.params().get("size");
      if (stack == null || operation == null || size == null) {
        continue; // not a DatabindingBenchmark result
      }
      runs.computeIfAbsent(operation, k -> new TreeMap<>())
          .computeIfAbsent(Integer.valueOf(size), k -> new TreeMap<>())
          .put(stack, r);
    }
  }

  String render() {
    if (runs.isEmpty()) {
      return "";
    }
    StringBuilder md = new StringBuilder();
    md.append("\n# SOAP databinding (DatabindingBenchmark)\n\n")
        .append("Server side of one echo (read request envelope, bind, copy, write response), µs ")
        .append("± JMH's 99.9% half-width; in brackets, × stax-raw. The WSO2 study (2007): ADB ")
        .append("~1.5× faster than XFire/JAXB at 100 elements, ~1.7× for MeshInterfaceObjects ")
        .append("from 50 up; Axis2/JAXB slowest.\n");
    for (Map.Entry<String, Map<Integer, Map<String, Benchmark>>> op : runs.entrySet()) {
      md.append("\n## ").append(op.getKey()).append("\n\n| size |");
      for (String stack : STACKS) {
        md.append(' ').append(stack).append(" |");
      }
      md.append(" cxf-jaxb / adb | axis2-jaxb / adb | request / response bytes |\n|---:|");
      md.append("---:|".repeat(STACKS.size() + 3)).append('\n');
      for (Map.Entry<Integer, Map<String, Benchmark>> size : op.getValue().entrySet()) {
        Map<String, Benchmark> byStack = size.getValue();
        Benchmark raw = byStack.get("stax-raw");
        Benchmark adb = byStack.get("axis2-adb");
        md.append("| ").append(size.getKey()).append(" |");
        for (String stack : STACKS) {
          Benchmark r = byStack.get(stack);
          md.append(' ');
          if (r != null) {
            md.append(Scores.withError(r));
            if (raw != null && r != raw) {
              md.append(" [").append(Scores.ratio(r, raw)).append(']');
            }
          }
          md.append(" |");
        }
        md.append(' ').append(ratio(byStack.get("cxf-jaxb"), adb)).append(" |");
        md.append(' ').append(ratio(byStack.get("axis2-jaxb"), adb)).append(" |");
        Benchmark any = byStack.values().iterator().next();
        md.append(' ')
            .append(Scores.perIteration(any, "requestBytes"))
            .append(" / ")
            .append(Scores.perIteration(any, "responseBytes"))
            .append(" |\n");
      }
    }
    return md.toString();
  }

  private static String ratio(Benchmark a, Benchmark b) {
    return a == null || b == null ? "" : Scores.ratio(a, b);
  }
}
