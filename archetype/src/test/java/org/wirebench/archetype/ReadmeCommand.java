package org.wirebench.archetype;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The consumer project's command line as README.md's "Use it in your own project" gives it. */
final class ReadmeCommand {
  private ReadmeCommand() {}

  /** The README's {@code mvn …:generate …} line, continuation lines joined, split into words. */
  static List<String> of(Path readme) throws IOException {
    String text = Files.readString(readme);
    int section = text.indexOf("## Use it in your own project");
    int start = text.indexOf("```", section);
    int end = text.indexOf("```", start + 3);
    if (section < 0 || start < 0 || end < 0) {
      fail(readme + ": no command block under 'Use it in your own project'");
    }
    for (String line : text.substring(start + 3, end).replace("\\\n", " ").split("\n")) {
      String command = line.split("#", 2)[0].trim();
      if (command.startsWith("mvn ") && command.contains(":generate")) {
        return List.of(command.split("\\s+"));
      }
    }
    return fail(readme + ": no 'mvn …:generate' line under 'Use it in your own project'");
  }

  static String option(List<String> command, String name) {
    return command.stream()
        .filter(w -> w.startsWith("-D" + name + "="))
        .map(w -> w.substring(name.length() + 3))
        .findFirst()
        .orElseGet(() -> fail("no -D" + name + "= in " + command));
  }
}
