package org.wirebench.bench.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The load scenarios' part of report.md, read from the run folder's {@code load-*.json} (written by
 * the fixtures-server jar; read as JSON trees, since bench-core does not link that module). Tables
 * in the studies' shape: WFS format × concurrency (req/s and mean ms), SOAP operation and size ×
 * stack (req/s).
 */
final class LoadSection {
  private final Map<String, JsonNode> scenarios;

  LoadSection(Map<String, JsonNode> scenarios) {
    this.scenarios = scenarios;
  }

  static LoadSection read(Path folder) throws IOException {
    Map<String, JsonNode> found = new LinkedHashMap<>();
    ObjectMapper json = new ObjectMapper();
    for (String name : new String[] {"wfs", "soap"}) {
      Path file = folder.resolve("load-" + name + ".json");
      if (Files.isRegularFile(file)) {
        found.put(name, json.readTree(file.toFile()));
      }
    }
    return new LoadSection(found);
  }

  /** Per scenario, how its server JVM was started (profile, flags, java). */
  Map<String, Object> serverJvms() {
    Map<String, Object> out = new LinkedHashMap<>();
    scenarios.forEach(
        (name, json) -> {
          Map<String, Object> s = new LinkedHashMap<>();
          JsonNode server = json.path("server");
          s.put("jvmProfile", server.path("jvmProfile").asText("external"));
          s.put("jvmFlags", server.path("jvmFlags").toString());
          s.put("java", server.path("java").asText("unknown"));
          out.put(name, s);
        });
    return out;
  }

  String render() {
    StringBuilder md = new StringBuilder("\n## Under load (fixture server)\n\n");
    if (scenarios.isEmpty()) {
      return md.append("Not run (suite started with `--load none`).\n").toString();
    }
    for (Map.Entry<String, JsonNode> e : scenarios.entrySet()) {
      JsonNode server = e.getValue().path("server");
      md.append(
          String.format(
              Locale.ROOT,
              "%s scenario (%s): server JVM profile `%s` %s; %d run(s) a point; %s.%n%n",
              e.getKey(),
              e.getValue().path("settings").path("mode").asText(),
              server.path("jvmProfile").asText("external"),
              server.path("jvmFlags").toString(),
              e.getValue().path("settings").path("runs").asInt(),
              e.getValue().path("settings").path("requests").asLong() > 0
                  ? e.getValue().path("settings").path("requests").asLong()
                      + " measured requests after "
                      + e.getValue().path("settings").path("warmupRequests").asLong()
                      + " thrown away"
                  : e.getValue().path("settings").path("durationMs").asLong() / 1000
                      + " s measured after "
                      + e.getValue().path("settings").path("warmupMs").asLong() / 1000
                      + " s warm-up"));
      if (e.getKey().equals("wfs")) {
        renderWfs(md, e.getValue().path("points"));
      } else {
        renderSoap(md, e.getValue().path("points"));
      }
    }
    return md.toString();
  }

  private static void renderWfs(StringBuilder md, JsonNode points) {
    Map<String, Map<String, Map<Integer, JsonNode>>> byLayer = new LinkedHashMap<>();
    Set<Integer> users = new java.util.TreeSet<>();
    for (JsonNode p : points) {
      JsonNode params = p.path("params");
      int n = params.path("users").asInt();
      users.add(n);
      byLayer
          .computeIfAbsent(params.path("layer").asText(), k -> new LinkedHashMap<>())
          .computeIfAbsent(params.path("format").asText(), k -> new LinkedHashMap<>())
          .put(n, p);
    }
    for (var layer : byLayer.entrySet()) {
      md.append("**").append(layer.getKey()).append("**: req/s (mean ms)\n\n| format | bytes |");
      users.forEach(n -> md.append(' ').append(n).append(" users |"));
      md.append("\n|---|---:|");
      users.forEach(n -> md.append("---:|"));
      md.append('\n');
      for (var format : layer.getValue().entrySet()) {
        JsonNode any = format.getValue().values().iterator().next();
        md.append("| ")
            .append(format.getKey())
            .append(" | ")
            .append(String.format(Locale.ROOT, "%,.0f", any.path("meanResponseBytes").asDouble()))
            .append(" |");
        for (int n : users) {
          md.append(cell(format.getValue().get(n), "mean"));
        }
        md.append('\n');
      }
      Map<String, Map<Integer, JsonNode>> f = layer.getValue();
      if (f.containsKey("gml32") && f.containsKey("gml2")) {
        md.append("\nGML 2 req/s ÷ GML 3.2 req/s (the study: 3.4–5.4):");
        for (int n : users) {
          JsonNode a = f.get("gml2").get(n);
          JsonNode b = f.get("gml32").get(n);
          if (a != null && b != null) {
            md.append(
                String.format(
                    Locale.ROOT,
                    " %d users %.2f;",
                    n,
                    a.path("throughput").asDouble() / b.path("throughput").asDouble()));
          }
        }
        md.append('\n');
      }
      md.append('\n');
    }
  }

  private static void renderSoap(StringBuilder md, JsonNode points) {
    Set<String> stacks = new LinkedHashSet<>();
    Map<String, Map<String, JsonNode>> rows = new LinkedHashMap<>();
    for (JsonNode p : points) {
      JsonNode params = p.path("params");
      String stack = params.path("stack").asText();
      stacks.add(stack);
      String row = params.path("operation").asText() + " × " + params.path("size").asInt();
      rows.computeIfAbsent(row, k -> new LinkedHashMap<>()).put(stack, p);
    }
    md.append("req/s (p99 ms), ")
        .append(points.size() == 0 ? 0 : points.get(0).path("params").path("users").asInt())
        .append(" concurrent users\n\n| operation × size |");
    stacks.forEach(s -> md.append(' ').append(s).append(" |"));
    md.append("\n|---|");
    stacks.forEach(s -> md.append("---:|"));
    md.append('\n');
    for (var row : rows.entrySet()) {
      md.append("| ").append(row.getKey()).append(" |");
      for (String s : stacks) {
        md.append(cell(row.getValue().get(s), "p99"));
      }
      md.append('\n');
    }
    md.append('\n');
  }

  /** "req/s (latency ms)" of a point, or missing when the run has no such point. */
  private static String cell(JsonNode point, String latency) {
    return point == null
        ? " missing |"
        : String.format(
            Locale.ROOT,
            " %.0f (%.1f) |",
            point.path("throughput").asDouble(),
            point.path("latencyMs").path(latency).asDouble());
  }
}
