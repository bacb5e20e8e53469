package org.wirebench.server.load.wire;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the host's network commands (ip, tc); a seam, so tests can stand in for the host. */
public interface Shell {
  /**
   * @param exit the command's exit code; -1 when it could not be started or did not end in time
   * @param output its stdout and stderr, as one text
   */
  record Result(int exit, String output) {
    public boolean ok() {
      return exit == 0;
    }

    /** The first line that says something, for one-line messages. */
    public String firstLine() {
      return output.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
    }
  }

  Result run(List<String> command);

  /** Runs {@code command} and fails with its first line of output when it exits other than 0. */
  default String check(List<String> command) throws IOException {
    Result r = run(command);
    if (!r.ok()) {
      throw new IOException(String.join(" ", command) + " failed: " + r.firstLine());
    }
    return r.output();
  }

  /** This host's processes, each given 20 s. */
  static Shell system() {
    return command -> {
      try {
        Process p =
            new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        p.getOutputStream().close();
        // these commands print little (well under a pipe's 64 KiB), so waiting first cannot block
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          return new Result(-1, String.join(" ", command) + " did not end within 20 s");
        }
        InputStream in = p.getInputStream();
        return new Result(p.exitValue(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
      } catch (IOException e) {
        return new Result(-1, "cannot run " + command.get(0) + ": " + e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new Result(-1, String.join(" ", command) + " interrupted");
      }
    };
  }
}
