package org.wirebench.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code serve} run again in a server JVM of its own (another {@code --java}, or a JVM profile's
 * flags): its output passed on line by line, its exit this command's.
 */
final class ServeInOwnJvm {
  private ServeInOwnJvm() {}

  /**
   * Starts {@code java} (null: this JVM's launcher) with {@code profile}'s flags on serve's {@code
   * serveArgs} and waits for it: its exit code, 2 when it refused its options before it served.
   */
  static int run(Path java, JvmProfile profile, List<String> serveArgs) throws Exception {
    Process child =
        new ProcessBuilder(ServerProcess.command(java, profile, serveArgs))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start(); // stdin stays a pipe to this JVM: the child exits when this one dies
    Runtime.getRuntime().addShutdownHook(new Thread(child::destroy));
    // its output passed on line by line, watching for the line that says it serves
    AtomicBoolean served = new AtomicBoolean();
    Thread copy =
        new Thread(
            () -> {
              try (BufferedReader out =
                  new BufferedReader(
                      new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                  if (line.contains(ServerProcess.READY)) {
                    served.set(true);
                  }
                  System.out.println(line);
                  System.out.flush();
                }
              } catch (IOException e) {
                // the child ended: nothing more to pass on
              }
            },
            "server-stdout");
    copy.setDaemon(true);
    copy.start();
    int code = child.waitFor();
    copy.join(10_000);
    if (!served.get() && code == 2) {
      // it refused its options in one line on the stderr it shares with this JVM (ServeMemory)
      return 2;
    }
    if (!served.get()) {
      // it never served: whatever its code (a launcher that exits 0 included), serve failed
      throw new IOException(
          "the server JVM ("
              + (java == null ? ServerProcess.currentJava() : java)
              + ", JVM profile "
              + profile.cliName()
              + ") exited with "
              + code
              + " before it served");
    }
    return code;
  }
}
