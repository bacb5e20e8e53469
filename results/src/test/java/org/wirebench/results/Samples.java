package org.wirebench.results;

import java.nio.file.Path;

/** The recorded runs every released format is kept as, under the checkout's src/test/runs. */
final class Samples {
  private Samples() {}

  static Path runs() {
    String root = System.getProperty("wirebench.root");
    return Path.of(root == null ? ".." : root, "src", "test", "runs");
  }
}
