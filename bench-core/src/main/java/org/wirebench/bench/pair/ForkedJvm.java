package org.wirebench.bench.pair;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM of this one's class path that prints its result as one line after a marker: the pair
 * forks ({@link PairWorker}) and the warm-up traces ({@link WarmupTrace}). Each child reads its
 * standard input, which the parent holds open, and ends when it closes.
 */
final class ForkedJvm {
  private ForkedJvm() {}

  /**
   * {@code java} (null: this JVM's own), the JVM flags, this class path, the main class and its
   * arguments.
   */
  static List<String> command(Path java, List<String> jvmArgs, Class<?> main, String... args) {
    List<String> command = new ArrayList<>();
    command.add(
        java != null
            ? java.toString()
            : Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmArgs);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(main.getName());
    command.addAll(List.of(args));
    return command;
  }

  /**
   * Ends {@code p} should it still run after {@code limitMs}: a child that hangs (a deadlocked
   * set-up, a stuck library) must not hang its parent.
   */
  static void endAfter(Process p, long limitMs, String name) {
    Thread watchdog =
        new Thread(
            () -> {
              try {
                if (!p.waitFor(limitMs, TimeUnit.MILLISECONDS)) {
                  p.destroyForcibly();
                }
              } catch (InterruptedException e) {
                p.destroyForcibly();
              }
            },
            name);
    watchdog.setDaemon(true);
    watchdog.start();
  }

  /** The last line of {@code p}'s standard output after {@code marker}, less it; null if none. */
  static String result(Process p, String marker) throws IOException {
    String result = null;
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = out.readLine()) != null; ) {
        if (line.startsWith(marker)) {
          result = line.substring(marker.length());
        }
      }
    }
    return result;
  }
}
