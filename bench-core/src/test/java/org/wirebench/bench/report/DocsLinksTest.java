package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's and docs/*.md's relative links reach a file of the checkout, and each {@code
 * #anchor} a heading of its page as GitHub names it ({@link Contents#slug}, the rule report.md's
 * own links follow); and docs/results.md's contents list every section, the newest first among them
 * (the sixteenth set, the newest, was missing from it).
 */
class DocsLinksTest {
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*$");
  private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");
  private static final Pattern INLINE_LINK = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");
  private static final Pattern EXPLICIT_ANCHOR = Pattern.compile("<a (?:name|id)=\"([^\"]+)\"");

  private static Path root() {
    String root = System.getProperty("wirebench.root");
    return Path.of(root == null ? ".." : root);
  }

  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(root().resolve("README.md")));
    try (Stream<Path> docs = Files.list(root().resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  /** The page's lines outside fenced code blocks, each with its line number (1-based). */
  private static Map<Integer, String> prose(Path page) throws IOException {
    Map<Integer, String> out = new HashMap<>();
    boolean fenced = false;
    List<String> lines = Files.readAllLines(page);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.startsWith("```")) {
        fenced = !fenced;
      } else if (!fenced) {
        out.put(i + 1, line);
      }
    }
    return out;
  }

  /** The page's headings' text as GitHub renders it: links by their text, no code or emphasis. */
  private static List<String> headings(Path page, int level) throws IOException {
    List<String> out = new ArrayList<>();
    prose(page).entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(
            e -> {
              Matcher m = HEADING.matcher(e.getValue());
              if (m.matches() && (level == 0 || m.group(1).length() == level)) {
                String text = INLINE_LINK.matcher(m.group(2)).replaceAll("$1");
                out.add(text.replace("`", "").replace("*", ""));
              }
            });
    return out;
  }

  /** Every anchor GitHub gives the page: each heading's slug, "-1", "-2" … after the first. */
  private static Set<String> anchors(Path page) throws IOException {
    Set<String> out = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String heading : headings(page, 0)) {
      String slug = Contents.slug(heading);
      int n = seen.merge(slug, 1, Integer::sum) - 1;
      out.add(n == 0 ? slug : slug + "-" + n);
    }
    for (String line : prose(page).values()) {
      Matcher m = EXPLICIT_ANCHOR.matcher(line);
      while (m.find()) {
        out.add(m.group(1));
      }
    }
    return out;
  }

  @Test
  void everyRelativeLinkAndAnchorResolves() throws IOException {
    Map<Path, Set<String>> anchors = new HashMap<>();
    List<String> broken = new ArrayList<>();
    for (Path page : pages()) {
      for (Map.Entry<Integer, String> line : prose(page).entrySet()) {
        Matcher m = LINK.matcher(CODE_SPAN.matcher(line.getValue()).replaceAll(""));
        while (m.find()) {
          String target = m.group(1);
          if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
            continue; // http:, https:, mailto: are not the checkout's
          }
          int hash = target.indexOf('#');
          String path = hash < 0 ? target : target.substring(0, hash);
          Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
          String where = root().relativize(page) + ":" + line.getKey() + ": " + target;
          if (!Files.exists(file)) {
            broken.add(where + " (no such file)");
          } else if (hash >= 0 && file.toString().endsWith(".md")) {
            Set<String> known = anchors.get(file);
            if (known == null) {
              known = anchors(file);
              anchors.put(file, known);
            }
            if (!known.contains(target.substring(hash + 1))) {
              broken.add(where + " (no such heading)");
            }
          }
        }
      }
    }
    assertEquals(List.of(), broken);
  }

  @Test
  void resultsContentsListEverySection() throws IOException {
    Path results = root().resolve("docs/results.md");
    StringBuilder contents = new StringBuilder();
    for (String line : Files.readAllLines(results)) {
      if (line.startsWith("## ")) {
        break;
      }
      contents.append(line).append('\n');
    }
    Set<String> listed = new HashSet<>();
    Matcher m = LINK.matcher(contents);
    while (m.find()) {
      listed.add(m.group(1));
    }
    List<String> missing =
        headings(results, 2).stream()
            .filter(h -> !listed.contains("#" + Contents.slug(h)))
            .toList();
    assertEquals(List.of(), missing, "sections of docs/results.md missing from its contents");
  }
}
